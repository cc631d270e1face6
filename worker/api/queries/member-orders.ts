// A member's orders, with SPEC §4's status and payment labels.
import { orderStatusLabel } from "~/domain/order-statuses";
import { type PayType, payTypeLabel } from "~/domain/pay-types";
import { canCancel, cancelNotice } from "~/features/orders/order-state-machine";
import { memberOfSessionSql, type SessionRef } from "../auth/session-in-query";
import type { ApiDatabase, Schemas } from "../types";
import { findOrderInvoice } from "./invoice-of-order";
import { INVOICE_VOID_COLUMNS, type InvoiceVoidColumns, invoiceVoidFacts } from "./invoice-void-facts";
import { pageOf, totalOf } from "./paging";
import { findOrderPayment } from "./payments";

interface OrderRow {
  id: number;
  order_no: string;
  status: number;
  pay_type: PayType;
  category_type: 0 | 1;
  total: number;
  item_count: number;
  created_at: string;
}

const SUMMARY_COLUMNS = `o.id, o.order_no, o.status, o.pay_type, o.category_type, o.total, o.created_at,
  (SELECT SUM(quantity) FROM order_items WHERE order_id = o.id) AS item_count`;

function toSummary(row: OrderRow): Schemas["OrderSummary"] {
  return {
    order_no: row.order_no,
    status: row.status,
    status_label: orderStatusLabel(row.status),
    pay_type: row.pay_type,
    pay_type_label: payTypeLabel(row.pay_type),
    category_type: row.category_type,
    total: row.total,
    item_count: row.item_count,
    created_at: row.created_at,
  };
}

/**
 * A page of the orders of the member whose live session `session` names, newest first, in one round trip: the
 * session's look-up with the count, then the page. Null when the session names no one.
 */
export async function listMemberOrders(
  db: ApiDatabase,
  session: SessionRef,
  page: number,
  perPage: number,
): Promise<Schemas["OrderPage"] | null> {
  const [live, rows] = await db.batch([
    db
      .prepare(
        `SELECT m.member_id, (SELECT COUNT(*) FROM orders WHERE member_id = m.member_id) AS total
           FROM (SELECT ${memberOfSessionSql(1)} AS member_id) m`,
      )
      .bind(session.tokenHash, session.now),
    db
      .prepare(
        `SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE o.member_id = ${memberOfSessionSql(1)}
          ORDER BY o.created_at DESC, o.id DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(session.tokenHash, session.now, perPage, (page - 1) * perPage),
  ]);
  const liveSession = live?.results[0] as { member_id: number | null } | undefined;
  if (!liveSession || liveSession.member_id === null) return null;
  return pageOf(((rows?.results ?? []) as OrderRow[]).map(toSummary), page, perPage, totalOf(live));
}

/** Which orders a reader may see: a member's own, or one whose number and orderer e-mail a guest both knows. */
const OWNER = {
  member: "o.member_id = ?1 AND o.order_no = ?2",
  email: "o.member_email = ?1 COLLATE NOCASE AND o.order_no = ?2",
} as const;

/** The member's order `orderNo` as it is at `now` (whether it may still be cancelled depends on the day). */
export function findMemberOrder(db: ApiDatabase, memberId: number, orderNo: string, now: Date) {
  return findOrder(db, "member", memberId, orderNo, now);
}

export function findOrderByEmail(db: ApiDatabase, email: string, orderNo: string, now: Date) {
  return findOrder(db, "email", email, orderNo, now);
}

async function findOrder(
  db: ApiDatabase,
  owner: keyof typeof OWNER,
  who: number | string,
  orderNo: string,
  now: Date,
): Promise<Schemas["OrderDetail"] | null> {
  const row = await db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS}, o.area_type, o.subtotal, o.fee, o.no_fee, o.discount_price, o.fee_extra, o.total_revise,
              o.details, o.coupon_code, o.refund_needed_at, ${INVOICE_VOID_COLUMNS}
         FROM orders o WHERE ${OWNER[owner]}`,
    )
    .bind(who, orderNo)
    .first<
      OrderRow &
        InvoiceVoidColumns & {
          area_type: 0 | 1;
          subtotal: number;
          fee: number;
          no_fee: 0 | 1;
          discount_price: number;
          fee_extra: number;
          total_revise: number;
          details: string;
          coupon_code: string | null;
          refund_needed_at: string | null;
        }
    >();
  if (!row) return null;
  const cancelFacts = { status: row.status, category_type: row.category_type, invoice: invoiceVoidFacts(row) };
  const [{ results: lines }, payment, invoice] = await Promise.all([
    db
      .prepare(
        `SELECT product_id AS id, title, quantity, price_sale, price_sale * quantity AS subtotal
           FROM order_items WHERE order_id = ?1 ORDER BY rowid`,
      )
      .bind(row.id)
      .all<Schemas["QuoteLine"]>(),
    findOrderPayment(db, row),
    findOrderInvoice(db, row.id),
  ]);
  return {
    ...toSummary(row),
    lines,
    area_type: row.area_type,
    subtotal: row.subtotal,
    fee: row.fee,
    no_fee: row.no_fee,
    discount_price: row.discount_price,
    fee_extra: row.fee_extra,
    total_revise: row.total_revise,
    coupon_code: row.coupon_code,
    details: JSON.parse(row.details) as Record<string, unknown>,
    payment,
    invoice,
    can_cancel: canCancel(cancelFacts, now),
    cancel_notice: cancelNotice(cancelFacts, now),
    refund_pending: row.refund_needed_at !== null,
  };
}
