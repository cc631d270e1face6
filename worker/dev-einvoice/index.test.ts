// The stand-in ezPay, through Hono's app.request on a real local D1 (Miniflare's, every migration applied): each
// endpoint, each refusal code, the switches, and the page.
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import { parseConfig } from "../config";
import { isIssueCheckCode } from "../einvoice/check-code";
import { checkForm } from "../einvoice/check-value";
import { sealIssueParams } from "../einvoice/issue-params";
import { decryptPostData, type EzpayParams, ezpayForm, sealPostData } from "../einvoice/post-data";
import { configMiddleware } from "../middleware/config";
import type { WorkerEnv } from "../types";
import { DOWN_BODY, type EzpayReply } from "./call";
import { STAND_IN_EZPAY_ERRORS, type StandInErrorCode } from "./errors";
import { STAND_IN_UNKNOWN_BARCODES, STAND_IN_UNKNOWN_LOVE_CODES } from "./existence";
import { devEinvoice } from "./index";

const d1 = testD1();
const merchantId = "34661234";
const keys = { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" };
const variables = {
  SITE_DESCRIPTION: "歡迎光臨",
  EZPAY_MERCHANT_ID: merchantId,
  EZPAY_HASH_KEY: keys.hashKey,
  EZPAY_HASH_IV: keys.hashIv,
  DEV_EINVOICE: "on",
};

const appWith = (env: Record<string, string>) =>
  new Hono<WorkerEnv>().use(configMiddleware(parseConfig(env))).route("/_dev/einvoice", devEinvoice);
const standIn = appWith(variables);

const call = (path: string, init: RequestInit = {}, app = standIn) =>
  Promise.resolve(app.request(`http://shop.test/_dev/einvoice${path}`, init, { DB: d1.db } as unknown as Env));
const post = (path: string, body: URLSearchParams, app = standIn) => call(path, { method: "POST", body }, app);

const now = () => Math.floor(Date.now() / 1000);

/** A B2C invoice on a mobile barcode: 550 of books and 80 of shipping, 630 = 600 + 30. */
const b2c = (merchantOrderNo: string, changes: EzpayParams = {}): EzpayParams => ({
  RespondType: "JSON",
  Version: "1.5",
  TimeStamp: now(),
  MerchantOrderNo: merchantOrderNo,
  Status: "1",
  Category: "B2C",
  BuyerName: "王小明",
  BuyerEmail: "reader@example.com",
  CarrierType: "0",
  CarrierNum: "/AB+1234",
  PrintFlag: "N",
  TaxType: "1",
  TaxRate: "5",
  Amt: 600,
  TaxAmt: 30,
  TotalAmt: 630,
  ItemName: "金剛經講記|運費",
  ItemCount: "1|1",
  ItemUnit: "件|式",
  ItemPrice: "550|80",
  ItemAmt: "550|80",
  ...changes,
});

/** A company invoice: 2 books at 300, shipping 80, a 50 coupon: 630 with tax, the items before tax adding up to 600. */
const b2b = (merchantOrderNo: string, changes: EzpayParams = {}): EzpayParams =>
  b2c(merchantOrderNo, {
    Category: "B2B",
    BuyerName: "覺林文化有限公司",
    BuyerUBN: "12345675",
    CarrierType: "",
    CarrierNum: "",
    PrintFlag: "Y",
    ItemName: "金剛經講記|運費|折扣",
    ItemCount: "2|1|1",
    ItemUnit: "件|式|式",
    ItemPrice: "286|76|-48",
    ItemAmt: "572|76|-48",
    ...changes,
  });

/** Leaves out the named parameters. */
const without = (params: EzpayParams, ...names: string[]) =>
  Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));

async function issue(params: EzpayParams, app = standIn) {
  return post("/Api/invoice_issue", ezpayForm(merchantId, await sealIssueParams(params, keys)), app);
}
async function invalid(params: EzpayParams) {
  const sealed = await sealPostData({ RespondType: "JSON", Version: "1.0", TimeStamp: now(), ...params }, keys);
  return post("/Api/invoice_invalid", ezpayForm(merchantId, sealed));
}
async function search(params: EzpayParams) {
  const sealed = await sealPostData({ RespondType: "JSON", Version: "1.3", TimeStamp: now(), ...params }, keys);
  return post("/Api/invoice_search", ezpayForm(merchantId, sealed));
}

