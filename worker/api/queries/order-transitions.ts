// Applies the order state machine (app/features/orders/order-state-machine.ts) on D1. A move is one batch: the status is set by
// compare-and-set on (status, status_seq) and stamps a move token; whatever follows the move (its event row, the
// refund mark, the stock and the coupon given back) is guarded by that token, so it happens with the move or not at all, once.
// A batch that lost the race re-reads the order and decides again; what a caller adds to the batch (an attempt's mark)
// is guarded on the order being as it was read, so it commits with the move (or the refund mark) or not at all. The
// move's mail is written in its batch, on the same condition.
import type { OrderStatus } from "~/domain/order-statuses";
import { decide, type OrderEvent } from "~/features/orders/order-state-machine";
import { log } from "~/lib/log.server";
import { queueMailAfterChange, queueMailWhen } from "../mail";
import type { ApiDatabase } from "../types";
import { noteInvoices, noteMail, type Writes } from "../writes";
import { INVOICE_VOID_COLUMNS, type InvoiceVoidColumns, invoiceVoidFacts } from "./invoice-void-facts";
import { invoiceStatementsFor } from "./order-invoices";
import { moveMailFor, refundMailFor } from "./order-mails";

interface OrderState extends InvoiceVoidColumns {
  id: number;
  status: number;
  status_seq: number;
  pay_type: number;
  has_pre_order: number;
  category_type: number;
}

export type MoveOutcome =
  | { moved: true; from: number; to: OrderStatus; refundNeeded: boolean }
  | { moved: false; refundNeeded: boolean; reason: string };

/** A SQL condition that must hold for the move, made of integers and hex only (it is written into the statement). */
export type Guard = string;

export interface MoveOptions {
  now: Date;
  /** Where what the move's batch wrote for after the reply (its mail, order-mails.ts) is noted. */
  writes: Writes;
  /** When the payment was made (ISO), for the 付款完成 mail of a "paid" move. */
  paidAt?: string;
  /** What the gateway took, for the 款項退還 mail of a payment of the wrong amount ("paid-wrong-amount"). */
  paidAmount?: number;
  /**
   * Statements that run first in the batch (an attempt's settlement, which `guard` then checks), given the SQL
   * condition "the order is as this try read it": each must hold it, so that a batch whose move (or refund mark) loses
   * its race to another change of the order commits none of them either, and the next try (or a retry) does the work.
   */
  before?: (unchanged: Guard) => D1PreparedStatement[];
  guard?: Guard;
  /**
   * Called when a payment that came anyway needs a refund: statements for the same batch (e.g. the attempt's mark),
   * given the same condition as `before`, which each must hold too (the refund mark leaves the order's status as it
   * was). The outbox ids any of them return (a `queueMailWhen`) are noted with the batch's other mail.
   */
  onRefund?: (unchanged: Guard) => D1PreparedStatement[];
  /** Statements that follow the move in its batch, given the SQL condition "this move happened" (e.g. attempts' ends). */
  after?: (moved: string) => D1PreparedStatement[];
}

const MOVE_TRIES = 5;

export const newToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
};

function readOrder(db: ApiDatabase, orderId: number) {
  return db
    .prepare(
      `SELECT id, status, status_seq, pay_type, has_pre_order, category_type, ${INVOICE_VOID_COLUMNS}
         FROM orders o WHERE id = ?1`,
    )
    .bind(orderId)
    .first<OrderState>();
}

/** One JSON line for a refund that became due: the order's id and why, never personal data. */
function logRefund(orderId: number, reason: string) {
  log.warn("order-refund", { order_id: orderId, reason });
}

