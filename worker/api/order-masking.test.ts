import { describe, expect, it } from "vitest";
import { maskOrderDetails } from "./order-masking";

describe("a guest's view of an order's details", () => {
  it("masks the receiver, phones, address and tax id, and leaves out where they are", () => {
    const masked = maskOrderDetails({
      receiver: "林靜宜",
      cellphone: "0912345678",
      area_code: "02",
      tel_type: "市話",
      tel: "23456789#12",
      city: "臺北市",
      area: "中正區",
      address: "重慶南路一段 1 號",
      country: "台灣",
      invoice_type: 3,
      invoice_company: "人間文化股份有限公司",
      invoice_company_tax: "10458574",
    });
    expect(masked).toEqual({
      receiver: "林＊宜",
      cellphone: "0912＊＊＊678",
      tel_type: "市話",
      tel: "23＊＊＊＊89",
      address: "重慶＊＊＊＊＊＊＊＊",
      country: "台灣",
      invoice_type: 3,
      invoice_company: "人＊＊＊＊＊＊＊＊司",
      invoice_company_tax: "1＊＊＊＊＊＊4",
    });
    const text = JSON.stringify(masked);
    for (const secret of ["0912345678", "23456789", "重慶南路", "10458574", "臺北市", "中正區"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps the invoice kind and donation target, and drops carrier codes and anything unknown", () => {
    expect(
      maskOrderDetails({
        invoice_type: 2,
        invoice_carrier_type: 2,
        invoice_carrier_mobile: "/ABC+123",
        invoice_carrier_card: "AB12345678901234",
        note: "x",
      }),
    ).toEqual({ invoice_type: 2, invoice_carrier_type: 2 });
    expect(maskOrderDetails({ invoice_type: 1, invoice_donation: "5617" })).toEqual({
      invoice_type: 1,
      invoice_donation: "5617",
    });
  });

  it("masks short values whole", () => {
    expect(maskOrderDetails({ receiver: "林", address: "台" })).toEqual({ receiver: "＊", address: "＊" });
    expect(maskOrderDetails({ receiver: "林宜" })).toEqual({ receiver: "林＊" });
  });
});