async function replyOf(res: Response): Promise<EzpayReply> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  const reply = (await res.json()) as EzpayReply;
  expect(Object.keys(reply).sort()).toEqual(["Message", "Result", "Status"]);
  expect(typeof reply.Result).toBe("string");
  return reply;
}

/** A SUCCESS reply's Result, parsed. */
async function resultOf(res: Response): Promise<Record<string, string | number>> {
  const reply = await replyOf(res);
  expect(reply.Status, reply.Message).toBe("SUCCESS");
  return JSON.parse(reply.Result) as Record<string, string | number>;
}

async function expectRefused(res: Response, code: StandInErrorCode) {
  const reply = await replyOf(res);
  expect(reply.Status, reply.Message).toBe(code);
  expect(reply.Message.startsWith(STAND_IN_EZPAY_ERRORS[code].message)).toBe(true);
  expect(reply.Result).toBe("");
  return reply;
}

const storedCount = async () =>
  (await d1.db.prepare("SELECT COUNT(*) AS n FROM dev_einvoice_invoices").first<{ n: number }>())?.n;

const signedBy = (result: Record<string, string | number>) =>
  isIssueCheckCode(
    {
      InvoiceTransNo: String(result.InvoiceTransNo),
      MerchantID: String(result.MerchantID),
      MerchantOrderNo: String(result.MerchantOrderNo),
      RandomNum: String(result.RandomNum),
      TotalAmt: result.TotalAmt ?? "",
    },
    String(result.CheckCode),
    keys,
  );

const setSwitches = (switches: Record<string, unknown>) =>
  call("/switches", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(switches),
  });

beforeEach(async () => {
  await d1.fresh();
});

describe("the stand-in's existence", () => {
  it("does not exist unless DEV_EINVOICE is on", async () => {
    for (const value of ["", "off", "ON", "true"]) {
      const off = appWith({ ...variables, DEV_EINVOICE: value });
      expect((await call("", {}, off)).status, value).toBe(404);
      expect((await issue(b2c("BK20261123_000001"), off)).status, value).toBe(404);
      expect((await post("/Api_inv_application/checkLoveCode", new URLSearchParams(), off)).status).toBe(404);
      expect((await call("/switches", { method: "POST", body: new URLSearchParams({ down: "on" }) }, off)).status).toBe(
        404,
      );
    }
    expect(await storedCount()).toBe(0);
  });

  it("documents every code of its table in its README", () => {
    const readme = readFileSync(new URL("./README.md", import.meta.url), "utf8");
    for (const [code, { message }] of Object.entries(STAND_IN_EZPAY_ERRORS)) {
      expect(readme).toMatch(new RegExp(`\\| ${code} +\\| ${message.replace(/[_*]/g, "\\$&")} +\\|`));
    }
  });
});

