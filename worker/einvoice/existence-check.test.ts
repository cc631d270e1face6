// The checkout's existence checks against the stand-in ezPay in-process: a known code exists, the stand-in's unknown
// ones are missing, and down, unconfigured or a wrong key make it "unknown" (checkout goes on).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import { parseConfig } from "../config";
import { STAND_IN_UNKNOWN_BARCODES, STAND_IN_UNKNOWN_LOVE_CODES } from "../dev-einvoice/existence";
import { codeExists } from "./existence-check";
import { STORE_CONFIG, standIn, UNCONFIGURED } from "./stand-in.harness";

const d1 = testD1();
const stand = standIn(() => d1.db);

beforeEach(async () => {
  await d1.fresh();
  stand.calls.length = 0;
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("codeExists", () => {
  it("says whether ezPay knows a mobile barcode or a love code", async () => {
    const ask = (kind: "barcode" | "loveCode", code: string) =>
      codeExists(STORE_CONFIG, kind, code, new Date(), stand.send);
    expect(await ask("barcode", "/AB+1234")).toBe("exists");
    expect(await ask("barcode", STAND_IN_UNKNOWN_BARCODES[0] as string)).toBe("missing");
    expect(await ask("loveCode", "5617")).toBe("exists");
    expect(await ask("loveCode", STAND_IN_UNKNOWN_LOVE_CODES[0] as string)).toBe("missing");
    expect(stand.calls).toEqual([
      "/Api_inv_application/checkBarCode",
      "/Api_inv_application/checkBarCode",
      "/Api_inv_application/checkLoveCode",
      "/Api_inv_application/checkLoveCode",
    ]);
  });

  it("cannot say (checkout goes on) when ezPay is down, not configured, or its reply does not decrypt", async () => {
    await stand.setSwitches({ down: "on" });
    expect(await codeExists(STORE_CONFIG, "barcode", "/NOPE000", new Date(), stand.send)).toBe("unknown");
    await stand.setSwitches({ down: "off" });
    expect(await codeExists(UNCONFIGURED, "barcode", "/NOPE000", new Date(), stand.send)).toBe("unknown");
    const otherKey = parseConfig({
      SITE_DESCRIPTION: "歡迎光臨",
      EZPAY_MERCHANT_ID: STORE_CONFIG.ezpayMerchantId,
      EZPAY_HASH_KEY: "z".repeat(32),
      EZPAY_HASH_IV: STORE_CONFIG.ezpayHashIv,
      EZPAY_URL: STORE_CONFIG.ezpayUrl,
    });
    expect(await codeExists(otherKey, "barcode", "/NOPE000", new Date(), stand.send)).toBe("unknown");
  });

  it("gives up on an ezPay that does not answer, after its short timeout", async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener("abort", () => reject(request.signal.reason)),
      );
    expect(await codeExists(STORE_CONFIG, "barcode", "/AB+1234", new Date(), hang)).toBe("unknown");
  });
});
