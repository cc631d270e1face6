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
  it("keep all the digits of a pasted code with spaces around it", () => {
    expect(filterDigits(" 1105257827 ")).toBe("1105257827");
    expect(filterCellphone(" +886912345678901 ")).toBe("+886912345678901");
  });
});

describe("a pasted value that is too long", () => {
  // Cut to the field's length, each of these would be another valid value (another company's 統一編號, another
  // reader's carrier or code), sent without a word: the filters keep all of it, and the field's check says so.
  it("is never cut to length", () => {
    expect(filterDigits("0459525799")).toBe("0459525799");
    expect(filterDigits("１２３４５６７８９０１")).toBe("12345678901");
    expect(filterCellphone("+8869123456789012")).toBe("+8869123456789012");
    expect(filterTel("02-2345-6789 #12345678901234")).toBe("0223456789#12345678901234");
  });
});
