import { describe, expect, it } from "vitest";
import {
  districtValue,
  fieldOfApiMessage,
  landlineProblems,
  type RecipientValues,
  readDistrictValue,
  recipientProblems,
} from "./recipient-fields";

const domestic: RecipientValues = {
  name: "林靜宜",
  cellphone: "0912345678",
  area_type: "0",
  city: "臺北市",
  area: districtValue("臺北市", "中正區"),
  country: "",
  address: "重慶南路一段 1 號",
  tel_type: "市話",
  area_code: "02",
  tel: "23456789#12",
  is_default: false,
};
const overseas: RecipientValues = {
  ...domestic,
  area_type: "1",
  city: "",
  area: "",
  country: "日本",
  tel_type: "",
  area_code: "",
  tel: "",
  cellphone: "+819012345678",
};

describe("recipient fields", () => {
  it("accepts a full domestic and a full overseas recipient", () => {
    expect(recipientProblems(domestic)).toEqual({});
    expect(recipientProblems(overseas)).toEqual({});
  });

  it("reads a district option naming its city, or a bare district of the chosen city", () => {
    expect(readDistrictValue("嘉義市/東區", "臺南市")).toEqual({ city: "嘉義市", district: "東區" });
    expect(readDistrictValue("東區", "臺南市")).toEqual({ city: "臺南市", district: "東區" });
  });

  it("ties each problem to its field, with the API's messages", () => {
    expect(recipientProblems({ ...domestic, name: "", address: "", tel: "12" })).toEqual({
      name: "請填寫收件人",
      address: "請填寫地址",
      tel: "電話須為 5 到 8 位數字，分機請以 # 接在後面",
    });
    // Every required field in one round: no city and no district are both said at once.
    expect(recipientProblems({ ...domestic, city: "", area: "" })).toEqual({
      city: "請選擇縣市",
      area: "請選擇鄉鎮市區",
    });
    expect(recipientProblems({ ...domestic, city: "亞特蘭提斯", area: "" })).toEqual({
      city: "請從清單中選擇縣市",
      area: "請選擇鄉鎮市區",
    });
    expect(recipientProblems({ ...domestic, area: "" })).toEqual({ area: "請選擇鄉鎮市區" });
    expect(recipientProblems({ ...domestic, area: districtValue("基隆市", "中正區") })).toEqual({
      area: "請選擇所選縣市內的鄉鎮市區",
    });
    expect(recipientProblems({ ...domestic, cellphone: "09-12", area_code: "2" })).toEqual({
      cellphone: "手機號碼格式不正確",
      area_code: "電話區碼格式不正確",
    });
    expect(recipientProblems({ ...overseas, country: "亞特蘭提斯" })).toEqual({ country: "請從清單中選擇國家" });
    expect(recipientProblems({ ...overseas, country: "台灣" })).toEqual({
      country: "海外地址請選擇台灣以外的國家；寄往台灣請選國內地址",
    });
    expect(recipientProblems({ ...overseas, area_type: "" })).toEqual({ area_type: "請選擇國內或海外地址" });
  });

  it("never needs a landline (the 手機 is always asked for); one begun must be whole and well formed", () => {
    expect(landlineProblems({ area_code: "", tel: "" })).toEqual({});
    expect(landlineProblems({ area_code: " ", tel: " " })).toEqual({});
    expect(landlineProblems({ area_code: "02", tel: "23456789#12" })).toEqual({});
    expect(landlineProblems({ area_code: "02", tel: "" })).toEqual({ tel: "請填寫電話" });
    expect(landlineProblems({ area_code: "", tel: "2345678" })).toEqual({
      area_code: "請填寫電話區碼",
    });
    expect(landlineProblems({ area_code: "02345", tel: "1234" })).toEqual({
      area_code: "電話區碼格式不正確",
      tel: "電話須為 5 到 8 位數字，分機請以 # 接在後面",
    });
  });

  it("says a pasted landline is too long rather than keep a cut one (the field no longer cuts it)", () => {
    expect(landlineProblems({ area_code: "02", tel: "23456789#12345678901" })).toEqual({});
    expect(landlineProblems({ area_code: "02", tel: "23456789#123456789012" })).toEqual({
      tel: "電話連分機最多 20 個字",
    });
    expect(landlineProblems({ area_code: "02123", tel: "23456789" })).toEqual({ area_code: "電話區碼格式不正確" });
  });

  it("takes a domestic recipient with only a 手機", () => {
    expect(recipientProblems({ ...domestic, area_code: "", tel: "" })).toEqual({});
    expect(recipientProblems({ ...domestic, cellphone: "", area_code: "", tel: "" })).toEqual({
      cellphone: "請填寫手機號碼",
    });
  });

  it("finds the field an API message is about", () => {
    expect(fieldOfApiMessage("電話須為 5 到 8 位數字，分機請以 # 接在後面")).toBe("tel");
    expect(fieldOfApiMessage("請選擇電話類型")).toBe("tel_type");
    expect(fieldOfApiMessage("電話區碼格式不正確")).toBe("area_code");
    expect(fieldOfApiMessage("請選擇所選縣市內的鄉鎮市區")).toBe("area");
    expect(fieldOfApiMessage("收件人 最多 50 個字")).toBe("name");
    expect(fieldOfApiMessage("找不到這位收件人")).toBeUndefined();
    expect(fieldOfApiMessage("最多只能儲存 10 位收件人")).toBeUndefined();
  });
});
