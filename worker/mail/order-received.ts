// 訂單成立: the mail written with a new order, in the batch that creates it (worker/api/queries/orders.ts). Filled from
// the orders row as written: order_no, member_name, member_email, pay_type, category_type, area_type, created_at,
// the amount columns (subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total, coupon_code), details
// (its JSON parsed: receiver, phones, address and invoice as the checkout payload had them) and the order_items rows
// (title, quantity, price_sale).
// What happens next depends on how the order is paid: nothing to pay (a total of 0), 貨到付款, 專戶匯款 (the account
// comes in a mail of its own), or an online payment at the gateway.

import type { CategoryType } from "~/domain/categories";
import * as CATEGORY from "~/domain/categories";
import * as PAY_TYPE from "~/domain/pay-types";
import { type PayType, payTypeLabel } from "~/domain/pay-types";
import type { OrderAmountParts } from "~/features/orders/order-amounts";
import { readOrderDetails } from "~/features/orders/order-details";
import { formatDateTime, formatPrice } from "~/lib/format";
import { routeTitle } from "~/pages";
import { composeMail, facts, heading, type MailBlock, type MailMessage, type MailSite, paragraph } from "./message";
import {
  amountFacts,
  customerServiceLink,
  greeting,
  itemsTable,
  type OrderMailBase,
  type OrderMailItem,
  orderPageLink,
  orderSubject,
} from "./order-parts";

export interface OrderReceivedInput extends OrderMailBase, OrderAmountParts {
  /** orders.pay_type */
  pay_type: PayType;
  /** orders.category_type */
  category_type: CategoryType;
  /** orders.created_at (ISO) */
  created_at: string;
  /** orders.details, parsed */
  details: Record<string, unknown>;
  /** The order_items rows. */
  items: readonly OrderMailItem[];
}

/** What the reader does, or waits for, now. */
function nextSteps(order: OrderReceivedInput): string[] {
  const digital = order.category_type === CATEGORY.digitalType;
  const afterPayment = digital
    ? `付款完成後，電子書與有聲書會放入「${routeTitle("member-bookcase")}」，即可開始閱讀。`
    : "付款完成後，我們會盡快為您備貨出貨，出貨進度可在訂單明細查看。";
  if (order.total === 0) {
    return ["這張訂單不需付款，我們確認訂單後會盡快為您處理，處理進度可在訂單明細查看。"];
  }
  switch (order.pay_type) {
    case PAY_TYPE.cashOnDelivery:
      return [
        `您選擇${payTypeLabel(order.pay_type)}：我們確認訂單後會盡快出貨，商品送達時請將訂單總額 ${formatPrice(order.total)} 交給物流人員。`,
      ];
    case PAY_TYPE.transfer:
      return [
        `您選擇${payTypeLabel(order.pay_type)}：請在付款頁面取得這張訂單專屬的轉帳帳號，帳號與繳費期限也會另以電子郵件寄給您。請於期限內轉帳 ${formatPrice(order.total)}，入帳後即完成付款；逾期未入帳，訂單將自動取消。`,
        afterPayment,
      ];
    default:
      return [
        `您選擇${payTypeLabel(order.pay_type)}：請在付款頁面完成付款，付款結果會另以電子郵件通知您。若付款沒有成功，可在訂單明細重新付款；逾期未付款，訂單將自動取消。`,
        afterPayment,
      ];
  }
}

function partiesBlocks(details: Record<string, unknown>): MailBlock[] {
  const { receiver, invoice } = readOrderDetails(details);
  return [
    ...(receiver
      ? [
          heading("收件資訊"),
          facts([
            { label: "收件人", value: receiver.name },
            ...(receiver.phones.length > 0 ? [{ label: "聯絡電話", value: receiver.phones.join("、") }] : []),
            ...(receiver.address ? [{ label: "收件地址", value: receiver.address }] : []),
          ]),
        ]
      : []),
    ...(invoice ? [heading("發票資訊"), facts([{ label: "發票類型", value: invoice.label }, ...invoice.fields])] : []),
  ];
}

export function orderReceivedMail(site: MailSite, order: OrderReceivedInput): MailMessage {
  return composeMail(site, {
    to: order.member_email,
    subject: orderSubject(site, "訂單成立通知", order.order_no),
    title: "訂單成立通知",
    blocks: [
      greeting(order),
      paragraph(`感謝您在${site.siteTitle}訂購，我們已收到您的訂單。`),
      facts([
        { label: "訂單編號", value: order.order_no },
        { label: "訂購時間", value: formatDateTime(order.created_at) },
        { label: "付款方式", value: payTypeLabel(order.pay_type) },
      ]),
      heading("接下來"),
      ...nextSteps(order).map(paragraph),
      orderPageLink(order),
      heading("訂單明細"),
      itemsTable(order.items),
      amountFacts(order),
      ...partiesBlocks(order.details),
      paragraph("如有任何問題，歡迎與我們的客服中心聯絡。"),
      customerServiceLink(),
    ],
  });
}
