// The stand-in NewebPay gateway of the test run (worker/dev-payment/, DEV_PAYMENT=on), as the store's reconciler
// meets it: its own record of trades, QueryTradeInfo over a plain server-to-server POST, the silent outcomes, the
// deadlines, and the per-trade hang. NewebPay is played here with node:crypto and the run's test credentials,
// independently of the worker's WebCrypto code. No store is notified: the trades are the spec's own (NotifyURL on a
// closed port, or a silent outcome), so the shared servers' orders are untouched. Few 查無交易資料 look-ups are made,
// far below the lock's threshold.
// Named by what it checks, not by an operation: the test run's stand-in gateway, which the contract does not describe.
import { createCipheriv, createDecipheriv, createHash, randomInt } from "node:crypto";
import { TEST_NEWEBPAY } from "../support/servers";
import { type APIRequestContext, expect, test } from "../support/test";

const { merchantId, hashKey, hashIv } = TEST_NEWEBPAY;
const GATEWAY = "/_dev/payment/mpg_gateway";
const QUERY = "/_dev/payment/API/QueryTradeInfo";
/** Where nothing listens: a notify sent there fails at once, and no store hears of the trade. */
const NOWHERE = "http://127.0.0.1:1";
const AMOUNT = 480;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex").toUpperCase();
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newMerchantOrderNo = () => `SG${Date.now()}${randomInt(1_000_000)}`;
/** Today in Taipei, `days` ahead, as "2026-11-30". */
const taipeiDate = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A payment form as checkout makes it, for a trade of the spec's own. */
function gatewayForm(flag: string, extra: Record<string, string> = {}) {
  const merchantOrderNo = extra.MerchantOrderNo ?? newMerchantOrderNo();
  const plain = new URLSearchParams({
    MerchantID: merchantId,
    RespondType: "JSON",
    TimeStamp: String(nowSeconds()),
    Version: "2.0",
    MerchantOrderNo: merchantOrderNo,
    Amt: String(AMOUNT),
    ItemDesc: "閒章測試",
    Email: "reader@example.com",
    ReturnURL: `${NOWHERE}/return`,
    NotifyURL: `${NOWHERE}/notify`,
    ...(flag === "VACC" ? { CustomerURL: `${NOWHERE}/customer` } : {}),
    [flag]: "1",
    ...extra,
  }).toString();
  const cipher = createCipheriv("aes-256-cbc", hashKey, hashIv);
  const TradeInfo = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("hex");
  const TradeSha = sha256(`HashKey=${hashKey}&${TradeInfo}&HashIV=${hashIv}`);
  return { merchantOrderNo, fields: { MerchantID: merchantId, TradeInfo, TradeSha, Version: "2.0" } };
}

/** Picks an outcome on the stand-in's page: where the reader is sent, and the signed result. */
async function pick(request: APIRequestContext, form: { fields: Record<string, string> }, outcome: string) {
  const res = await request.post(`${GATEWAY}/result`, { form: { ...form.fields, outcome } });
  const page = await res.text();
  if (res.status() !== 200) return { status: res.status(), page, action: null, result: null };
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? null;
  const tradeInfo = /<input type="hidden" name="TradeInfo" value="([0-9a-f]+)"/.exec(page)?.[1] ?? "";
  const decipher = createDecipheriv("aes-256-cbc", hashKey, hashIv);
  const json = Buffer.concat([decipher.update(tradeInfo, "hex"), decipher.final()]).toString("utf8");
  return { status: 200, page, action, result: JSON.parse(json) as { Status: string; Result: Record<string, unknown> } };
}

