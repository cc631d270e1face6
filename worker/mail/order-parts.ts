// What the order mails share: whom they greet, how their subject names the order, the order's lines and amounts as
// the order pages list them, and the links to the order page and to 客服中心.
import { type OrderAmountParts, orderAmountRows } from "~/features/orders/order-amounts";
import { formatPrice } from "~/lib/format";
import { routeTitle } from "~/pages";
import { orderPagePath, pagePath } from "./links";
import { facts, link, type MailBlock, type MailSite, paragraph } from "./message";

/** The orders row's columns every order mail reads: the number, and whom it is for (the mail goes to member_email). */
export interface OrderMailBase {
  /** orders.order_no */
  order_no: string;
  /** orders.member_name */
  member_name: string;
  /** orders.member_email */
  member_email: string;
}

/** One line of the order: an order_items row. */
export interface OrderMailItem {
  /** order_items.title */
  title: string;
  /** order_items.quantity */
  quantity: number;
  /** order_items.price_sale, the unit price */
  price_sale: number;
}

/** `覺林書房 訂單成立通知（訂單編號 BK20261123-000042-7KQ3ZP）` */
export function orderSubject(site: Pick<MailSite, "siteTitle">, what: string, orderNo: string): string {
  return `${site.siteTitle} ${what}（訂單編號 ${orderNo}）`;
}

export const greeting = (order: Pick<OrderMailBase, "member_name">) => paragraph(`${order.member_name} 您好：`);

/** The order's lines as a table: 商品, 數量, 單價, 小計. */
export function itemsTable(items: readonly OrderMailItem[]): MailBlock {
  return {
    kind: "table",
    caption: "訂購商品",
    columns: [
      { label: "商品" },
      { label: "數量", numeric: true },
      { label: "單價", numeric: true },
      { label: "小計", numeric: true },
    ],
    rows: items.map((item) => [
      item.title,
      String(item.quantity),
      formatPrice(item.price_sale),
      formatPrice(item.price_sale * item.quantity),
    ]),
  };
}

/** The amount parts of SPEC §9, as the order pages write them (order-amounts.ts). */
export function amountFacts(order: OrderAmountParts): MailBlock {
  return facts(orderAmountRows(order).map(([label, value, note]) => ({ label, value: `${value}${note ?? ""}` })));
}

export const orderPageLink = (order: Pick<OrderMailBase, "order_no">) =>
  link("查看訂單明細", orderPagePath(order.order_no));

export const customerServiceLink = () =>
  link(routeTitle("instructions-customer-service"), pagePath("instructions-customer-service"));
