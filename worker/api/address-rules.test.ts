// The built-in API's address rules (checkout and saved recipients): the landline beside a 手機 is optional, the
// same rule as the storefront's form (app/features/account/recipient-fields.ts landlineProblems).
import { describe, expect, it } from "vitest";
import { checkAddress } from "./address-rules";

const domestic = {
  name: "林靜宜",
  cellphone: "0912345678",
  area_type: 0 as const,
  country: "台灣",
  city: "臺北市",
  area: "中正區",
  address: "重慶南路一段 1 號",
  area_code: "02",
  tel: "23456789",
};

const refusal = (fields: Parameters<typeof checkAddress>[0]) => {
  try {
    checkAddress(fields);
    return null;
  } catch (error) {
    return error as { code: number; message: string };
  }
};

describe("checkAddress", () => {
  it("takes a domestic address with a 手機 and no landline, empty or left out", () => {
    expect(refusal(domestic)).toBeNull();
    expect(refusal({ ...domestic, area_code: "", tel: "" })).toBeNull();
    expect(refusal({ ...domestic, area_code: undefined, tel: undefined })).toBeNull();
  });

  it("refuses half a landline and a malformed one, naming the field", () => {
    expect(refusal({ ...domestic, tel: "" })).toMatchObject({ code: 2, message: "請填寫電話" });
    expect(refusal({ ...domestic, area_code: undefined })).toMatchObject({ code: 2, message: "請填寫電話區碼" });
    expect(refusal({ ...domestic, area_code: "2" })).toMatchObject({ code: 2, message: "電話區碼格式不正確" });
    expect(refusal({ ...domestic, tel: "12-34" })).toMatchObject({
      code: 2,
      message: "電話須為 5 到 8 位數字，分機請以 # 接在後面",
    });
  });

  it("still asks every physical address for a 手機", () => {
    expect(refusal({ ...domestic, cellphone: "" })).toMatchObject({ code: 2, message: "請填寫手機號碼" });
    expect(refusal({ ...domestic, cellphone: undefined, area_code: "", tel: "" })).toMatchObject({
      message: "請填寫手機號碼",
    });
  });

  it("asks an overseas address for no landline at all", () => {
    expect(
      refusal({ ...domestic, area_type: 1, country: "日本", city: undefined, area: undefined, tel: "", area_code: "" }),
    ).toBeNull();
  });

  it("refuses an overseas address in Taiwan (it would pay international shipping) and a domestic one abroad", () => {
    expect(refusal({ ...domestic, area_type: 1, city: undefined, area: undefined })).toMatchObject({
      code: 2,
      message: "海外地址請選擇台灣以外的國家；寄往台灣請選國內地址",
    });
    expect(refusal({ ...domestic, country: "日本" })).toMatchObject({ code: 2, message: "國內訂單的國家須為台灣" });
  });
});
