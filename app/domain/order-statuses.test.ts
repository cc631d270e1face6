import { describe, expect, it } from "vitest";
import * as ORDER_STATUS from "./order-statuses";
import { ORDER_STATUS_LABEL, orderStatusLabel } from "./order-statuses";

const labelled = (code: ORDER_STATUS.OrderStatus) => [code, ORDER_STATUS_LABEL[code]];

describe("order statuses of SPEC §4", () => {
  it("names each code and labels it as SPEC §4 does", () => {
    expect({
      awaiting: labelled(ORDER_STATUS.awaiting),
      interrupted: labelled(ORDER_STATUS.interrupted),
      failed: labelled(ORDER_STATUS.failed),
      awaitingStock: labelled(ORDER_STATUS.awaitingStock),
      paid: labelled(ORDER_STATUS.paid),
      cancelled: labelled(ORDER_STATUS.cancelled),
      shipped: labelled(ORDER_STATUS.shipped),
      returning: labelled(ORDER_STATUS.returning),
      partlyReturned: labelled(ORDER_STATUS.partlyReturned),
      returned: labelled(ORDER_STATUS.returned),
    }).toEqual({
      awaiting: [1, "訂單待確認"],
      interrupted: [2, "交易中斷"],
      failed: [3, "交易失敗"],
      awaitingStock: [4, "訂單待進貨"],
      paid: [5, "完成付款"],
      cancelled: [6, "取消訂單"],
      shipped: [7, "出貨完畢"],
      returning: [8, "退貨處理中"],
      partlyReturned: [9, "部分退貨"],
      returned: [10, "全部退貨"],
    });
  });
  it("indexes order statuses from 1 with 0 blank", () => {
    expect(ORDER_STATUS_LABEL[0]).toBe("");
    expect(ORDER_STATUS_LABEL).toHaveLength(11);
  });
  it("reads a status by number, blank for one SPEC §4 does not name", () => {
    expect(orderStatusLabel(5)).toBe("完成付款");
    expect(orderStatusLabel(0)).toBe("");
    expect(orderStatusLabel(11)).toBe("");
  });
});
