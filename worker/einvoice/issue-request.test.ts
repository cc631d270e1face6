import { describe, expect, it } from "vitest";
import { type InvoiceOrder, InvoiceRequestError, issueRequest, memberCarrierNum } from "./issue-request";
import { INVOICE_ORDER } from "./testing/invoice-order";

const ORDER: InvoiceOrder = INVOICE_ORDER;

const withInvoice = (details: Record<string, unknown>) => ({ ...ORDER, details });

describe("issueRequest", () => {
  it("asks for a B2C invoice on the mobile barcode, with the items as sold adding up to the total", () => {
    const request = issueRequest(ORDER);
    expect(request).toMatchObject({ kind: "mobile-barcode", merchantOrderNo: "BK20261123_000042" });
    expect(request?.params).toMatchObject({
      RespondType: "JSON",
      Version: "1.5",
      MerchantOrderNo: "BK20261123_000042",
      Status: "1",
      Category: "B2C",
      BuyerName: "林靜宜",
      BuyerEmail: "reader@example.com",
      CarrierType: "0",
      CarrierNum: "/AB+1234",
      PrintFlag: "N",
      TaxType: "1",
      TaxRate: 5,
      Amt: 829,
      TaxAmt: 41,
      TotalAmt: 870,
      ItemName: "心經講記|金剛經講話|運費|折扣",
      ItemCount: "2|1|1|1",
      ItemPrice: "320|250|80|-100",
      ItemAmt: "640|250|80|-100",
      Comment: "訂單編號 BK20261123-000042-7KQ3ZP",
    });
    expect(request?.params).not.toHaveProperty("TimeStamp");
    expect(request?.params).not.toHaveProperty("LoveCode");
  });

  it("maps each invoice choice of the checkout to ezPay's fields", () => {
    expect(issueRequest(withInvoice({ invoice_type: 1, invoice_donation: "5617" }))).toMatchObject({
      kind: "donation",
      params: { Category: "B2C", LoveCode: "5617", PrintFlag: "N" },
    });
    expect(issueRequest(withInvoice({ invoice_type: 2, invoice_carrier_type: 1 }))).toMatchObject({
      kind: "member-carrier",
      params: { CarrierType: "2", CarrierNum: memberCarrierNum(7), BuyerEmail: "reader@example.com", PrintFlag: "N" },
    });
    expect(
      issueRequest(withInvoice({ invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "AB12345678901234" })),
    ).toMatchObject({ kind: "certificate", params: { CarrierType: "1", CarrierNum: "AB12345678901234" } });
    const company = issueRequest(
      withInvoice({ invoice_type: 3, invoice_company: "覺林文化有限公司", invoice_company_tax: "04595257" }),
    );
    expect(company).toMatchObject({
      kind: "company",
      params: { Category: "B2B", BuyerName: "覺林文化有限公司", BuyerUBN: "04595257", PrintFlag: "Y" },
    });
    expect(company?.params).not.toHaveProperty("CarrierType");
  });

  it("gives a company invoice its items before tax, adding up to Amt", () => {
    const params = issueRequest(
      withInvoice({ invoice_type: 3, invoice_company: "覺林文化有限公司", invoice_company_tax: "04595257" }),
    )?.params;
    expect(params).toMatchObject({ Amt: 829, TaxAmt: 41, TotalAmt: 870 });
    const amounts = String(params?.ItemAmt).split("|").map(Number);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(829);
  });

  it("waives the fee as the order did (免運, overseas, digital)", () => {
    const free = issueRequest({ ...ORDER, no_fee: 1, total: 790 });
    expect(free?.params.ItemName).toBe("心經講記|金剛經講話|折扣");
  });

  it("asks for nothing for an order that totals 0", () => {
    expect(
      issueRequest({
        ...ORDER,
        subtotal: 100,
        fee: 0,
        discount_price: 100,
        total: 0,
        items: [{ title: "書", quantity: 1, price_sale: 100 }],
      }),
    ).toBeNull();
  });

  it("refuses an order whose choice cannot be issued, naming the field", () => {
    expect(() => issueRequest(withInvoice({ invoice_type: 1, invoice_donation: "" }))).toThrow(InvoiceRequestError);
    expect(() => issueRequest(withInvoice({ invoice_type: 2, invoice_carrier_type: 2 }))).toThrow(
      /invoice_carrier_mobile/,
    );
    expect(() => issueRequest(withInvoice({}))).toThrow(/no invoice choice/);
  });
});
