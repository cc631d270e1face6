import { describe, expect, it } from "vitest";
import * as ORDER_STATUS from "~/domain/order-statuses";
import { orderEndedMail } from "./order-ended";
import { expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";
import { ORDER_NO } from "./testing/orders";

const BUYER = { order_no: ORDER_NO, member_name: "林靜宜", member_email: "reader@example.com" };

describe("orderEndedMail", () => {
  it("tells of 交易中斷: the deadline passed unpaid", () => {
    const mail = orderEndedMail(SITE, { ...BUYER, status: ORDER_STATUS.interrupted, refund_pending: false });
    expect(mail.subject).toBe(`覺林書房 訂單交易中斷通知（訂單編號 ${ORDER_NO}）`);
    expect(mail.text).toContain("在付款期限內沒有完成付款，訂單已自動取消");
    expect(mail.text).toContain("訂單狀態：交易中斷");
    expect(mail.text).not.toContain("退還");
    expectWellFormedMail(mail);
  });

  it("tells of 取消訂單, and of the refund when money was taken", () => {
    const mail = orderEndedMail(SITE, { ...BUYER, status: ORDER_STATUS.cancelled, refund_pending: true });
    expect(mail.subject).toBe(`覺林書房 訂單取消通知（訂單編號 ${ORDER_NO}）`);
    expect(mail.text).toContain(`您的訂單 ${ORDER_NO} 已取消`);
    expect(mail.text).toContain("訂單狀態：取消訂單");
    expect(mail.text).toContain("已收到的款項將由本店退還");
    expect(hrefsOf(mail.html)).toEqual([
      `https://books.example.tw/member/orders?no=${ORDER_NO}`,
      "https://books.example.tw/cart",
      "https://books.example.tw/instructions/customer-service",
    ]);
    expectWellFormedMail(mail);
  });
});
