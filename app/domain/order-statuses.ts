// SPEC §4's order statuses: each code by name, with its label beside it, exactly as SPEC §4 writes it. Used by the
// order state machine (app/features/orders/order-state-machine.ts), the order pages and the built-in API's SQL alike.
//
// Read the codes through the module, the way API_CODE names the envelope's codes:
//   import * as ORDER_STATUS from "~/domain/order-statuses";   … order.status === ORDER_STATUS.paid
// Each code is a plain exported number, so the bundler writes the number itself where a code is read and no object of
// names reaches the browser (an object's properties are not inlined; the tightest routes have no bytes to spare).

/** 訂單待確認 */
export const awaiting = 1;
/** 交易中斷 */
export const interrupted = 2;
/** 交易失敗 */
export const failed = 3;
/** 訂單待進貨 */
export const awaitingStock = 4;
/** 完成付款 */
export const paid = 5;
/** 取消訂單 */
export const cancelled = 6;
/** 出貨完畢 */
export const shipped = 7;
/** 退貨處理中 */
export const returning = 8;
/** 部分退貨 */
export const partlyReturned = 9;
/** 全部退貨 */
export const returned = 10;

export type OrderStatus =
  | typeof awaiting
  | typeof interrupted
  | typeof failed
  | typeof awaitingStock
  | typeof paid
  | typeof cancelled
  | typeof shipped
  | typeof returning
  | typeof partlyReturned
  | typeof returned;

/** The label of each order status, by index; 0 is blank (SPEC §4). */
export const ORDER_STATUS_LABEL = [
  "",
  "訂單待確認",
  "交易中斷",
  "交易失敗",
  "訂單待進貨",
  "完成付款",
  "取消訂單",
  "出貨完畢",
  "退貨處理中",
  "部分退貨",
  "全部退貨",
] as const;

/** The label of an order status; "" for one SPEC §4 does not name. */
export function orderStatusLabel(status: number): string {
  return ORDER_STATUS_LABEL[status] ?? "";
}
