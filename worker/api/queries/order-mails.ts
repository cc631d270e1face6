// The mails an order's changes write, each built before the batch of its change and written in it (worker/mail/ builds
// them): 訂單成立 with the new order (orders.ts), the mail of a state machine move (order-transitions.ts: 付款完成,
// 付款失敗, 交易中斷 or 取消訂單), and the 專戶匯款 account when the gateway issues one (payments.ts).
import type { CategoryType } from "~/domain/categories";
import type { OrderStatus } from "~/domain/order-statuses";
import * as ORDER_STATUS from "~/domain/order-statuses";
import type { PayType } from "~/domain/pay-types";
import type { OrderEvent } from "~/features/orders/order-state-machine";
import { type EndedStatus, orderEndedMail } from "../../mail/order-ended";
import type { OrderMailBase } from "../../mail/order-parts";
import { type OrderReceivedInput, orderReceivedMail } from "../../mail/order-received";
import { paymentFailedMail, paymentReceivedMail, paymentToRefundMail, transferAccountMail } from "../../mail/payment";
import { type Mail, mailWithLinks } from "../mail";
import { canRetryPayment } from "../payment/payment-rules";
import type { ApiDatabase } from "../types";
import type { Writes } from "../writes";
import { attemptsFacts } from "./attempt-facts";

/**
 * Stands for the order number in a 訂單成立 mail built before the batch that numbers the order: the batch writes the
 * mail with the number in its place. Letters and digits only, so escaping (HTML) and encoding (links) keep it whole;
 * random for each order, so no text a buyer typed can hold it.
 */
export const ORDER_NO_PLACEHOLDER = /ORDERNO[0-9a-f]{16}/;

function orderNoPlaceholder(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `ORDERNO${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** 訂單成立, for the order a checkout is about to create, with the placeholder that stands for its number. */
export function orderReceivedMailFor(
  writes: Writes,
  order: Omit<OrderReceivedInput, "order_no">,
): { mail: Mail; placeholder: string } | null {
  const placeholder = orderNoPlaceholder();
  const received = mailWithLinks(writes.site, "order-received", (site) =>
    orderReceivedMail(site, { ...order, order_no: placeholder }),
  );
  return received && { mail: received, placeholder };
}

/** The orders row's columns the move mails read. */
interface MovedOrder extends OrderMailBase {
  id: number;
  pay_type: PayType;
  category_type: CategoryType;
  total: number;
  /** Before the move. */
  status: number;
  /** orders.details (JSON) */
  details: string;
}

function readMovedOrder(db: ApiDatabase, orderId: number) {
  return db
    .prepare(
      "SELECT id, order_no, member_name, member_email, pay_type, category_type, total, status, details FROM orders WHERE id = ?1",
    )
    .bind(orderId)
    .first<MovedOrder>();
}

/** The gateway's reason for the order's latest failed attempt, if it gave one. */
async function lastFailureMessage(db: ApiDatabase, orderId: number): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT gateway_message FROM payment_attempts WHERE order_id = ?1 AND state = 'failed'
        ORDER BY attempt DESC LIMIT 1`,
    )
    .bind(orderId)
    .first<{ gateway_message: string | null }>();
  return row?.gateway_message || null;
}

export interface MoveMailFacts {
  event: OrderEvent;
  /** Where the move takes the order. */
  to: OrderStatus;
  refundNeeded: boolean;
  now: Date;
  /** When the payment was made (ISO), for 付款完成; else `now`. */
  paidAt?: string;
}

