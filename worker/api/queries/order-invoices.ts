// The invoice rows an order's moves write (migration 0021), in the state machine's batch (order-transitions.ts) on its
// "this move happened" condition: the invoice to issue when the order becomes paid (none for a total of 0), and the
// wish to void it when a paid order ends. The invoice queue's consumer (worker/einvoice/) asks ezPay afterwards.

import { EinvoiceAmountError } from "~/domain/einvoice-amounts";
import type { OrderStatus } from "~/domain/order-statuses";
import * as ORDER_STATUS from "~/domain/order-statuses";
import type { OrderEvent } from "~/features/orders/order-state-machine";
import { log } from "~/lib/log.server";
import { type InvoiceOrder, InvoiceRequestError, issueRequest } from "../../einvoice/issue-request";
import type { ApiDatabase } from "../types";

/** invoice_invalid's InvalidReason (at most 6 Chinese characters, EINVOICE.md). */
export const VOID_REASON = "訂單取消";

type InvoiceOrderRow = Omit<InvoiceOrder, "details" | "items"> & { details: string };

async function readInvoiceOrder(db: ApiDatabase, orderId: number): Promise<InvoiceOrder | null> {
  const [orders, items] = await db.batch([
    db
      .prepare(
        `SELECT id, order_no, member_id, member_name, member_email, category_type, area_type, subtotal, fee, no_fee,
                discount_price, fee_extra, total_revise, total, details
           FROM orders WHERE id = ?1`,
      )
      .bind(orderId),
    db.prepare("SELECT title, quantity, price_sale FROM order_items WHERE order_id = ?1 ORDER BY rowid").bind(orderId),
  ]);
  const row = orders?.results[0] as InvoiceOrderRow | undefined;
  if (!row) return null;
  return {
    ...row,
    details: JSON.parse(row.details) as Record<string, unknown>,
    items: (items?.results ?? []) as InvoiceOrder["items"],
  };
}

/** The invoice to issue for an order that becomes paid, written when `happened` holds; none for a total of 0. */
async function issueStatement(db: ApiDatabase, orderId: number, happened: string, now: Date) {
  const order = await readInvoiceOrder(db, orderId);
  if (!order) return [];
  let request: ReturnType<typeof issueRequest>;
  try {
    request = issueRequest(order);
  } catch (error) {
    // The checkout checks every invoice choice and amount, so this is bad data: the payment still settles (a sale is
    // never blocked by its invoice), and one line says why.
    if (!(error instanceof InvoiceRequestError || error instanceof EinvoiceAmountError)) throw error;
    log.error("einvoice", { event: "no invoice written", order_id: orderId, message: error.message });
    return [];
  }
  if (!request) return [];
  return [
    db
      .prepare(
        `INSERT INTO invoices (order_id, merchant_order_no, kind, request, total_amt, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${happened}
         ON CONFLICT (order_id) DO NOTHING RETURNING id`,
      )
      .bind(orderId, request.merchantOrderNo, request.kind, JSON.stringify(request.params), order.total, now.getTime()),
  ];
}

/**
 * A paid order ends: its issued invoice is to be voided (voiding); one never asked of ezPay is not needed (unneeded).
 * One being issued right now keeps its state with the wish recorded, and its consumer voids it once issued. One that
 * was asked before may exist at ezPay: it stays as it is with the wish (issuing, 開立中, once a try went unanswered,
 * whatever later tries were answered: unanswered_at; pending when ezPay answered every try without issuing), and its
 * consumer looks it up (never issuing it anew), then voids it, or finds it unneeded (INV20006 only).
 */
function voidStatement(db: ApiDatabase, orderId: number, happened: string, now: Date) {
  return db
    .prepare(
      `UPDATE invoices
          SET void_wanted_at = COALESCE(void_wanted_at, ?2), void_reason = COALESCE(void_reason, ?3),
              status = CASE
                WHEN status = 'issued' THEN 'voiding'
                WHEN status = 'pending' AND attempts = 0 THEN 'unneeded'
                ELSE status
              END
        WHERE order_id = ?1 AND ${happened} RETURNING id`,
    )
    .bind(orderId, now.toISOString(), VOID_REASON);
}

/** The statements a move writes about the order's invoice, given the SQL condition "this move happened". */
export async function invoiceStatementsFor(
  db: ApiDatabase,
  orderId: number,
  move: { event: OrderEvent; to: OrderStatus; now: Date },
  happened: string,
): Promise<D1PreparedStatement[]> {
  if (move.event === "paid") return issueStatement(db, orderId, happened, move.now);
  if (move.to === ORDER_STATUS.interrupted || move.to === ORDER_STATUS.cancelled) {
    return [voidStatement(db, orderId, happened, move.now)];
  }
  return [];
}