describe("invoice_issue", () => {
  it("issues a B2C invoice on a mobile barcode, signed with a CheckCode the store can verify", async () => {
    const result = await resultOf(await issue(b2c("BK20261123_000042")));
    expect(result).toMatchObject({ MerchantID: merchantId, MerchantOrderNo: "BK20261123_000042", TotalAmt: 630 });
    expect(result.InvoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(result.RandomNum).toMatch(/^\d{4}$/);
    expect(result.InvoiceTransNo).toMatch(/^\d{17}$/);
    expect(result.CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Taipei's clock: UTC+8.
    const taipei = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(String(result.CreateTime).slice(0, 10)).toBe(taipei);
    expect(await signedBy(result)).toBe(true);
    expect(await signedBy({ ...result, TotalAmt: 631 })).toBe(false);
  });

  it("decodes the barcode's CarrierNum twice, as ezPay's PHP sample encodes it, and keeps it as typed", async () => {
    await resultOf(await issue(b2c("BK20261123_000042", { CarrierNum: "/AB+1.-Z" })));
    const row = await d1.db
      .prepare("SELECT carrier_type, carrier_num FROM dev_einvoice_invoices WHERE merchant_order_no = ?1")
      .bind("BK20261123_000042")
      .first();
    expect(row).toEqual({ carrier_type: "0", carrier_num: "/AB+1.-Z" });
    // A client that encodes it once only (sealPostData, as the TypeScript adapter does): the second decoding finds
    // no escapes left, so the barcode arrives the same.
    const once = await sealPostData(b2c("BK20261123_000043", { CarrierNum: "/AB+1234" }), keys);
    await resultOf(await post("/Api/invoice_issue", ezpayForm(merchantId, once)));
    const second = await d1.db
      .prepare("SELECT carrier_num FROM dev_einvoice_invoices WHERE merchant_order_no = 'BK20261123_000043'")
      .first();
    expect(second).toEqual({ carrier_num: "/AB+1234" });
  });

  it("numbers its invoices in sequence", async () => {
    const first = await resultOf(await issue(b2c("BK20261123_000001")));
    const second = await resultOf(await issue(b2c("BK20261123_000002")));
    const digits = (result: Record<string, string | number>) => Number(String(result.InvoiceNumber).slice(2));
    expect(String(second.InvoiceNumber).slice(0, 2)).toBe(String(first.InvoiceNumber).slice(0, 2));
    expect(digits(second)).toBe(digits(first) + 1);
    expect(second.InvoiceTransNo).not.toBe(first.InvoiceTransNo);
  });

  it("issues every kind: B2B with shipping and a coupon before tax, a donation, a certificate, ezPay's carrier", async () => {
    const company = await resultOf(await issue(b2b("BK20261123_000010")));
    expect(company.BarCode).toMatch(/^\d{5}[A-Z]{2}\d{12}$/);
    await resultOf(await issue(b2c("BK20261123_000011", { CarrierType: "", CarrierNum: "", LoveCode: "919" })));
    await resultOf(await issue(b2c("BK20261123_000012", { CarrierType: "1", CarrierNum: "AB12345678901234" })));
    await resultOf(await issue(b2c("BK20261123_000013", { CarrierType: "2", CarrierNum: "member-42" })));
    const { results } = await d1.db
      .prepare(
        "SELECT category, buyer_ubn, carrier_type, love_code, print_flag, amt, tax_amt, total_amt FROM dev_einvoice_invoices ORDER BY id",
      )
      .all();
    expect(results).toEqual([
      {
        category: "B2B",
        buyer_ubn: "12345675",
        carrier_type: "",
        love_code: "",
        print_flag: "Y",
        amt: 600,
        tax_amt: 30,
        total_amt: 630,
      },
      {
        category: "B2C",
        buyer_ubn: "",
        carrier_type: "",
        love_code: "919",
        print_flag: "N",
        amt: 600,
        tax_amt: 30,
        total_amt: 630,
      },
      {
        category: "B2C",
        buyer_ubn: "",
        carrier_type: "1",
        love_code: "",
        print_flag: "N",
        amt: 600,
        tax_amt: 30,
        total_amt: 630,
      },
      {
        category: "B2C",
        buyer_ubn: "",
        carrier_type: "2",
        love_code: "",
        print_flag: "N",
        amt: 600,
        tax_amt: 30,
        total_amt: 630,
      },
    ]);
  });

  it("answers LIB10003 to a repeated MerchantOrderNo and issues nothing more", async () => {
    const first = await resultOf(await issue(b2c("BK20261123_000042")));
    const again = await expectRefused(await issue(b2c("BK20261123_000042")), "LIB10003");
    expect(again.Message).toContain("BK20261123_000042");
    // Even with other amounts: the id is taken.
    await expectRefused(
      await issue(
        b2c("BK20261123_000042", { ItemPrice: "470|80", ItemAmt: "470|80", TotalAmt: 550, Amt: 524, TaxAmt: 26 }),
      ),
      "LIB10003",
    );
    expect(await storedCount()).toBe(1);
    const found = await resultOf(
      await search({ SearchType: "1", MerchantOrderNo: "BK20261123_000042", TotalAmt: 630 }),
    );
    expect(found.InvoiceNumber).toBe(first.InvoiceNumber);
  });

  const refusals: [string, EzpayParams, StandInErrorCode][] = [
    ["Version 1.4", { Version: "1.4" }, "KEY10004"],
    ["RespondType String", { RespondType: "String" }, "KEY10004"],
    ["TimeStamp in milliseconds", { TimeStamp: Date.now() }, "KEY10004"],
    ["a hyphen in MerchantOrderNo", { MerchantOrderNo: "BK20261123-000042" }, "INV10014"],
    ["MerchantOrderNo of 21", { MerchantOrderNo: "BK20261123_0000000042" }, "INV10014"],
    ["no MerchantOrderNo", { MerchantOrderNo: "" }, "INV10014"],
    ["Status 0", { Status: "0" }, "INV10013"],
    ["Category C2C", { Category: "C2C" }, "INV10013"],
    ["no BuyerName", { BuyerName: " " }, "INV10013"],
    ["a B2C BuyerUBN", { BuyerUBN: "12345675" }, "INV10013"],
    ["a malformed BuyerEmail", { BuyerEmail: "reader@" }, "INV10013"],
    ["CarrierType 3", { CarrierType: "3" }, "INV10013"],
    ["CarrierNum without CarrierType", { CarrierType: "" }, "INV10013"],
    ["a lower-case barcode", { CarrierNum: "/ab+1234" }, "INV10013"],
    ["a barcode of 6", { CarrierNum: "/AB+123" }, "INV10013"],
    ["a malformed certificate", { CarrierType: "1", CarrierNum: "A123456789012345" }, "INV10013"],
    ["ezPay's carrier without BuyerEmail", { CarrierType: "2", CarrierNum: "member-42", BuyerEmail: "" }, "INV10013"],
    ["a LoveCode of 2 digits", { CarrierType: "", CarrierNum: "", LoveCode: "91" }, "INV10013"],
    ["a carrier and a LoveCode", { LoveCode: "919" }, "INV10013"],
    ["PrintFlag Y with a carrier", { PrintFlag: "Y" }, "INV10013"],
    ["PrintFlag Y with a LoveCode", { CarrierType: "", CarrierNum: "", LoveCode: "919", PrintFlag: "Y" }, "INV10013"],
    ["PrintFlag N with neither", { CarrierType: "", CarrierNum: "" }, "INV10013"],
    ["PrintFlag X", { PrintFlag: "X" }, "INV10013"],
    ["TaxType 3", { TaxType: "3" }, "INV10012"],
    ["TaxRate 10", { TaxRate: "10" }, "INV10012"],
    ["Amt + TaxAmt ≠ TotalAmt", { TaxAmt: 31 }, "INV10012"],
    ["Amt not round(TotalAmt / 1.05)", { Amt: 601, TaxAmt: 29 }, "INV10012"],
    ["TotalAmt 0", { Amt: 0, TaxAmt: 0, TotalAmt: 0, ItemPrice: "0|0", ItemAmt: "0|0" }, "KEY10015"],
    ["a negative Amt", { Amt: -600 }, "KEY10015"],
    ["a TotalAmt with cents", { TotalAmt: "630.5" }, "KEY10015"],
    ["no ItemUnit", { ItemUnit: "" }, "INV10003"],
    ["item lists of different lengths", { ItemCount: "1" }, "INV10003"],
    ["ItemCount 0", { ItemCount: "0|1", ItemAmt: "0|80" }, "INV10003"],
    ["an ItemPrice that is not a number", { ItemPrice: "x|80" }, "INV10003"],
    ["an empty ItemName", { ItemName: "金剛經講記|" }, "INV10003"],
    ["ItemAmt ≠ ItemCount × ItemPrice", { ItemCount: "2|1" }, "INV10004"],
    ["B2C items not adding up to TotalAmt", { ItemPrice: "549|80", ItemAmt: "549|80" }, "INV10004"],
  ];

  it.each(refusals)("refuses %s with its code and a Chinese message, and stores nothing", async (_, changes, code) => {
    await expectRefused(await issue(b2c("BK20261123_000042", changes)), code);
    expect(await storedCount()).toBe(0);
  });

  it.each([
    ["without BuyerUBN", { BuyerUBN: "" }, "INV10013"],
    ["with PrintFlag N", { PrintFlag: "N" }, "INV10013"],
    ["with a carrier", { CarrierType: "0", CarrierNum: "/AB+1234", PrintFlag: "N" }, "INV10013"],
    [
      "with items adding up to TotalAmt rather than Amt",
      { ItemPrice: "300|80|-50", ItemAmt: "600|80|-50" },
      "INV10004",
    ],
  ] as [string, EzpayParams, StandInErrorCode][])("refuses a B2B invoice %s", async (_, changes, code) => {
    await expectRefused(await issue(b2b("BK20261123_000042", changes)), code);
    expect(await storedCount()).toBe(0);
  });

  it("refuses what does not reach it as the merchant's call: KEY10010, KEY10011, KEY10002", async () => {
    const postData = await sealIssueParams(b2c("BK20261123_000042"), keys);
    await expectRefused(await post("/Api/invoice_issue", new URLSearchParams({ PostData_: postData })), "KEY10010");
    await expectRefused(await post("/Api/invoice_issue", new URLSearchParams({ MerchantID_: merchantId })), "KEY10011");
    await expectRefused(await post("/Api/invoice_issue", ezpayForm("34669999", postData)), "KEY10002");
    await expectRefused(await post("/Api/invoice_issue", ezpayForm(merchantId, postData.slice(0, -2))), "KEY10002");
    const otherKeys = { ...keys, hashKey: "abcdefghijklmnopqrstuvwxyz123456" };
    const foreign = await sealIssueParams(b2c("BK20261123_000042"), otherKeys);
    await expectRefused(await post("/Api/invoice_issue", ezpayForm(merchantId, foreign)), "KEY10002");
    const unconfigured = appWith({ SITE_DESCRIPTION: "歡迎光臨", DEV_EINVOICE: "on" });
    await expectRefused(await post("/Api/invoice_issue", ezpayForm(merchantId, postData), unconfigured), "KEY10002");
    expect(await storedCount()).toBe(0);
  });

  it("refuses an issue missing a whole field, as the same codes", async () => {
    await expectRefused(await issue(without(b2c("BK20261123_000042"), "TimeStamp")), "KEY10004");
    await expectRefused(await issue(without(b2c("BK20261123_000042"), "TaxRate")), "INV10012");
    await expectRefused(await issue(without(b2c("BK20261123_000042"), "ItemAmt")), "INV10003");
    await expectRefused(await issue(without(b2c("BK20261123_000042"), "PrintFlag")), "INV10013");
  });
});

describe("invoice_invalid", () => {
  it("voids an invoice once, with its reason; a second void is LIB10005", async () => {
    const issued = await resultOf(await issue(b2c("BK20261123_000042")));
    const voided = await resultOf(
      await invalid({ InvoiceNumber: issued.InvoiceNumber ?? "", InvalidReason: "訂單取消" }),
    );
    expect(voided).toMatchObject({
      MerchantID: merchantId,
      InvoiceNumber: issued.InvoiceNumber,
      CheckCode: issued.CheckCode,
    });
    expect(voided.CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await invalid({ InvoiceNumber: issued.InvoiceNumber ?? "", InvalidReason: "訂單取消" });
    await expectRefused(again, "LIB10005");
    const found = await resultOf(
      await search({ SearchType: "0", InvoiceNumber: issued.InvoiceNumber ?? "", RandomNum: issued.RandomNum ?? "" }),
    );
    expect(found).toMatchObject({ InvoiceStatus: "2", InvalidReason: "訂單取消" });
  });

  it("refuses a number never issued (INV20006), a malformed number, and a reason empty or over 6 characters (INV70001)", async () => {
    const issued = await resultOf(await issue(b2c("BK20261123_000042")));
    const number = String(issued.InvoiceNumber);
    await expectRefused(await invalid({ InvoiceNumber: "ZZ99999999", InvalidReason: "訂單取消" }), "INV20006");
    await expectRefused(await invalid({ InvoiceNumber: "EZ123", InvalidReason: "訂單取消" }), "INV70001");
    await expectRefused(await invalid({ InvoiceNumber: number, InvalidReason: "" }), "INV70001");
    await expectRefused(await invalid({ InvoiceNumber: number, InvalidReason: "訂單取消了吧啊" }), "INV70001");
    await resultOf(await invalid({ InvoiceNumber: number, InvalidReason: "訂單取消了吧" }));
  });

  it("checks its envelope: Version 1.0", async () => {
    await expectRefused(
      await invalid({ Version: "1.5", InvoiceNumber: "EZ00000001", InvalidReason: "訂單取消" }),
      "KEY10004",
    );
  });
});

describe("invoice_search", () => {
  it("finds an invoice by number and random number (type 0) or by MerchantOrderNo and TotalAmt (type 1), with CheckCode", async () => {
    const issued = await resultOf(await issue(b2c("BK20261123_000042")));
    const byNumber = await resultOf(
      await search({ SearchType: "0", InvoiceNumber: issued.InvoiceNumber ?? "", RandomNum: issued.RandomNum ?? "" }),
    );
    const byOrder = await resultOf(
      await search({ SearchType: "1", MerchantOrderNo: "BK20261123_000042", TotalAmt: 630 }),
    );
    for (const found of [byNumber, byOrder]) {
      expect(found).toMatchObject({
        InvoiceNumber: issued.InvoiceNumber,
        RandomNum: issued.RandomNum,
        InvoiceTransNo: issued.InvoiceTransNo,
        CreateTime: issued.CreateTime,
        CheckCode: issued.CheckCode,
        InvoiceStatus: "1",
        CarrierType: "0",
        CarrierNum: "/AB+1234",
        Amt: 600,
        TaxAmt: 30,
        TotalAmt: 630,
      });
      expect(await signedBy(found)).toBe(true);
      expect(JSON.parse(String(found.ItemDetail))).toHaveLength(2);
    }
  });

  it("answers INV20006 when nothing matches, and INV70001 to a search it cannot read", async () => {
    const issued = await resultOf(await issue(b2c("BK20261123_000042")));
    const otherRandom = String((Number(issued.RandomNum) + 1) % 10_000).padStart(4, "0");
    await expectRefused(
      await search({ SearchType: "0", InvoiceNumber: issued.InvoiceNumber ?? "", RandomNum: otherRandom }),
      "INV20006",
    );
    await expectRefused(
      await search({ SearchType: "1", MerchantOrderNo: "BK20261123_000042", TotalAmt: 631 }),
      "INV20006",
    );
    await expectRefused(
      await search({ SearchType: "1", MerchantOrderNo: "BK20261123_000043", TotalAmt: 630 }),
      "INV20006",
    );
    await expectRefused(
      await search({ SearchType: "2", MerchantOrderNo: "BK20261123_000042", TotalAmt: 630 }),
      "INV70001",
    );
    await expectRefused(await search({ SearchType: "0", InvoiceNumber: issued.InvoiceNumber ?? "" }), "INV70001");
    await expectRefused(await search({ SearchType: "1", MerchantOrderNo: "BK-1", TotalAmt: 630 }), "INV70001");
    await expectRefused(
      await search({ Version: "1.0", SearchType: "1", MerchantOrderNo: "BK1", TotalAmt: 630 }),
      "KEY10004",
    );
  });
});

describe("checkBarCode and checkLoveCode", () => {
  async function check(path: string, field: string, code: string, checkValue?: string) {
    const postData = await sealPostData({ TimeStamp: now(), [field]: code }, keys);
    const form = await checkForm(merchantId, postData, keys);
    if (checkValue !== undefined) form.set("CheckValue", checkValue);
    return post(`/Api_inv_application/${path}`, form);
  }
  /** The decrypted Result: `CellphoneBarcode=…&IsExist=Y`. */
  async function existence(res: Response) {
    const reply = await replyOf(res);
    expect(reply.Status, reply.Message).toBe("SUCCESS");
    expect(reply.Result).toMatch(/^[0-9a-f]+$/);
    return new URLSearchParams((await decryptPostData(reply.Result, keys)) ?? "");
  }

  it("say a well-formed barcode or love code exists, but for the documented unknown ones", async () => {
    const found = await existence(await check("checkBarCode", "CellphoneBarcode", "/AB+1234"));
    expect(Object.fromEntries(found)).toEqual({ CellphoneBarcode: "/AB+1234", IsExist: "Y" });
    for (const code of [...STAND_IN_UNKNOWN_BARCODES, "/ab+1234", "AB+12345"]) {
      expect((await existence(await check("checkBarCode", "CellphoneBarcode", code))).get("IsExist"), code).toBe("N");
    }
    expect(Object.fromEntries(await existence(await check("checkLoveCode", "LoveCode", "919")))).toEqual({
      LoveCode: "919",
      IsExist: "Y",
    });
    for (const code of [...STAND_IN_UNKNOWN_LOVE_CODES, "12"]) {
      expect((await existence(await check("checkLoveCode", "LoveCode", code))).get("IsExist"), code).toBe("N");
    }
    expect(STAND_IN_UNKNOWN_BARCODES).toContain("/NOPE000");
    expect(STAND_IN_UNKNOWN_LOVE_CODES).toContain("000");
  });

  it("refuse a wrong or missing CheckValue (KEY10012), a wrong Version (KEY10004), a missing code (KEY10004)", async () => {
    await expectRefused(await check("checkBarCode", "CellphoneBarcode", "/AB+1234", "0".repeat(64)), "KEY10012");
    await expectRefused(await check("checkLoveCode", "LoveCode", "919", ""), "KEY10012");
    const postData = await sealPostData({ TimeStamp: now(), LoveCode: "919" }, keys);
    const form = await checkForm(merchantId, postData, keys);
    form.set("Version", "1.1");
    await expectRefused(await post("/Api_inv_application/checkLoveCode", form), "KEY10004");
    await expectRefused(await check("checkBarCode", "LoveCode", "919"), "KEY10004");
    const other = await checkForm("34669999", postData, keys);
    await expectRefused(await post("/Api_inv_application/checkLoveCode", other), "KEY10002");
  });
  it("down for one checked code: only the checks of that barcode or love code answer 503", async () => {
    await setSwitches({ down: true, down_order_no: "/NOPE001" });
    expect((await check("checkBarCode", "CellphoneBarcode", "/NOPE001")).status).toBe(503);
    expect((await existence(await check("checkBarCode", "CellphoneBarcode", "/NOPE000"))).get("IsExist")).toBe("N");
    await setSwitches({ down: true, down_order_no: "000" });
    expect((await check("checkLoveCode", "LoveCode", "000")).status).toBe(503);
    expect((await existence(await check("checkLoveCode", "LoveCode", "919"))).get("IsExist")).toBe("Y");
    await resultOf(await issue(b2c("BK20261123_000042")));
  });
});

describe("the switches", () => {
  it("lost reply: the issue is stored but its reply unreadable; the retry gets LIB10003 and the search finds it", async () => {
    const set = await setSwitches({ lost_replies: 1 });
    expect(await set.json()).toMatchObject({ down: false, lost_replies: 1, lost_order_no: "" });
    const lost = await issue(b2c("BK20261123_000042"));
    expect(lost.status).toBe(200);
    const body = await lost.text();
    expect(() => JSON.parse(body)).toThrow();
    expect(await storedCount()).toBe(1);
    await expectRefused(await issue(b2c("BK20261123_000042")), "LIB10003");
    const found = await resultOf(
      await search({ SearchType: "1", MerchantOrderNo: "BK20261123_000042", TotalAmt: 630 }),
    );
    expect(found.InvoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(await signedBy(found)).toBe(true);
    // Used up: the next issue answers as usual.
    expect(await (await call("/switches")).json()).toMatchObject({ lost_replies: 0 });
    await resultOf(await issue(b2c("BK20261123_000043")));
  });

  it("lost reply for one order leaves the others alone, and refused issues do not use it up", async () => {
    await setSwitches({ lost_replies: 1, lost_order_no: "BK20261123_000042" });
    await resultOf(await issue(b2c("BK20261123_000041")));
    await expectRefused(await issue(b2c("BK20261123_000042", { TaxRate: "10" })), "INV10012");
    expect(await (await call("/switches")).json()).toMatchObject({ lost_replies: 1 });
    const lost = await issue(b2c("BK20261123_000042"));
    await expect(lost.json()).rejects.toThrow();
    expect(await (await call("/switches")).json()).toMatchObject({ lost_replies: 0 });
  });

  it("down: every API call answers HTTP 503 with a body that is not JSON, and nothing is stored; the page stays", async () => {
    await setSwitches({ down: "on" });
    const answers = [
      await issue(b2c("BK20261123_000042")),
      await invalid({ InvoiceNumber: "EZ00000001", InvalidReason: "訂單取消" }),
      await search({ SearchType: "1", MerchantOrderNo: "BK20261123_000042", TotalAmt: 630 }),
      await post("/Api_inv_application/checkLoveCode", new URLSearchParams()),
      await post("/Api_inv_application/checkBarCode", new URLSearchParams()),
    ];
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(await res.text()).toBe(DOWN_BODY);
    }
    expect(await storedCount()).toBe(0);
    expect((await call("")).status).toBe(200);
    await setSwitches({ down: false });
    await resultOf(await issue(b2c("BK20261123_000042")));
  });

  it("down for one order: only the calls about it answer 503", async () => {
    const issued = await resultOf(await issue(b2c("BK20261123_000042")));
    await setSwitches({ down: true, down_order_no: "BK20261123_000042" });
    expect((await issue(b2c("BK20261123_000042"))).status).toBe(503);
    expect((await search({ SearchType: "1", MerchantOrderNo: "BK20261123_000042", TotalAmt: 630 })).status).toBe(503);
    const byNumber = { SearchType: "0", InvoiceNumber: issued.InvoiceNumber ?? "", RandomNum: issued.RandomNum ?? "" };
    expect((await search(byNumber)).status).toBe(503);
    expect((await invalid({ InvoiceNumber: issued.InvoiceNumber ?? "", InvalidReason: "訂單取消" })).status).toBe(503);
    await resultOf(await issue(b2c("BK20261123_000043")));
  });

  it("takes the page's form, answering 303 back to the page, which shows them", async () => {
    const form = new URLSearchParams({ down: "on", down_order_no: "", lost_replies: "2", lost_order_no: "BK1" });
    const res = await call("/switches", { method: "POST", body: form });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/_dev/einvoice");
    const page = await (await call("")).text();
    expect(page).toContain('<option value="on" selected>');
    expect(page).toContain('value="2"');
    expect(page).toContain("中斷（所有呼叫）");
  });

  it("refuses values it cannot take, changing nothing", async () => {
    for (const bad of [{ down: "maybe" }, { lost_replies: 101 }, { lost_replies: -1 }, { lost_order_no: "BK-1" }]) {
      const res = await setSwitches(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call("/switches", { method: "POST", body: new URLSearchParams({ lost_replies: "x" }) })).status).toBe(
      400,
    );
    expect(await (await call("/switches")).json()).toMatchObject({ down: false, lost_replies: 0 });
  });
});

describe("the page", () => {
  it("lists what it issued, newest first, in accessible zh-TW HTML with the switches' form", async () => {
    const empty = await call("");
    expect(empty.status).toBe(200);
    expect(empty.headers.get("Cache-Control")).toBe("no-store");
    expect(await empty.text()).toContain("還沒有開立任何發票");
    const first = await resultOf(
      await issue(b2c("BK20261123_000041", { CarrierType: "", CarrierNum: "", LoveCode: "919" })),
    );
    const second = await resultOf(await issue(b2b("BK20261123_000042")));
    await resultOf(await invalid({ InvoiceNumber: first.InvoiceNumber ?? "", InvalidReason: "訂單取消" }));
    const page = await (await call("")).text();
    expect(page).toContain('<html lang="zh-Hant-TW">');
    expect(page.indexOf(String(second.InvoiceNumber))).toBeLessThan(page.indexOf(String(first.InvoiceNumber)));
    for (const text of [
      "BK20261123_000042",
      "覺林文化有限公司（統編 12345675）",
      "紙本",
      "捐贈 919",
      "NT$630",
      "NT$600",
      "NT$30",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toMatch(/已作廢（訂單取消，\d{4}-/);
    expect(page).toContain("已開立");
    for (const id of ["down", "down_order_no", "lost_replies", "lost_order_no"]) {
      expect(page).toContain(`<label for="${id}">`);
      expect(page).toContain(`id="${id}" name="${id}"`);
    }
    expect(page).toContain('action="/_dev/einvoice/switches"');
  });
});
