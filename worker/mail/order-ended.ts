// The mail of an order that ended without being delivered, written in the batch of the state machine's move
// (worker/api/queries/order-transitions.ts): 交易中斷 (its payment deadline passed unpaid) or 取消訂單 (the member or the
// store cancelled it). Filled from the orders row after the move: order_no, member_name, member_email, status, and
// whether money already taken is to be refunded (refund_needed_at is set).
import * as ORDER_STATUS from "~/domain/order-statuses";
import { orderStatusLabel } from "~/domain/order-statuses";
import { routeTitle } from "~/pages";
import { pagePath } from "./links";
import { composeMail, facts, link, type MailMessage, type MailSite, paragraph } from "./message";
import { customerServiceLink, greeting, type OrderMailBase, orderPageLink, orderSubject } from "./order-parts";

export type EndedStatus = typeof ORDER_STATUS.interrupted | typeof ORDER_STATUS.cancelled;

export interface OrderEndedInput extends OrderMailBase {
  /** orders.status after the move */
  status: EndedStatus;
  /** orders.refund_needed_at IS NOT NULL: the store refunds what it received. */
  refund_pending: boolean;
}

/** Why the order ended, by its status. */
const ENDED: Record<EndedStatus, { subject: string; says: (orderNo: string) => string }> = {
  [ORDER_STATUS.interrupted]: {
    subject: "訂單交易中斷通知",
    says: (orderNo) => `您的訂單 ${orderNo} 在付款期限內沒有完成付款，訂單已自動取消。`,
  },
  [ORDER_STATUS.cancelled]: {
    subject: "訂單取消通知",
    says: (orderNo) => `您的訂單 ${orderNo} 已取消。`,
  },
};

export function orderEndedMail(site: MailSite, order: OrderEndedInput): MailMessage {
  const ended = ENDED[order.status];
  return composeMail(site, {
    to: order.member_email,
    subject: orderSubject(site, ended.subject, order.order_no),
    title: ended.subject,
    blocks: [
      greeting(order),
      paragraph(ended.says(order.order_no)),
      facts([
        { label: "訂單編號", value: order.order_no },
        { label: "訂單狀態", value: orderStatusLabel(order.status) },
      ]),
      ...(order.refund_pending
        ? [paragraph("這張訂單已收到的款項將由本店退還，退款完成前如有疑問，請與我們的客服中心聯絡。")]
        : []),
      paragraph("訂購的商品已釋出，如仍需要，歡迎重新選購。"),
      orderPageLink(order),
      link(`前往${routeTitle("cart")}`, pagePath("cart")),
      customerServiceLink(),
    ],
  });
}