/** Moves the order by `event` if the state machine allows it; refused moves change nothing but a due refund. */
export async function moveOrder(
  db: ApiDatabase,
  orderId: number,
  event: OrderEvent,
  options: MoveOptions,
): Promise<MoveOutcome> {
  const at = options.now.toISOString();
  const guard = options.guard ? ` AND ${options.guard}` : "";
  for (let tries = 0; tries < MOVE_TRIES; tries++) {
    const order = await readOrder(db, orderId);
    if (!order) return { moved: false, refundNeeded: false, reason: "no such order" };
    const facts = {
      status: order.status,
      pay_type: order.pay_type,
      has_pre_order: order.has_pre_order === 1,
      category_type: order.category_type,
      invoice: invoiceVoidFacts(order),
    };
    const decision = decide(facts, event, options.now);
    const same = `id = ${order.id} AND status = ${order.status} AND status_seq = ${order.status_seq}`;
    const asRead: Guard = `EXISTS (SELECT 1 FROM orders WHERE ${same})`;
    const before = options.before?.(asRead) ?? [];
    if (!decision.move) {
      if (!decision.refundNeeded) return { moved: false, refundNeeded: false, reason: decision.reason };
      // The buyer is told the money goes back, in the batch that marks it (款項退還).
      const told = await refundMailFor(db, options.writes, order.id, options.paidAmount);
      const marked = before.length;
      const onRefund = options.onRefund?.(asRead) ?? [];
      const results = await db.batch([
        ...before,
        db
          .prepare(`UPDATE orders SET refund_needed_at = COALESCE(refund_needed_at, ?1) WHERE ${same}${guard}`)
          .bind(at),
        ...(told ? [queueMailAfterChange(db, told, options.now.getTime())] : []),
        ...onRefund,
      ]);
      if (results[marked]?.meta.changes === 1) {
        if (told) noteMail(options.writes, results[marked + 1]);
        // Only a statement with RETURNING id (a mail) gives ids; the others give none.
        for (const result of results.slice(results.length - onRefund.length)) noteMail(options.writes, result);
      }
      if (results[marked]?.meta.changes !== 1) {
        // Either the order changed in between (decide again) or the guard does not hold (a repeat).
        if (await unchanged(db, same)) return { moved: false, refundNeeded: false, reason: "repeat" };
        continue;
      }
      logRefund(orderId, decision.reason);
      return { moved: false, refundNeeded: true, reason: decision.reason };
    }
    const token = newToken();
    const mine = `id = ${order.id} AND moved_by = '${token}'`;
    const statements = [
      ...before,
      db
        .prepare(`UPDATE orders SET status = ?1, status_seq = status_seq + 1, moved_by = ?2 WHERE ${same}${guard}`)
        .bind(decision.to, token),
      db
        .prepare(
          `INSERT INTO order_events (order_id, from_status, to_status, event, at)
           SELECT id, ?1, status, ?2, ?3 FROM orders WHERE ${mine}`,
        )
        .bind(order.status, event, at),
    ];
    if (decision.refundNeeded) {
      statements.push(
        db.prepare(`UPDATE orders SET refund_needed_at = COALESCE(refund_needed_at, ?1) WHERE ${mine}`).bind(at),
      );
    }
    if (decision.releasesStock) {
      // Reserved stock goes back once: stock_reserved is cleared in the same batch.
      statements.push(
        db.prepare(
          `UPDATE products SET stock = stock + (
             SELECT reserved FROM order_items WHERE order_id = ${order.id} AND product_id = products.id)
            WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ${order.id} AND reserved > 0)
              AND EXISTS (SELECT 1 FROM orders WHERE ${mine} AND stock_reserved = 1)`,
        ),
        db.prepare(`UPDATE orders SET stock_reserved = 0 WHERE ${mine}`),
        // So does its coupon: the member may use it again, and it no longer counts towards a capped coupon's uses.
        db.prepare(
          `DELETE FROM coupon_uses WHERE order_id = ${order.id} AND EXISTS (SELECT 1 FROM orders WHERE ${mine})`,
        ),
      );
    }
    const happened = `EXISTS (SELECT 1 FROM orders WHERE ${mine})`;
    statements.push(...(options.after?.(happened) ?? []));
    // The invoice to issue (the order is paid) or to void (a paid order ended), then the move's mail.
    const invoiceAt = statements.length;
    const invoices = await invoiceStatementsFor(db, order.id, { event, to: decision.to, now: options.now }, happened);
    statements.push(...invoices);
    const mail = await moveMailFor(db, options.writes, order.id, {
      event,
      to: decision.to,
      refundNeeded: decision.refundNeeded,
      now: options.now,
      paidAt: options.paidAt,
    });
    if (mail) statements.push(queueMailWhen(db, mail, happened, options.now.getTime()));
    const results = await db.batch(statements);
    const moved = results[before.length]?.meta.changes === 1;
    if (moved) {
      for (const [i] of invoices.entries()) noteInvoices(options.writes, results[invoiceAt + i]);
      if (mail) noteMail(options.writes, results.at(-1));
      if (decision.refundNeeded) logRefund(orderId, `${event} from status ${order.status}`);
      return { moved: true, from: order.status, to: decision.to, refundNeeded: decision.refundNeeded };
    }
    // The order changed in between (decide again), or, unchanged, the guard did not hold: a repeat.
    if (await unchanged(db, same)) return { moved: false, refundNeeded: false, reason: "repeat" };
  }
  throw new Error(`order ${orderId} kept changing while it was moved (${event})`);
}

/**
 * Whether the order is still as a try read it (`same`). A batch whose order's UPDATE changed nothing either lost its
 * race to another change of the order (then the order is not as read, and the move is decided again) or found its
 * guard false: another call did the work.
 */
async function unchanged(db: ApiDatabase, same: string): Promise<boolean> {
  return !!(await db.prepare(`SELECT 1 AS ok FROM orders WHERE ${same}`).first<{ ok: number }>());
}
