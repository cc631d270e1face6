import { describe, expect, it } from "vitest";
import { invoiceIssuedMail } from "./invoice-issued";
import { expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";
import { ORDER_NO } from "./testing/orders";

const ISSUED = {
  order_no: ORDER_NO,
  member_name: "林靜宜",
  member_email: "reader@example.com",
  total: 630,
  invoice_number: "EZ00000042",
  // 2026-11-23 in Taipei, though still the 22nd in UTC.
  issued_at: "2026-11-22T17:30:00.000Z",
};

describe("invoiceIssuedMail", () => {
  it("gives the invoice number, its date (Taipei), amount and the buyer's choice, and links to the order", () => {
    const mail = invoiceIssuedMail(SITE, {
      ...ISSUED,
      details: { invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/ABC1234" },
    });
    expect(mail.to).toBe("reader@example.com");
    expect(mail.subject).toBe(`覺林書房 電子發票開立通知（訂單編號 ${ORDER_NO}）`);
    expect(mail.text).toContain(
      `訂單編號：${ORDER_NO}\n發票號碼：EZ00000042\n開立日期：2026/11/23\n發票金額：NT$630\n發票類型：電子發票載具\n載具：手機條碼 /ABC1234`,
    );
    expect(mail.text).toContain("發票已存入您的手機條碼載具");
    expect(hrefsOf(mail.html)).toEqual([`https://books.example.tw/member/orders?no=${ORDER_NO}`]);
    expectWellFormedMail(mail);
  });

  it("says where each kind of invoice went", () => {
    const said = (details: Record<string, unknown>) => invoiceIssuedMail(SITE, { ...ISSUED, details }).text;
    expect(said({ invoice_type: 1, invoice_donation: "5617" })).toMatch(
      /捐贈單位：財團法人人間文教基金會[\s\S]*已依您的選擇捐贈，不另寄送紙本/,
    );
    expect(said({ invoice_type: 2, invoice_carrier_type: 1 })).toContain("發票已存入本店的會員載具");
    expect(said({ invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "AB12345678901234" })).toContain(
      "發票已存入您的自然人憑證載具",
    );
    expect(said({ invoice_type: 3, invoice_company: "覺林文化", invoice_company_tax: "04595252" })).toMatch(
      /公司名稱：覺林文化\n統一編號：04595252[\s\S]*依上列統一編號開立/,
    );
  });
});
