import { describe, expect, it } from "vitest";
import type { PayType } from "~/domain/pay-types";
import * as PAY_TYPE from "~/domain/pay-types";
import { orderReceivedMail } from "./order-received";
import { expectSafeHtml, expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";
import { DIGITAL_ORDER, ORDER_NO, PHYSICAL_ORDER } from "./testing/orders";

const ORDER_PAGE = `https://books.example.tw/member/orders?no=${ORDER_NO}`;

describe("orderReceivedMail", () => {
  const mail = orderReceivedMail(SITE, PHYSICAL_ORDER);

  it("goes to the buyer, its subject naming the order", () => {
    expect(mail.to).toBe("reader@example.com");
    expect(mail.subject).toBe(`覺林書房 訂單成立通知（訂單編號 ${ORDER_NO}）`);
    expectWellFormedMail(mail);
  });

  it("lists the number, the time in Taipei, the pay type and each item with its quantity and price", () => {
    expect(mail.text).toContain(`訂單編號：${ORDER_NO}`);
    expect(mail.text).toContain("訂購時間：2026/11/23（一）14:00");
    expect(mail.text).toContain("付款方式：信用卡付款");
    expect(mail.text).toContain("・心經講記　數量 2　單價 NT$380　小計 NT$760");
    expect(mail.text).toContain("・金剛經講話　數量 1　單價 NT$520　小計 NT$520");
    expect(mail.html).toMatch(
      /<th scope="row"[^>]*>心經講記<\/th><td[^>]*>2<\/td><td[^>]*>NT\$380<\/td><td[^>]*>NT\$760<\/td>/,
    );
    expect(mail.html).toMatch(/<th scope="col"[^>]*>商品<\/th>/);
  });

  it("gives the amount parts of SPEC §9 as the order page writes them", () => {
    expect(mail.text).toContain(
      [
        "商品小計：NT$1,280",
        "運費：NT$0（免運）",
        "折扣（折價券 LOTUS100）：−NT$100",
        "海外運費：NT$0",
        "金額調整：NT$0",
        "訂單總額：NT$1,180",
      ].join("\n"),
    );
    expect(mail.html).toMatch(/<th scope="row"[^>]*>訂單總額<\/th><td[^>]*>NT\$1,180<\/td>/);
  });

  it("says who receives it where and how it is invoiced", () => {
    expect(mail.text).toContain("收件人：林靜宜\n聯絡電話：0912345678\n收件地址：100 臺北市中正區重慶南路一段 1 號");
    expect(mail.text).toContain("發票類型：電子發票載具\n載具：手機條碼 /ABC1234");
    const digital = orderReceivedMail(SITE, DIGITAL_ORDER);
    expect(digital.text).not.toContain("收件資訊");
    expect(digital.text).toContain("發票類型：公司戶發票\n公司名稱：覺林文化有限公司\n統一編號：04595257");
  });

  it("links the order page and 客服中心 on SITE_URL", () => {
    expect(hrefsOf(mail.html)).toEqual([ORDER_PAGE, "https://books.example.tw/instructions/customer-service"]);
    expect(mail.text).toContain(`查看訂單明細：${ORDER_PAGE}`);
  });

  describe("says what happens next by the pay type", () => {
    it.each<[PayType, string]>([
      [PAY_TYPE.creditCard, "您選擇信用卡付款：請在付款頁面完成付款"],
      [PAY_TYPE.webAtm, "您選擇WebATM轉帳：請在付款頁面完成付款"],
      [PAY_TYPE.linePay, "您選擇LINE Pay：請在付款頁面完成付款"],
      [PAY_TYPE.applePay, "您選擇Apple Pay：請在付款頁面完成付款"],
      [PAY_TYPE.unionPay, "您選擇銀聯卡：請在付款頁面完成付款"],
      [PAY_TYPE.cashOnDelivery, "商品送達時請將訂單總額 NT$1,180 交給物流人員"],
      [PAY_TYPE.transfer, "帳號與繳費期限也會另以電子郵件寄給您。請於期限內轉帳 NT$1,180"],
    ])("pay type %i", (payType, says) => {
      expect(orderReceivedMail(SITE, { ...PHYSICAL_ORDER, pay_type: payType }).text).toContain(says);
    });

    it("ships a paid physical order, and puts a digital one in the bookcase", () => {
      expect(mail.text).toContain("付款完成後，我們會盡快為您備貨出貨");
      expect(orderReceivedMail(SITE, DIGITAL_ORDER).text).toContain("付款完成後，電子書與有聲書會放入「我的書櫃」");
    });

    it("asks for no payment when the total is 0", () => {
      const free = orderReceivedMail(SITE, { ...DIGITAL_ORDER, subtotal: 0, total: 0 });
      expect(free.text).toContain("這張訂單不需付款");
      expect(free.text).not.toContain("轉帳帳號");
    });
  });

  it("escapes a receiver, an item and an invoice with markup", () => {
    const hostile = orderReceivedMail(SITE, {
      ...PHYSICAL_ORDER,
      details: { ...PHYSICAL_ORDER.details, receiver: "<script>alert(1)</script>", address: '"><img src=x>' },
      items: [{ title: "<b>書</b>", quantity: 1, price_sale: 100 }],
    });
    expect(hostile.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(hostile.html).toContain("&quot;&gt;&lt;img src=x&gt;");
    expect(hostile.html).toContain("&lt;b&gt;書&lt;/b&gt;");
    expectSafeHtml(hostile);
  });
});
