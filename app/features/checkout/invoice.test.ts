import { describe, expect, it } from "vitest";
import { filterCarrierCode, isCertificateCarrier, isCompanyTaxId, isMobileCarrier, isTel } from "./invoice";

/** SPEC §5's tax-id rule written out, to hold the library against it. */
function specTaxId(id: string): boolean {
  if (!/^\d{8}$/.test(id)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  const total = [...id].reduce((sum, d, i) => {
    const product = Number(d) * (weights[i] ?? 0);
    return sum + Math.floor(product / 10) + (product % 10);
  }, 0);
  if (total % 5 === 0) return true;
  return id[6] === "7" && ((total - 10) % 5 === 0 || (total - 9) % 5 === 0);
}

describe("tel", () => {
  it.each(["12345", "12345678", "2345678#12", "23456789#1"])("accepts %s", (v) => expect(isTel(v)).toBe(true));
  it.each(["1234", "123456789", "1234567#", "02-2345678", "#123", "12345#1#2"])("refuses %s", (v) =>
    expect(isTel(v)).toBe(false),
  );
});

describe("mobile carrier barcode", () => {
  it.each(["/ABC.1+-", "/1234567", "/A-B+C.D"])("accepts %s", (v) => expect(isMobileCarrier(v)).toBe(true));
  it.each(["ABC1234", "/abc1234", "/123456", "/12345678", "/ABC_123"])("refuses %s", (v) =>
    expect(isMobileCarrier(v)).toBe(false),
  );
});

describe("natural-person certificate carrier", () => {
  it.each(["AB12345678901234", "ZZ00000000000000"])("accepts %s", (v) => expect(isCertificateCarrier(v)).toBe(true));
  it.each(["ab12345678901234", "A123456789012345", "AB1234567890123", "AB123456789012345"])("refuses %s", (v) =>
    expect(isCertificateCarrier(v)).toBe(false),
  );
});

describe("company tax id", () => {
  it("accepts the Ministry of Finance examples valid under the ÷5 rule", () => {
    expect(isCompanyTaxId("04595252")).toBe(true);
    expect(isCompanyTaxId("10458570")).toBe(true);
  });

  it("refuses malformed ids", () => {
    for (const id of ["1234567", "123456789", "1234567a", ""]) expect(isCompanyTaxId(id)).toBe(false);
  });

  it("agrees with SPEC §5's rule on every id of a large sample, including the 7th-digit-7 cases", () => {
    // One assertion over the whole sample: 200,000 expect() calls took seconds on a busy machine.
    let sevens = 0;
    const disagreements: string[] = [];
    for (let n = 0; n < 200_000; n++) {
      const id = String((n * 7919 + 12345) % 100_000_000).padStart(8, "0");
      if (id[6] === "7") sevens++;
      if (isCompanyTaxId(id) !== specTaxId(id)) disagreements.push(id);
    }
    expect(disagreements).toEqual([]);
    expect(sevens).toBeGreaterThan(10_000);
  });
});

describe("a carrier's barcode as typed or pasted", () => {
  it("is read in capitals, full-width forms as ASCII, without spaces", () => {
    expect(filterCarrierCode(" /abc+123 ")).toBe("/ABC+123");
    expect(filterCarrierCode("／ＡＢ．－１２３")).toBe("/AB.-123");
    expect(filterCarrierCode("ab 1234 5678 9012 34")).toBe("AB12345678901234");
  });
  it("is never cut to length: one character too many stays, and the check refuses it", () => {
    expect(filterCarrierCode("/ABC12345")).toBe("/ABC12345");
    expect(isMobileCarrier(filterCarrierCode("/ABC12345"))).toBe(false);
    expect(filterCarrierCode("AB123456789012345")).toBe("AB123456789012345");
    expect(isCertificateCarrier(filterCarrierCode("AB123456789012345"))).toBe(false);
  });
});