/** QueryTradeInfo as a store asks it: a form POST without Origin or Referer. */
async function query(
  request: APIRequestContext,
  merchantOrderNo: string,
  amount = AMOUNT,
  override: Record<string, string> = {},
) {
  const form = {
    MerchantID: merchantId,
    Version: "1.3",
    RespondType: "JSON",
    CheckValue: sha256(
      `IV=${hashIv}&Amt=${amount}&MerchantID=${merchantId}&MerchantOrderNo=${merchantOrderNo}&Key=${hashKey}`,
    ),
    TimeStamp: String(nowSeconds()),
    MerchantOrderNo: merchantOrderNo,
    Amt: String(amount),
    ...override,
  };
  const res = await request.post(QUERY, { form });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  return (await res.json()) as { Status: string; Message: string; Result: Record<string, unknown> };
}

const checkCodeOf = (merchantOrderNo: string, tradeNo: string, amount = AMOUNT) =>
  sha256(
    `HashIV=${hashIv}&Amt=${amount}&MerchantID=${merchantId}&MerchantOrderNo=${merchantOrderNo}&TradeNo=${tradeNo}&HashKey=${hashKey}`,
  );

test("僅扣款，不通知商店 is paid at the gateway: QueryTradeInfo says TradeStatus 1, signed with CheckCode", async ({
  request,
}) => {
  const form = gatewayForm("CREDIT");
  const paid = await pick(request, form, "success-silent");
  expect(paid.status).toBe(200);
  expect(paid.action).toBe(`${NOWHERE}/return`);
  expect(paid.page).toContain("沒有通知商店");
  const tradeNo = paid.result?.Result.TradeNo as string;
  expect(await query(request, form.merchantOrderNo)).toEqual({
    Status: "SUCCESS",
    Message: "查詢成功",
    Result: {
      MerchantID: merchantId,
      Amt: AMOUNT,
      TradeNo: tradeNo,
      MerchantOrderNo: form.merchantOrderNo,
      TradeStatus: 1,
      PaymentType: "CREDIT",
      PayTime: paid.result?.Result.PayTime,
      CheckCode: checkCodeOf(form.merchantOrderNo, tradeNo),
    },
  });
  // A later failure is told as chosen, but the gateway's record stays paid.
  expect((await pick(request, form, "failure")).result?.Status).toBe("MPG03009");
  expect((await query(request, form.merchantOrderNo)).Result).toMatchObject({ TradeStatus: 1 });
});

test("QueryTradeInfo refuses in NewebPay's order, with its codes, and does not know an unpicked trade", async ({
  request,
}) => {
  const form = gatewayForm("LINEPAY");
  await pick(request, form, "failure");
  expect((await query(request, form.merchantOrderNo)).Result).toMatchObject({ TradeStatus: 2, PayTime: "" });
  const refusals: [Record<string, string>, string, string][] = [
    [{ MerchantID: "MS_OTHER" }, "TRA10001", "商店代號錯誤"],
    [{ Amt: "0" }, "TRA10003", "金額必須為數字且大於0元"],
    [{ TimeStamp: String(nowSeconds() - 600) }, "TRA40014", "TimeStamp 欄位錯誤"],
    [{ CheckValue: "0".repeat(64) }, "TRA10054", "CheckValue 有錯誤"],
  ];
  for (const [override, Status, Message] of refusals) {
    expect(await query(request, form.merchantOrderNo, AMOUNT, override)).toEqual({ Status, Message, Result: {} });
  }
  const unpicked = gatewayForm("CREDIT");
  expect((await request.post(GATEWAY, { form: unpicked.fields })).status()).toBe(200);
  expect(await query(request, unpicked.merchantOrderNo)).toEqual({
    Status: "TRA20002",
    Message: "查無交易資料",
    Result: { MerchantID: merchantId, MerchantOrderNo: unpicked.merchantOrderNo, Amt: AMOUNT },
  });
});