/** The mail a move of the state machine writes, or null: an order settled as it is placed has 訂單成立 only. */
export async function moveMailFor(
  db: ApiDatabase,
  writes: Writes,
  orderId: number,
  move: MoveMailFacts,
): Promise<Mail | null> {
  if (move.event === "placed-free") return null;
  const order = await readMovedOrder(db, orderId);
  if (!order) return null;
  switch (move.event) {
    case "paid": {
      const status = move.to === ORDER_STATUS.awaitingStock ? ORDER_STATUS.awaitingStock : ORDER_STATUS.paid;
      const paid_at = move.paidAt ?? move.now.toISOString();
      const details = JSON.parse(order.details) as Record<string, unknown>;
      return mailWithLinks(writes.site, "payment-received", (site) =>
        paymentReceivedMail(site, { ...order, status, paid_at, details }),
      );
    }
    case "payment-failed": {
      const [gateway_message, facts] = await Promise.all([
        lastFailureMessage(db, orderId),
        attemptsFacts(db, orderId, move.now),
      ]);
      return failedMail(writes, order, gateway_message, canRetryPayment({ ...order, status: move.to }, facts));
    }
    case "paid-wrong-amount":
      // Never a move: its 款項退還 is written with the refund mark (order-transitions.ts, refundMailFor).
      return null;
    case "payment-expired":
    case "member-cancel": {
      const status: EndedStatus =
        move.to === ORDER_STATUS.interrupted ? ORDER_STATUS.interrupted : ORDER_STATUS.cancelled;
      return mailWithLinks(writes.site, "order-ended", (site) =>
        orderEndedMail(site, { ...order, status, refund_pending: move.refundNeeded }),
      );
    }
  }
}

const failedMail = (writes: Writes, order: MovedOrder, gateway_message: string | null, can_retry: boolean) =>
  mailWithLinks(writes.site, "payment-failed", (site) =>
    paymentFailedMail(site, { ...order, gateway_message, can_retry }),
  );

/**
 * 付款失敗 for an attempt about to be recorded as failed on an order that failed before (3): no move writes it, so the
 * batch that records the failure does (payments.ts settleFailed), when no other attempt is live. Null for an order in
 * any other status. Whether it may be paid again is read as it will be once this attempt has failed: not live.
 */
export async function failedAgainMailFor(
  db: ApiDatabase,
  writes: Writes,
  orderId: number,
  gatewayMessage: string,
  now: Date,
): Promise<Mail | null> {
  const order = await readMovedOrder(db, orderId);
  if (order?.status !== ORDER_STATUS.failed) return null;
  const { attempts } = await attemptsFacts(db, orderId, now);
  const can_retry = canRetryPayment(order, { live: false, accountIssued: false, attempts });
  return failedMail(writes, order, gatewayMessage || null, can_retry);
}

/**
 * 款項退還: a payment proven for an order that could not take it (it ended, or was paid already), written with the
 * refund mark. The amount is the order's total, which the gateway's amount was checked against; or `paidAmount`, what
 * the gateway took when it was not the order's total (a payment of the wrong amount, which pays nothing).
 */
export async function refundMailFor(
  db: ApiDatabase,
  writes: Writes,
  orderId: number,
  paidAmount?: number,
): Promise<Mail | null> {
  const order = await readMovedOrder(db, orderId);
  if (!order) return null;
  const wrongAmount = paidAmount !== undefined && paidAmount !== order.total;
  return mailWithLinks(writes.site, "payment-to-refund", (site) =>
    paymentToRefundMail(
      site,
      wrongAmount ? { ...order, amount: paidAmount, order_total: order.total } : { ...order, amount: order.total },
    ),
  );
}

/** 專戶匯款: the account the gateway issued for the attempt, with its amount and deadline. */
export async function transferAccountMailFor(
  db: ApiDatabase,
  writes: Writes,
  attemptId: number,
  account: { bank_code: string; account_no: string; deadline_at: string | null },
): Promise<Mail | null> {
  const order = await db
    .prepare(
      `SELECT o.order_no, o.member_name, o.member_email, a.amount, a.deadline_at
         FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = ?1`,
    )
    .bind(attemptId)
    .first<OrderMailBase & { amount: number; deadline_at: string | null }>();
  // The deadline the gateway gave, else the attempt's own.
  const deadline_at = account.deadline_at ?? order?.deadline_at;
  if (!order || !deadline_at) return null;
  return mailWithLinks(writes.site, "transfer-account", (site) =>
    transferAccountMail(site, { ...order, ...account, deadline_at }),
  );
}
