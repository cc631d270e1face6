import { describe, expect, it } from "vitest";
import * as CATEGORY from "~/domain/categories";
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import { paymentFailedMail, paymentReceivedMail, paymentToRefundMail, transferAccountMail } from "./payment";
import { expectSafeHtml, expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";
import { ORDER_NO } from "./testing/orders";

const BUYER = { order_no: ORDER_NO, member_name: "林靜宜", member_email: "reader@example.com" };
const ORDER_PAGE = `https://books.example.tw/member/orders?no=${ORDER_NO}`;

describe("paymentReceivedMail", () => {
  const paid = {
    ...BUYER,
    pay_type: PAY_TYPE.creditCard,
    category_type: CATEGORY.physicalType,
    total: 1_180,
    status: ORDER_STATUS.paid,
    paid_at: "2026-11-23T11:05:35.000Z",
  } as const;

  it("says the payment arrived: how much, how and when (Taipei time)", () => {
    const mail = paymentReceivedMail(SITE, paid);
    expect(mail.to).toBe("reader@example.com");
    expect(mail.subject).toBe(`覺林書房 付款完成通知（訂單編號 ${ORDER_NO}）`);
    expect(mail.text).toContain("我們已收到您的付款");
    expect(mail.text).toContain("付款方式：信用卡付款\n付款金額：NT$1,180\n付款時間：2026/11/23（一）19:05");
    expect(mail.text).toContain("我們會盡快為您備貨出貨");
    expect(hrefsOf(mail.html)).toEqual([ORDER_PAGE]);
    expectWellFormedMail(mail);
  });

  it("names the invoice chosen at checkout, which is issued now", () => {
    const mail = paymentReceivedMail(SITE, {
      ...paid,
      details: { invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/ABC1234" },
    });
    expect(mail.text).toContain(
      "電子發票將依您的選擇開立，開立後可在訂單明細查看發票號碼。\n\n發票類型：電子發票載具\n載具：手機條碼 /ABC1234",
    );
    expect(paymentReceivedMail(SITE, paid).text).not.toContain("發票");
    expectWellFormedMail(mail);
  });

  it("tells a pre-order to wait for stock, and sends a digital order to the bookcase", () => {
    expect(paymentReceivedMail(SITE, { ...paid, status: ORDER_STATUS.awaitingStock }).text).toContain(
      "預購商品到貨後，我們會盡快為您出貨",
    );
    const digital = paymentReceivedMail(SITE, { ...paid, category_type: CATEGORY.digitalType });
    expect(digital.text).toContain("電子書與有聲書已放入「我的書櫃」");
    expect(hrefsOf(digital.html)).toEqual(["https://books.example.tw/member/bookcase", ORDER_PAGE]);
    expectWellFormedMail(digital);
  });

  it("tells a paid digital pre-order it reaches the bookcase once released, not that it is there now", () => {
    const mail = paymentReceivedMail(SITE, {
      ...paid,
      category_type: CATEGORY.digitalType,
      status: ORDER_STATUS.awaitingStock,
    });
    expect(mail.text).toContain("預購的電子書／有聲書上架後會放入「我的書櫃」");
    expect(mail.text).not.toContain("已放入");
    expect(mail.text).not.toContain("出貨");
    expect(hrefsOf(mail.html)).toEqual([ORDER_PAGE]);
    expectWellFormedMail(mail);
  });
});

describe("transferAccountMail", () => {
  const mail = transferAccountMail(SITE, {
    ...BUYER,
    bank_code: "012",
    account_no: "96812345678901",
    amount: 1_180,
    deadline_at: "2026-11-26T15:59:59.000Z",
  });

  it("gives the bank code, the account, the amount and the deadline in Taipei time", () => {
    expect(mail.subject).toBe(`覺林書房 專戶匯款轉帳資訊（訂單編號 ${ORDER_NO}）`);
    expect(mail.text).toContain(
      "銀行代碼：012\n轉帳帳號：96812345678901\n轉帳金額：NT$1,180\n繳費期限：2026/11/26（四）23:59",
    );
    expect(mail.html).toMatch(/<th scope="row"[^>]*>轉帳帳號<\/th><td[^>]*>96812345678901<\/td>/);
    expect(mail.text).toContain("逾期未入帳，訂單將自動取消");
  });

  it("links only the order page, never the account", () => {
    expect(hrefsOf(mail.html)).toEqual([ORDER_PAGE]);
    expectWellFormedMail(mail);
  });
});

describe("paymentFailedMail", () => {
  const failed = {
    ...BUYER,
    pay_type: PAY_TYPE.creditCard,
    total: 1_180,
    gateway_message: "授權失敗",
    can_retry: true,
  } as const;

  it("says the payment failed, with the gateway's reason and a 重新付款 link", () => {
    const mail = paymentFailedMail(SITE, failed);
    expect(mail.subject).toBe(`覺林書房 付款失敗通知（訂單編號 ${ORDER_NO}）`);
    expect(mail.text).toContain(`您的訂單 ${ORDER_NO} 付款沒有成功`);
    expect(mail.text).toContain("付款結果：授權失敗");
    expect(mail.text).toContain(`重新付款：https://books.example.tw/order-complete?order_no=${ORDER_NO}`);
    expect(mail.html).toMatch(
      /<a href="https:\/\/books\.example\.tw\/order-complete\?order_no=[^"]+"[^>]*>重新付款<\/a>/,
    );
    expectWellFormedMail(mail);
  });

  it("points to 客服中心 instead when the payment may not be tried again", () => {
    const mail = paymentFailedMail(SITE, { ...failed, can_retry: false, gateway_message: null });
    expect(mail.text).toContain("這張訂單目前無法重新付款");
    expect(mail.text).not.toContain("/order-complete");
    expect(mail.text).not.toContain("付款結果");
    expect(hrefsOf(mail.html)).toEqual(["https://books.example.tw/instructions/customer-service", ORDER_PAGE]);
  });

  it("escapes the gateway's message", () => {
    const mail = paymentFailedMail(SITE, { ...failed, gateway_message: "<a href=//evil.example>點此</a>" });
    expect(mail.html).toContain("&lt;a href=//evil.example&gt;點此&lt;/a&gt;");
    expectSafeHtml(mail);
  });
});

describe("paymentToRefundMail", () => {
  it("says the money came for an order that ended, and that the store refunds all of it", () => {
    const mail = paymentToRefundMail(SITE, {
      ...BUYER,
      pay_type: PAY_TYPE.creditCard,
      amount: 1_180,
      status: ORDER_STATUS.cancelled,
    });
    expect(mail.subject).toBe(`覺林書房 款項退還通知（訂單編號 ${ORDER_NO}）`);
    expect(mail.text).toContain("目前為「取消訂單」，無法再收款。這筆款項將由本店全額退還給您。");
    expect(mail.text).toContain("付款方式：信用卡付款\n退還金額：NT$1,180");
    expect(hrefsOf(mail.html)).toEqual([ORDER_PAGE, "https://books.example.tw/instructions/customer-service"]);
    expectWellFormedMail(mail);
  });
});
