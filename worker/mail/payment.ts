// The mails of an order's online payment, each written in the batch that records what the gateway proved
// (worker/api/payment/, worker/api/queries/payments.ts):
// - payment received: the orders row (order_no, member_name, member_email, pay_type, category_type, total, and its
//   status after the move: 完成付款, or 訂單待進貨 when a pre-order item waits for stock) and the paid attempt's time
//   (payment_attempts.pay_time as ISO, payTimeIso, else notified_at);
// - transfer account issued (專戶匯款): the orders row (order_no, member_name, member_email) and the attempt's
//   bank_code, account_no, amount and deadline_at (ISO: the end of ExpireDate, Taipei time);
// - payment failed: the orders row (order_no, member_name, member_email, pay_type, total), the attempt's
//   gateway_message, and whether the payment may be tried again (canRetryPayment of payment-rules.ts);
// - a payment to refund: the orders row (order_no, member_name, member_email, pay_type, status) and the attempt's
//   amount, for money that came for an order that could no longer take it.

import type { CategoryType } from "~/domain/categories";
import * as CATEGORY from "~/domain/categories";
import * as ORDER_STATUS from "~/domain/order-statuses";
import { orderStatusLabel } from "~/domain/order-statuses";
import { type PayType, payTypeLabel } from "~/domain/pay-types";
import { readOrderDetails } from "~/features/orders/order-details";
import { formatDateTime, formatPrice } from "~/lib/format";
import { routeTitle } from "~/pages";
import { pagePath, payAgainPath } from "./links";
import { composeMail, facts, link, type MailMessage, type MailSite, paragraph } from "./message";
import { customerServiceLink, greeting, type OrderMailBase, orderPageLink, orderSubject } from "./order-parts";

export interface PaymentReceivedInput extends OrderMailBase {
  /** orders.pay_type */
  pay_type: PayType;
  /** orders.category_type */
  category_type: CategoryType;
  /** orders.total */
  total: number;
  /** orders.status after the payment: 完成付款 or 訂單待進貨. */
  status: typeof ORDER_STATUS.paid | typeof ORDER_STATUS.awaitingStock;
  /** When it was paid (ISO). */
  paid_at: string;
  /** orders.details, parsed: the invoice the buyer chose, which is issued now that the order is paid. */
  details?: Record<string, unknown>;
}

/** The invoice chosen at checkout, as the order mails name it, and that it is issued now (issue 24). */
function invoiceFacts(details: Record<string, unknown> | undefined, total: number) {
  const invoice = details && total > 0 ? readOrderDetails(details).invoice : undefined;
  if (!invoice) return [];
  return [
    paragraph("電子發票將依您的選擇開立，開立後可在訂單明細查看發票號碼。"),
    facts([{ label: "發票類型", value: invoice.label }, ...invoice.fields]),
  ];
}

export function paymentReceivedMail(site: MailSite, order: PaymentReceivedInput): MailMessage {
  const digital = order.category_type === CATEGORY.digitalType;
  const preOrder = order.status === ORDER_STATUS.awaitingStock;
  // A digital order waits (訂單待進貨) only for a pre-order title not released yet: it is not in the bookcase until then.
  const inBookcase = digital && !preOrder;
  const bookcase = routeTitle("member-bookcase");
  let next: string;
  if (inBookcase) next = `電子書與有聲書已放入「${bookcase}」，現在就可以開始閱讀。`;
  else if (digital) next = `預購的電子書／有聲書上架後會放入「${bookcase}」，屆時即可開始閱讀。`;
  else if (preOrder) next = "訂單中的預購商品到貨後，我們會盡快為您出貨。";
  else next = "我們會盡快為您備貨出貨，出貨進度可在訂單明細查看。";
  return composeMail(site, {
    to: order.member_email,
    subject: orderSubject(site, "付款完成通知", order.order_no),
    title: "付款完成通知",
    blocks: [
      greeting(order),
      paragraph("感謝您的訂購，我們已收到您的付款。"),
      facts([
        { label: "訂單編號", value: order.order_no },
        { label: "付款方式", value: payTypeLabel(order.pay_type) },
        { label: "付款金額", value: formatPrice(order.total) },
        { label: "付款時間", value: formatDateTime(order.paid_at) },
      ]),
      paragraph(next),
      ...invoiceFacts(order.details, order.total),
      ...(inBookcase ? [link(`前往${bookcase}`, pagePath("member-bookcase"))] : []),
      orderPageLink(order),
    ],
  });
}

export interface TransferAccountInput extends OrderMailBase {
  /** payment_attempts.bank_code */
  bank_code: string;
  /** payment_attempts.account_no */
  account_no: string;
  /** payment_attempts.amount */
  amount: number;
  /** payment_attempts.deadline_at (ISO) */
  deadline_at: string;
}

