import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES } from "../account/recipient-fields";
import { defaultTempOrder, type TempOrder } from "./checkout";
import { checkoutProblems, problemsSummary } from "./checkout-draft";

const domestic: TempOrder = {
  ...defaultTempOrder(0),
  member_name: "林靜宜",
  member_email: "reader@example.com",
  receiver: "林靜宜",
  cellphone: "0912345678",
  city: "臺北市",
  area: "中正區",
  address: "重慶南路一段 1 號",
  area_code: "02",
  tel: "23456789",
};

describe("the checkout draft's checks (the API's messages)", () => {
  it("finds nothing wrong with a complete domestic order donating its invoice", () => {
    expect(checkoutProblems(domestic)).toEqual({});
  });

  it("asks for the buyer's name and a well-formed e-mail", () => {
    expect(checkoutProblems({ ...domestic, member_name: " ", member_email: "" })).toEqual({
      member_name: "請填寫訂購人姓名",
      member_email: "請填寫訂購人電子郵件",
    });
    expect(checkoutProblems({ ...domestic, member_email: "reader@example" }).member_email).toBe(
      "訂購人電子郵件格式不正確",
    );
    // The API's shape (reader.@… is refused there too), a full-width address read as ASCII.
    expect(checkoutProblems({ ...domestic, member_email: "reader.@example.com" }).member_email).toBe(
      "訂購人電子郵件格式不正確",
    );
    expect(checkoutProblems({ ...domestic, member_email: "ｒｅａｄｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ" })).toEqual({});
  });

  it("asks a domestic physical order for the receiver, cellphone, 縣市, 區, address and a landline begun, in that order", () => {
    const problems = checkoutProblems({
      ...domestic,
      receiver: "",
      cellphone: "12",
      city: "",
      area: "",
      address: "",
      area_code: "",
      tel: "123",
    });
    expect(problems).toEqual({
      receiver: "請填寫收件人",
      cellphone: "手機號碼格式不正確",
      city: "請選擇縣市",
      area: "請選擇鄉鎮市區",
      address: "請填寫地址",
      area_code: "請填寫電話區碼",
      tel: "電話須為 5 到 8 位數字，分機請以 # 接在後面",
    });
    expect(Object.keys(problems)).toEqual(["receiver", "cellphone", "city", "area", "address", "area_code", "tel"]);
  });

  it("takes a domestic order with a 手機 and no landline: 區碼 and 電話 are optional beside a 手機", () => {
    expect(checkoutProblems({ ...domestic, area_code: "", tel: "" })).toEqual({});
    expect(checkoutProblems({ ...domestic, area_code: " ", tel: " " })).toEqual({});
  });

  it("asks for the 手機 always and the landline never, but for both parts of one begun", () => {
    expect(checkoutProblems({ ...domestic, cellphone: "", area_code: "", tel: "" })).toEqual({
      cellphone: "請填寫手機號碼",
    });
    expect(checkoutProblems({ ...domestic, cellphone: "", area_code: "02", tel: "23456789" })).toEqual({
      cellphone: "請填寫手機號碼",
    });
    expect(checkoutProblems({ ...domestic, cellphone: "" })).toEqual({ cellphone: "請填寫手機號碼" });
    expect(checkoutProblems({ ...domestic, area_code: "02", tel: "" })).toEqual({ tel: "請填寫電話" });
    expect(checkoutProblems({ ...domestic, area_code: "", tel: "23456789" })).toEqual({
      area_code: "請填寫電話區碼",
    });
    expect(checkoutProblems({ ...domestic, area_code: "2", tel: "23456789" })).toEqual({
      area_code: "電話區碼格式不正確",
    });
  });

  it("wants the district to be one of the chosen city's", () => {
    expect(checkoutProblems({ ...domestic, area: "" }).area).toBe("請選擇鄉鎮市區");
    expect(checkoutProblems({ ...domestic, city: "高雄市", area: "中正區" }).area).toBe("請選擇所選縣市內的鄉鎮市區");
  });

  it("names the missing district in the same round as the missing city", () => {
    const empty = { ...defaultTempOrder(0), member_name: "林靜宜", member_email: "reader@example.com" };
    expect(Object.keys(checkoutProblems(empty))).toEqual(["receiver", "cellphone", "city", "area", "address"]);
    expect(checkoutProblems({ ...domestic, city: "", area: "" })).toMatchObject({
      city: "請選擇縣市",
      area: "請選擇鄉鎮市區",
    });
  });

  it("asks an overseas order for a listed country other than 台灣, and no city or phone", () => {
    const overseas = { ...domestic, area_type: 1 as const, city: "", area: "", area_code: "", tel: "" };
    expect(checkoutProblems({ ...overseas, country: "日本" })).toEqual({});
    // One rule, one message: the saved recipients' and the API's.
    expect(checkoutProblems({ ...overseas, country: "台灣" }).country).toBe(ADDRESS_MESSAGES.countryTaiwanOverseas);
    expect(checkoutProblems({ ...overseas, country: "" }).country).toBe("請選擇國家");
    expect(checkoutProblems({ ...overseas, country: "火星" }).country).toBe("請從清單中選擇國家");
  });

  it("asks a digital order for no receiver at all", () => {
    const digital = { ...defaultTempOrder(1), member_name: "林靜宜", member_email: "reader@example.com" };
    expect(checkoutProblems(digital)).toEqual({});
  });

  it("checks the mobile barcode and the certificate only for their carrier type", () => {
    const carrier = { ...domestic, invoice_type: 2 as const };
    expect(checkoutProblems({ ...carrier, invoice_carrier_type: 1 })).toEqual({});
    expect(checkoutProblems({ ...carrier, invoice_carrier_type: 2 }).invoice_carrier_mobile).toBe("請填寫手機條碼");
    expect(
      checkoutProblems({ ...carrier, invoice_carrier_type: 2, invoice_carrier_mobile: "/abc1234" })
        .invoice_carrier_mobile,
    ).toBe("手機條碼須為 / 加上 7 碼英數字（大寫）或 . - +");
    expect(checkoutProblems({ ...carrier, invoice_carrier_type: 2, invoice_carrier_mobile: "/AB12.-+" })).toEqual({});
    expect(
      checkoutProblems({ ...carrier, invoice_carrier_type: 3, invoice_carrier_card: "A1234567890123456" })
        .invoice_carrier_card,
    ).toBe("自然人憑證條碼須為 2 個大寫英文字母加 14 位數字");
    expect(checkoutProblems({ ...carrier, invoice_carrier_type: 3, invoice_carrier_card: "AB12345678901234" })).toEqual(
      {},
    );
  });

  it("checks the company's tax id with SPEC §5's 7th-digit rule", () => {
    const company = { ...domestic, invoice_type: 3 as const, invoice_company: "人間出版社" };
    expect(checkoutProblems({ ...company, invoice_company_tax: "10458574" })).toEqual({});
    expect(checkoutProblems({ ...company, invoice_company_tax: "10458575" })).toEqual({});
    expect(checkoutProblems({ ...company, invoice_company_tax: "12345678" }).invoice_company_tax).toBe(
      "統一編號不正確",
    );
    expect(checkoutProblems({ ...company, invoice_company_tax: "1234" }).invoice_company_tax).toBe(
      "統一編號須為 8 位數字",
    );
    expect(checkoutProblems({ ...company, invoice_company: "", invoice_company_tax: "" })).toEqual({
      invoice_company: "請填寫公司抬頭",
      invoice_company_tax: "請填寫統一編號",
    });
    // ezPay's buyer name is at most 60 characters (an ideograph outside the BMP counts as one).
    const named = (name: string) =>
      checkoutProblems({ ...company, invoice_company: name, invoice_company_tax: "10458574" });
    expect(named("𠀀".repeat(60))).toEqual({});
    expect(named("覺".repeat(61)).invoice_company).toBe("公司抬頭 最多 60 個字");
  });

  it("refuses a donation target that is not one of the two charities", () => {
    expect(checkoutProblems({ ...domestic, invoice_donation: "0095" }).invoice_donation).toBe(
      "請從清單中選擇發票捐贈單位",
    );
  });

  it("names the fields to fix by their labels, in the form's order", () => {
    expect(problemsSummary({})).toBeNull();
    expect(problemsSummary({ tel: "請填寫電話", cellphone: "請填寫手機號碼" })).toBe(
      "有 2 個欄位需要修正：手機、電話。請見欄位下方的說明。",
    );
  });
});
