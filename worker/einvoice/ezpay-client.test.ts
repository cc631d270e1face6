// The client's three calls against the stand-in ezPay in-process (real local D1), and its three outcomes: ok with the
// Result parsed, refused with ezPay's code, unreachable for a 503, a cut-off reply, a timeout or no server at all.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import { parseConfig } from "../config";
import { isIssueCheckCode } from "./check-code";
import { ezpayClient, ezpayMerchant } from "./ezpay-client";
import { type IssueRequest, issueRequest } from "./issue-request";
import { EZPAY_CREDENTIALS, EZPAY_KEYS, MERCHANT_ID, STORE_CONFIG, standIn, UNCONFIGURED } from "./stand-in.harness";
import { INVOICE_ORDER } from "./testing/invoice-order";

const d1 = testD1();
const stand = standIn(() => d1.db);
const now = new Date("2026-11-23T11:05:35Z");

/** The mobile-barcode invoice of 870 (testing/invoice-order.ts). */
function request(id = 42): IssueRequest {
  const made = issueRequest({ ...INVOICE_ORDER, id });

  if (!made) throw new Error("no request");
  return made;
}

const client = () => {
  const made = ezpayClient(STORE_CONFIG, stand.send);
  if (!made) throw new Error("no client");
  return made;
};

beforeEach(async () => {
  await d1.fresh();
  stand.calls.length = 0;
});

describe("ezpayMerchant", () => {
  it("is the configured merchant, or none without the credentials", () => {
    expect(ezpayMerchant(STORE_CONFIG)).toEqual({ merchantId: MERCHANT_ID, keys: EZPAY_KEYS });
    expect(ezpayMerchant(UNCONFIGURED)).toBeNull();
    expect(ezpayClient(UNCONFIGURED)).toBeNull();
  });
});