test("專戶匯款: the issued account is unpaid (no PayTime) until the transfer arrives", async ({ request }) => {
  const form = gatewayForm("VACC", { ExpireDate: taipeiDate(3).replaceAll("-", "") });
  const issued = await pick(request, form, "success");
  expect(issued.action).toBe(`${NOWHERE}/customer`);
  // The account-issued result also goes to NotifyURL, which is closed here: the page says so and waits.
  expect(issued.page).toContain('role="alert"');
  expect(issued.result?.Status).toBe("SUCCESS");
  expect(issued.result?.Result).toMatchObject({ BankCode: "012", ExpireDate: taipeiDate(3), ExpireTime: "23:59:59" });
  expect(issued.result?.Result).not.toHaveProperty("PayTime");
  const account = issued.result?.Result ?? {};
  expect((await query(request, form.merchantOrderNo)).Result).toMatchObject({
    TradeStatus: 0,
    PayTime: "",
    PaymentType: "VACC",
    BankCode: "012",
    CodeNo: account.CodeNo,
    ExpireDate: taipeiDate(3),
  });

  const paid = await pick(request, form, "transfer-silent");
  expect(paid.action).toBe(`${NOWHERE}/return`);
  expect(paid.result?.Result).toMatchObject({
    PayTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    PayBankCode: "809",
    PayerAccount5Code: expect.stringMatching(/^\d{5}$/),
    CodeNo: account.CodeNo,
  });
  expect((await query(request, form.merchantOrderNo)).Result).toMatchObject({
    TradeStatus: 1,
    PayTime: paid.result?.Result.PayTime,
    CodeNo: account.CodeNo,
  });
});

test("deadlines: past TradeLimit nothing is taken; past ExpireDate no transfer arrives", async ({ request }) => {
  const late = gatewayForm("CREDIT", { TimeStamp: String(nowSeconds() - 120), TradeLimit: "60" });
  for (const path of [GATEWAY, `${GATEWAY}/result`]) {
    const res = await request.post(path, { form: { ...late.fields, outcome: "success-silent" } });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("已超過付款期限（TradeLimit）");
  }
  expect((await query(request, late.merchantOrderNo)).Status).toBe("TRA20002");

  const expired = gatewayForm("VACC", { ExpireDate: taipeiDate(-1).replaceAll("-", "") });
  const refused = await pick(request, expired, "transfer-silent");
  expect(refused.status).toBe(400);
  expect(refused.page).toContain("已超過繳費期限");
});

test("a trade switched to hang stalls QueryTradeInfo for itself only, until switched back", async ({ request }) => {
  const stalled = gatewayForm("CREDIT");
  const other = gatewayForm("CREDIT");
  await pick(request, stalled, "success-silent");
  await pick(request, other, "success-silent");
  const modeUrl = `/_dev/payment/trades/${stalled.merchantOrderNo}/query-mode`;

  const hang = await request.post(modeUrl, { form: { mode: "hang" } });
  expect(await hang.json()).toEqual({ merchant_order_no: stalled.merchantOrderNo, query_mode: "hang" });
  try {
    const checkValue = sha256(
      `IV=${hashIv}&Amt=${AMOUNT}&MerchantID=${merchantId}&MerchantOrderNo=${stalled.merchantOrderNo}&Key=${hashKey}`,
    );
    const asked = request.post(QUERY, {
      timeout: 3_000,
      form: {
        MerchantID: merchantId,
        Version: "1.3",
        RespondType: "JSON",
        CheckValue: checkValue,
        TimeStamp: String(nowSeconds()),
        MerchantOrderNo: stalled.merchantOrderNo,
        Amt: String(AMOUNT),
      },
    });
    expect((await query(request, other.merchantOrderNo)).Result).toMatchObject({ TradeStatus: 1 });
    await expect(asked).rejects.toThrow(/Timeout|timed out/i);
  } finally {
    const normal = await request.post(modeUrl, { form: { mode: "normal" } });
    expect(await normal.json()).toMatchObject({ query_mode: "normal" });
  }
  expect((await query(request, stalled.merchantOrderNo)).Result).toMatchObject({ TradeStatus: 1 });

  const unknown = await request.post(`/_dev/payment/trades/${newMerchantOrderNo()}/query-mode`, {
    form: { mode: "hang" },
  });
  expect(unknown.status()).toBe(404);
});