export function transferAccountMail(site: MailSite, order: TransferAccountInput): MailMessage {
  return composeMail(site, {
    to: order.member_email,
    subject: orderSubject(site, "專戶匯款轉帳資訊", order.order_no),
    title: "請於期限內轉帳",
    blocks: [
      greeting(order),
      paragraph("您的訂單已成立，請於繳費期限內轉帳至下列專屬帳號，入帳後即完成付款。"),
      facts([
        { label: "訂單編號", value: order.order_no },
        { label: "銀行代碼", value: order.bank_code },
        { label: "轉帳帳號", value: order.account_no },
        { label: "轉帳金額", value: formatPrice(order.amount) },
        { label: "繳費期限", value: formatDateTime(order.deadline_at) },
      ]),
      paragraph(
        "這個帳號只用於這張訂單，請轉入與轉帳金額相同的款項。可使用 ATM、網路銀行或臨櫃轉帳；入帳後我們會寄信通知您。逾期未入帳，訂單將自動取消。",
      ),
      orderPageLink(order),
    ],
  });
}

export interface PaymentFailedInput extends OrderMailBase {
  /** orders.pay_type */
  pay_type: PayType;
  /** orders.total */
  total: number;
  /** payment_attempts.gateway_message: the gateway's reason, or the store's own (a wrong amount), if any. */
  gateway_message: string | null;
  /** Whether 重新付款 is open to the order (canRetryPayment). */
  can_retry: boolean;
}

export function paymentFailedMail(site: MailSite, order: PaymentFailedInput): MailMessage {
  return composeMail(site, {
    to: order.member_email,
    subject: orderSubject(site, "付款失敗通知", order.order_no),
    title: "付款失敗通知",
    blocks: [
      greeting(order),
      paragraph(`很抱歉，您的訂單 ${order.order_no} 付款沒有成功。`),
      facts([
        { label: "訂單編號", value: order.order_no },
        { label: "付款方式", value: payTypeLabel(order.pay_type) },
        { label: "訂單總額", value: formatPrice(order.total) },
        ...(order.gateway_message ? [{ label: "付款結果", value: order.gateway_message }] : []),
      ]),
      ...(order.can_retry
        ? [paragraph("您可以再付款一次；逾期未付款，訂單將自動取消。"), link("重新付款", payAgainPath(order.order_no))]
        : [paragraph("這張訂單目前無法重新付款。如需協助，請與我們的客服中心聯絡。"), customerServiceLink()]),
      orderPageLink(order),
    ],
  });
}

export interface PaymentToRefundInput extends OrderMailBase {
  /** orders.pay_type */
  pay_type: PayType;
  /**
   * What the gateway took and goes back: the order's total (which the payment's Amt was checked against), or for a
   * payment of the wrong amount the Amt QueryTradeInfo confirmed (with `order_total`). Not read from payment_attempts.
   */
  amount: number;
  /** orders.status: the order had ended (交易中斷, 取消訂單) or was paid already. */
  status: number;
  /** orders.total, given when the gateway took another amount than it: that payment could not pay the order. */
  order_total?: number;
}

/**
 * 付款將退還: money the gateway proved arrived for an order that can no longer take it (it ended, or another payment
 * paid it). Written with the refund mark (worker/api/queries/order-transitions.ts); the store makes the refund.
 */
export function paymentToRefundMail(site: MailSite, order: PaymentToRefundInput): MailMessage {
  return composeMail(site, {
    to: order.member_email,
    subject: orderSubject(site, "款項退還通知", order.order_no),
    title: "款項退還通知",
    blocks: [
      greeting(order),
      paragraph(
        order.order_total !== undefined && order.order_total !== order.amount
          ? `我們收到了您對訂單 ${order.order_no} 的付款 ${formatPrice(order.amount)}，但與訂單金額 ${formatPrice(order.order_total)} 不符，無法用於這張訂單。這筆款項將由本店全額退還給您。`
          : `我們收到了您對訂單 ${order.order_no} 的付款，但這張訂單目前為「${orderStatusLabel(order.status)}」，無法再收款。這筆款項將由本店全額退還給您。`,
      ),
      facts([
        { label: "訂單編號", value: order.order_no },
        { label: "付款方式", value: payTypeLabel(order.pay_type) },
        { label: "退還金額", value: formatPrice(order.amount) },
      ]),
      paragraph("退款完成前如有疑問，請與我們的客服中心聯絡。"),
      orderPageLink(order),
      customerServiceLink(),
    ],
  });
}
