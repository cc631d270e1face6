import { describe, expect, it } from "vitest";
import {
  districtsOf,
  findCity,
  normaliseTaiwanName,
  postalCodeOf,
  TAIWAN_CITIES,
  taiwanAddressLine,
  taiwanAddressProblem,
} from "./tw-postal";

const SPECIAL = ["釣魚臺列嶼", "東沙群島", "南沙群島"];
const rows = TAIWAN_CITIES.flatMap((c) => c.districts.map((d) => ({ city: c.name, ...d })));

describe("Taiwan cities, districts and postal codes (DATA.md)", () => {
  it("has 22 cities, 371 rows and 368 ordinary districts, all with 3-digit codes and the official 臺", () => {
    expect(TAIWAN_CITIES).toHaveLength(22);
    expect(rows).toHaveLength(371);
    expect(rows.filter((r) => !SPECIAL.includes(r.name))).toHaveLength(368);
    for (const r of rows) {
      expect(r.postal_code).toMatch(/^\d{3}$/);
      expect(`${r.city}${r.name}`).not.toContain("台");
    }
    expect(TAIWAN_CITIES.map((c) => c.name).slice(0, 3)).toEqual(["臺北市", "基隆市", "新北市"]);
    expect(TAIWAN_CITIES.at(-1)?.name).toBe("連江縣");
  });

  it("shares 300 among 新竹市's three districts and 600 between 嘉義市's two; no other code is shared", () => {
    expect(districtsOf("新竹市").map((d) => [d.name, d.postal_code])).toEqual([
      ["東區", "300"],
      ["北區", "300"],
      ["香山區", "300"],
    ]);
    expect(districtsOf("嘉義市").map((d) => d.postal_code)).toEqual(["600", "600"]);
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.postal_code, (counts.get(r.postal_code) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([
      ["300", 3],
      ["600", 2],
    ]);
  });

  it("includes the 2014-2015 changes", () => {
    expect(districtsOf("桃園市")).toHaveLength(13);
    expect(postalCodeOf("苗栗縣", "頭份市")).toBe("351");
    expect(postalCodeOf("彰化縣", "員林市")).toBe("510");
  });

  it("matches what people type with 台 or spaces", () => {
    expect(normaliseTaiwanName(" 台北市 ")).toBe("臺北市");
    expect(findCity("台中市")?.name).toBe("臺中市");
    expect(postalCodeOf("台北市", "中正區")).toBe("100");
    expect(postalCodeOf("臺東縣", "台東市")).toBe("950");
    expect(postalCodeOf("臺北市", "板橋區")).toBeUndefined();
    expect(districtsOf("亞特蘭提斯")).toEqual([]);
  });

  it("writes a domestic address line with its postal code first, or without one it cannot find", () => {
    expect(taiwanAddressLine("臺北市", "中正區", "重慶南路一段 1 號")).toBe("100 臺北市中正區重慶南路一段 1 號");
    expect(taiwanAddressLine("臺北市", "板橋區", "文化路一段 1 號")).toBe("臺北市板橋區文化路一段 1 號");
    expect(taiwanAddressLine("", "", "重慶＊＊＊＊")).toBe("重慶＊＊＊＊");
  });

  it("says what is wrong with a city, district and optional 3- or 6-digit postal code", () => {
    expect(taiwanAddressProblem("臺北市", "中正區")).toBeNull();
    expect(taiwanAddressProblem("台北市", "中正區", "100")).toBeNull();
    expect(taiwanAddressProblem("臺北市", "中正區", "100012")).toBeNull();
    expect(taiwanAddressProblem("", "中正區")).toBe("請選擇縣市");
    expect(taiwanAddressProblem("北京市", "中正區")).toBe("請從清單中選擇縣市");
    expect(taiwanAddressProblem("臺北市", " ")).toBe("請選擇鄉鎮市區");
    expect(taiwanAddressProblem("臺北市", "板橋區")).toBe("請選擇所選縣市內的鄉鎮市區");
    expect(taiwanAddressProblem("臺北市", "中正區", "1000")).toBe("郵遞區號須為 3 碼或 6 碼數字");
    expect(taiwanAddressProblem("臺北市", "中正區", "10001a")).toBe("郵遞區號須為 3 碼或 6 碼數字");
    expect(taiwanAddressProblem("臺北市", "中正區", "220")).toBe("郵遞區號與鄉鎮市區不符");
    expect(taiwanAddressProblem("新竹市", "香山區", "300123")).toBeNull();
  });
});
