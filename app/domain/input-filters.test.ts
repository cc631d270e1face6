import { describe, expect, it } from "vitest";
import { filterCellphone, filterDigits, filterPassword, filterTel } from "./input-filters";

describe("input filters (SPEC §5)", () => {
  it("keeps digits only in number fields", () => {
    expect(filterDigits("12a-3 4")).toBe("1234");
  });
  it("keeps digits and one # with digits in tel", () => {
    expect(filterTel("02-2345 6789")).toBe("0223456789");
    expect(filterTel("23456789#123")).toBe("23456789#123");
    expect(filterTel("2345#12#3x")).toBe("2345#123");
    expect(filterTel("#12")).toBe("#12");
  });
  it("keeps an optional leading + and digits in cellphone", () => {
    expect(filterCellphone("+886 912-345-678")).toBe("+886912345678");
    expect(filterCellphone("0912+345")).toBe("0912345");
  });
  it("keeps letters and digits in passwords", () => {
    expect(filterPassword("Demo 12_34!密")).toBe("Demo1234");
    expect(filterPassword("Ｄｅｍｏ１２３４")).toBe("Demo1234");
  });
});

describe("full-width input and pasted spaces", () => {
  it("reads full-width digits and signs as the digits and signs they are", () => {
    expect(filterDigits("０９１２３４５６７８")).toBe("0912345678");
    expect(filterCellphone("＋８８６ ９１２")).toBe("+886912");
    expect(filterTel("２３４５６７８９＃１２")).toBe("23456789#12");
  });
  it("limits the length after filtering, so a pasted code with spaces keeps all its digits", () => {
    expect(filterDigits(" 1105257827 ", 10)).toBe("1105257827");
    expect(filterDigits("12345678901", 10)).toBe("1234567890");
    expect(filterCellphone(" +886912345678901 ", 16)).toBe("+886912345678901");
    expect(filterTel("02-2345-6789 #12345678901234", 20)).toBe("0223456789#123456789");
  });
});
