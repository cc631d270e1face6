// The stand-in's dev-only switches (dev_einvoice_switches, migration 0022), kept in D1 because workerd's isolates do
// not share memory: the call that sets a switch and the calls it affects may run in different ones.
//
// - down: every API call (issue, void, search, the two checks) answers HTTP 503 with a plain-text body, as a proxy in
//   front of an unreachable service would; nothing is read or stored. With down_order_no set, only the calls about
//   that MerchantOrderNo do (issue and search type 1 by their MerchantOrderNo; void and search type 0 by the stored
//   invoice's; the two checks by the barcode or love code asked about), so tests sharing one server do not disturb
//   each other. The switch stays until turned off.
// - lost_replies: that many of the next successful issues (of any order, or only of lost_order_no) are issued and
//   stored as usual, but answered HTTP 200 with the JSON reply cut off halfway, which the store cannot read. Its
//   retry then meets LIB10003 and must find the invoice with invoice_search. Refused issues do not count.

export interface Switches {
  down: boolean;
  downOrderNo: string;
  lostReplies: number;
  lostOrderNo: string;
  updatedAt: string | null;
}

export const SWITCHES_OFF: Switches = {
  down: false,
  downOrderNo: "",
  lostReplies: 0,
  lostOrderNo: "",
  updatedAt: null,
};

/** The most replies a single POST may ask to lose. */
export const LOST_REPLIES_MAX = 100;

interface SwitchesRow {
  down: number;
  down_order_no: string;
  lost_replies: number;
  lost_order_no: string;
  updated_at: string;
}

export async function readSwitches(db: D1Database): Promise<Switches> {
  const row = await db.prepare("SELECT * FROM dev_einvoice_switches WHERE id = 1").first<SwitchesRow>();
  if (!row) return SWITCHES_OFF;
  return {
    down: row.down === 1,
    downOrderNo: row.down_order_no,
    lostReplies: row.lost_replies,
    lostOrderNo: row.lost_order_no,
    updatedAt: row.updated_at,
  };
}

export async function writeSwitches(db: D1Database, switches: Switches, now: Date): Promise<Switches> {
  const updatedAt = now.toISOString();
  await db
    .prepare(
      `INSERT INTO dev_einvoice_switches (id, down, down_order_no, lost_replies, lost_order_no, updated_at)
       VALUES (1, ?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (id) DO UPDATE SET down = excluded.down, down_order_no = excluded.down_order_no,
         lost_replies = excluded.lost_replies, lost_order_no = excluded.lost_order_no, updated_at = excluded.updated_at`,
    )
    .bind(switches.down ? 1 : 0, switches.downOrderNo, switches.lostReplies, switches.lostOrderNo, updatedAt)
    .run();
  return { ...switches, updatedAt };
}

/** Whether a call about this MerchantOrderNo (null: a call about no order, e.g. a check) is down. */
export function isDownFor(switches: Switches, merchantOrderNo: string | null): boolean {
  if (!switches.down) return false;
  return switches.downOrderNo === "" || switches.downOrderNo === merchantOrderNo;
}

/**
 * Takes one lost reply for an issue of this MerchantOrderNo, if one is due: true when this reply is to be
 * lost. One statement, so two issues never take the same one.
 */
export async function takeLostReply(db: D1Database, merchantOrderNo: string): Promise<boolean> {
  const taken = await db
    .prepare(
      `UPDATE dev_einvoice_switches SET lost_replies = lost_replies - 1
       WHERE id = 1 AND lost_replies > 0 AND (lost_order_no = '' OR lost_order_no = ?1)`,
    )
    .bind(merchantOrderNo)
    .run();
  return taken.meta.changes > 0;
}
