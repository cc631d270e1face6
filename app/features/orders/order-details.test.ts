import { describe, expect, it } from "vitest";
import { readOrderDetails } from "./order-details";

const DOMESTIC = {
  receiver: "林靜宜",
  cellphone: "0912345678",
  area_code: "02",
  tel_type: "市話",
  tel: "23456789",
  city: "臺北市",
  area: "中正區",
  address: "重慶南路一段 1 號",
  country: "台灣",
};

describe("readOrderDetails", () => {
  it("writes a domestic receiver as a Taiwanese address with its postal code, with both phones", () => {
    expect(readOrderDetails(DOMESTIC).receiver).toEqual({
      name: "林靜宜",
      phones: ["0912345678", "市話 (02) 23456789"],
      address: "100 臺北市中正區重慶南路一段 1 號",
    });
  });

  it("leaves the postal code out when the district is not the city's, or the city and district are not given", () => {
    expect(readOrderDetails({ ...DOMESTIC, area: "板橋區" }).receiver?.address).toBe("臺北市板橋區重慶南路一段 1 號");
    // A guest's order search: the API masks the street and leaves out city and area.
    const masked = { receiver: "林＊宜", country: "台灣", address: "重慶＊＊＊＊＊＊＊" };
    expect(readOrderDetails(masked).receiver?.address).toBe("重慶＊＊＊＊＊＊＊");
  });

  it("puts the country before an overseas address", () => {
    const details = { receiver: "王小明", cellphone: "+81312345678", country: "日本", address: "東京都千代田區 1-1" };
    expect(readOrderDetails(details).receiver).toEqual({
      name: "王小明",
      phones: ["+81312345678"],
      address: "日本 東京都千代田區 1-1",
    });
  });

  it("has no receiver for a digital order", () => {
    expect(readOrderDetails({ invoice_type: 2, invoice_carrier_type: 1 })).toEqual({
      invoice: { label: "電子發票載具", fields: [{ label: "載具", value: "會員載具" }] },
    });
  });

  it("names the charity of a donated invoice, or keeps an unknown code", () => {
    expect(readOrderDetails({ invoice_type: 1, invoice_donation: "5617" }).invoice).toEqual({
      label: "捐贈發票",
      fields: [{ label: "捐贈單位", value: "財團法人人間文教基金會" }],
    });
    expect(readOrderDetails({ invoice_type: 1, invoice_donation: "1234" }).invoice?.fields).toEqual([
      { label: "捐贈單位", value: "1234" },
    ]);
  });

  it("shows the carrier code of a mobile barcode or a certificate", () => {
    expect(
      readOrderDetails({ invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/ABC1234" }).invoice,
    ).toEqual({ label: "電子發票載具", fields: [{ label: "載具", value: "手機條碼 /ABC1234" }] });
    expect(
      readOrderDetails({ invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "AB12345678901234" }).invoice
        ?.fields,
    ).toEqual([{ label: "載具", value: "自然人憑證 AB12345678901234" }]);
  });

  it("shows the company and its tax id", () => {
    expect(
      readOrderDetails({ invoice_type: 3, invoice_company: "覺林文化", invoice_company_tax: "04595252" }).invoice,
    ).toEqual({
      label: "公司戶發票",
      fields: [
        { label: "公司名稱", value: "覺林文化" },
        { label: "統一編號", value: "04595252" },
      ],
    });
  });

  it("adds the e-invoice's state, with what to do about it, its number and date once issued", () => {
    const choice = { invoice_type: 2, invoice_carrier_type: 1 };
    expect(readOrderDetails(choice, { state: "pending", number: null, issued_at: null }).invoice).toEqual({
      label: "電子發票載具",
      fields: [{ label: "載具", value: "會員載具" }],
      status: { label: "待開立", note: "付款已確認，發票開立後會在這裡顯示發票號碼" },
    });
    expect(
      readOrderDetails(choice, { state: "voided", number: "EZ00000001", issued_at: "2026-11-26T10:00:00+08:00" })
        .invoice,
    ).toMatchObject({
      status: { label: "已作廢", note: "" },
      number: "EZ00000001",
      issuedAt: "2026-11-26T10:00:00+08:00",
    });
    expect(readOrderDetails(choice, { state: "failed", number: null, issued_at: null }).invoice?.status).toEqual({
      label: "開立失敗",
      note: "發票開立失敗，我們會盡快處理，如有疑問請聯絡客服",
    });
    // Before payment (no invoice yet) only the choice is shown; a state the store does not have adds nothing.
    expect(readOrderDetails(choice, null).invoice).toEqual(readOrderDetails(choice).invoice);
    expect(readOrderDetails(choice, { state: "odd", number: null, issued_at: null }).invoice).toEqual(
      readOrderDetails(choice).invoice,
    );
  });

  it("says an ended order's (取消訂單, 交易中斷) invoice still waiting is voided or not issued", () => {
    const choice = { invoice_type: 2, invoice_carrier_type: 1 };
    for (const state of ["pending", "issuing"]) {
      const issued = { state, number: null, issued_at: null };
      for (const ended of [6, 2]) {
        expect(readOrderDetails(choice, issued, ended).invoice?.status?.note, `${state} ${ended}`).toBe(
          "訂單已取消，發票將作廢或不開立",
        );
      }
      // Paid (5), waiting for stock (4), or shipped (7): the invoice is still to come.
      for (const open of [5, 4, 7]) {
        expect(readOrderDetails(choice, issued, open).invoice?.status?.note, `${state} ${open}`).toBe(
          "付款已確認，發票開立後會在這裡顯示發票號碼",
        );
      }
    }
    expect(
      readOrderDetails(choice, { state: "voiding", number: "EZ00000001", issued_at: null }, 6).invoice?.status,
    ).toEqual({ label: "作廢處理中", note: "訂單已取消，發票將會作廢" });
  });

  it("says nothing about an invoice it does not know", () => {
    expect(readOrderDetails({})).toEqual({});
    expect(readOrderDetails({ invoice_type: 9 })).toEqual({});
  });
});
