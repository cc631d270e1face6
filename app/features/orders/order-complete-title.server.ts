// The heading (and document title) of /order-complete, decided by its loader: the page's client code then carries
// only the words, not the rule (order-complete has almost no JavaScript budget left). An order that failed, ended
// or is past its payment deadline is no 訂購完成.
import * as ORDER_STATUS from "~/domain/order-statuses";
import { routeTitle } from "~/pages";
import type { OrderDetailData } from "./order-detail";
import { completionState } from "./order-next-steps";

export type OrderCompleteView =
  | { view: "no-order"; unverified: boolean }
  | { view: "missing" | "unavailable" }
  | { view: "order"; order: OrderDetailData };

export function orderCompleteTitle(page: OrderCompleteView): string {
  if (page.view === "missing") return "查無此訂單";
  if (page.view === "no-order") return page.unverified ? "付款結果未確認" : "未指定訂單";
  if (page.view !== "order") return routeTitle("order-complete");
  const { status } = page.order;
  if (status === ORDER_STATUS.failed) return "付款失敗";
  if (status === ORDER_STATUS.interrupted || status === ORDER_STATUS.cancelled) return "訂單已取消";
  // Still 訂單待確認, but the attempt's deadline went by unpaid (OrderNextSteps' 付款期限已過).
  if (completionState(page.order) === "overdue") return "付款期限已過";
  return routeTitle("order-complete");
}