describe("the calls", () => {
  it("issues with the stored request, TimeStamp in seconds added, and reads the Result string as an object", async () => {
    const { params, merchantOrderNo } = request();
    expect(params).not.toHaveProperty("TimeStamp");
    const reply = await client().issue(params, now);
    expect(stand.calls).toEqual(["/Api/invoice_issue"]);
    if (reply.kind !== "ok") throw new Error(JSON.stringify(reply));
    expect(reply.result).toMatchObject({ MerchantID: MERCHANT_ID, MerchantOrderNo: merchantOrderNo, TotalAmt: 870 });
    expect(reply.result.InvoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    const signed = {
      InvoiceTransNo: String(reply.result.InvoiceTransNo),
      MerchantID: MERCHANT_ID,
      MerchantOrderNo: merchantOrderNo,
      RandomNum: String(reply.result.RandomNum),
      TotalAmt: 870,
    };
    expect(await isIssueCheckCode(signed, String(reply.result.CheckCode), EZPAY_KEYS)).toBe(true);
    // The barcode arrived as it is: encoded twice by the client, decoded twice by the stand-in.
    expect((await stand.issued(merchantOrderNo))[0]).toMatchObject({ carrier_type: "0", carrier_num: "/AB+1234" });
  });

  it("searches by MerchantOrderNo and TotalAmt, and voids by InvoiceNumber with a reason", async () => {
    const { params, merchantOrderNo } = request();
    const issued = await client().issue(params, now);
    if (issued.kind !== "ok") throw new Error(JSON.stringify(issued));
    const found = await client().searchByOrder({ merchantOrderNo, totalAmt: 870 }, now);
    expect(found).toMatchObject({ kind: "ok", result: { InvoiceNumber: issued.result.InvoiceNumber } });
    const voided = await client().invalid(
      { invoiceNumber: String(issued.result.InvoiceNumber), reason: "訂單取消" },
      now,
    );
    expect(voided).toMatchObject({ kind: "ok", result: { InvoiceNumber: issued.result.InvoiceNumber } });
    expect((await stand.issued(merchantOrderNo))[0]).toMatchObject({ invalid_reason: "訂單取消" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search", "/Api/invoice_invalid"]);
  });

  it("gives ezPay's refusals as refused, with the code and message", async () => {
    const { params, merchantOrderNo } = request();
    const broken = await client().issue({ ...params, ItemAmt: "641|250|80|-100" }, now);
    expect(broken).toMatchObject({ kind: "refused", code: "INV10004" });
    expect(broken.kind === "refused" && broken.message).toMatch(/^商品資訊的商品小計計算錯誤/);
    await client().issue(params, now);
    expect(await client().issue(params, now)).toMatchObject({ kind: "refused", code: "LIB10003" });
    expect(await client().searchByOrder({ merchantOrderNo, totalAmt: 871 }, now)).toMatchObject({
      kind: "refused",
      code: "INV20006",
    });
    const other = parseConfig({
      SITE_DESCRIPTION: "歡迎光臨",
      ...EZPAY_CREDENTIALS,
      EZPAY_HASH_KEY: "abcdefghijabcdefghijabcdefghij12",
      EZPAY_URL: STORE_CONFIG.ezpayUrl,
    });
    expect(await ezpayClient(other, stand.send)?.issue(params, now)).toMatchObject({
      kind: "refused",
      code: "KEY10002",
    });
  });
});

describe("unreachable", () => {
  it("is the stand-in down (HTTP 503, text)", async () => {
    await stand.setSwitches({ down: "on" });
    expect(await client().issue(request().params, now)).toEqual({ kind: "unreachable", reason: "HTTP 503" });
    expect(await client().invalid({ invoiceNumber: "EZ00000001", reason: "訂單取消" }, now)).toMatchObject({
      kind: "unreachable",
    });
  });

  it("is a reply cut off halfway (issued all the same: the retry gets LIB10003)", async () => {
    await stand.setSwitches({ lost_replies: 1 });
    const { params, merchantOrderNo } = request();
    expect(await client().issue(params, now)).toEqual({
      kind: "unreachable",
      reason: "the reply is not JSON (cut off?)",
    });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
    expect(await client().issue(params, now)).toMatchObject({ kind: "refused", code: "LIB10003" });
  });

  it("is a reply that is JSON but not ezPay's envelope, or a SUCCESS whose Result is not a JSON object", async () => {
    const answering = (body: unknown) =>
      ezpayClient(STORE_CONFIG, async () => Response.json(body))?.issue(request().params, now);
    expect(await answering([1])).toMatchObject({ kind: "unreachable" });
    expect(await answering({ Message: "x" })).toMatchObject({ kind: "unreachable", reason: "the reply has no Status" });
    expect(await answering({ Status: "SUCCESS", Message: "", Result: "{cut" })).toMatchObject({
      kind: "unreachable",
      reason: "the reply's Result is not JSON",
    });
    expect(await answering({ Status: "SUCCESS", Message: "", Result: { InvoiceNumber: "EZ1" } })).toMatchObject({
      kind: "unreachable",
    });
    expect(await answering({ Status: "NOR10001", Message: "網路連線異常", Result: "" })).toEqual({
      kind: "refused",
      code: "NOR10001",
      message: "網路連線異常",
    });
  });

  describe("over the network", () => {
    let hanging: Server;
    let hangingUrl = "";
    let closedUrl = "";
    beforeAll(async () => {
      hanging = createServer(() => {
        // never answers
      });
      await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
      hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise((resolve) => closed.close(resolve));
    });
    afterAll(() => {
      hanging.closeAllConnections();
      hanging.close();
    });
    const at = (url: string) =>
      ezpayClient(
        parseConfig({ SITE_DESCRIPTION: "歡迎光臨", ...EZPAY_CREDENTIALS, EZPAY_URL: url, EZPAY_TIMEOUT_MS: "300" }),
      );

    it("is no reply within EZPAY_TIMEOUT_MS", async () => {
      const started = Date.now();
      expect(await at(hangingUrl)?.issue(request().params, now)).toEqual({ kind: "unreachable", reason: "timeout" });
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it("is no server at all", async () => {
      expect(await at(closedUrl)?.issue(request().params, now)).toMatchObject({
        kind: "unreachable",
        reason: expect.stringMatching(/^network: /),
      });
    });
  });
});
