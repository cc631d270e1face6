// The stand-in's MPG gateway pages: the payment form, checked, becomes a page asking for an outcome; the chosen
// outcome is decided, recorded, notified and handed back to the shop through the reader's browser.
import type { Context } from "hono";
import { payTypeLabel } from "~/domain/pay-types";
import { formFields, sealGatewayReply } from "../api/payment/gateway-reply";
import { merchantOf } from "../api/payment/merchant";
import { METHOD_FLAG } from "../api/payment/trade-info";
import { htmlReply } from "../dev-page";
import type { WorkerEnv } from "../types";
import { sendNotify } from "./notify";
import { decide, OUTCOME_LABEL, outcomesOf } from "./outcome";
import { errorPage, gatewayPage, returnPage } from "./pages";
import { taipeiTime } from "./taipei-time";
import { type Flag, isPastTradeLimit, readTrade, TRADE_LIMIT_PASSED } from "./trade-form";
import { findTrade, recordTrade } from "./trades-table";

const NO_MERCHANT = "這個商店沒有設定金流（NEWEBPAY_*）";

function methodLabel(flag: Flag): string {
  const payType = Object.entries(METHOD_FLAG).find(([, name]) => name === flag)?.[0];
  return payTypeLabel(Number(payType)) || flag;
}

/** POST /mpg_gateway: the payment form, checked as NewebPay would, then a page asking for an outcome. */
export async function showGatewayPage(c: Context<WorkerEnv>) {
  const merchant = merchantOf(c.get("config"));
  if (!merchant) return htmlReply(c, errorPage(NO_MERCHANT), 400);
  const now = new Date();
  const trade = await readTrade(await formFields(c.req), merchant, now);
  if (typeof trade === "string") return htmlReply(c, errorPage(trade), 400);
  if (isPastTradeLimit(trade, now)) return htmlReply(c, errorPage(TRADE_LIMIT_PASSED), 400);
  const summary = {
    merchantOrderNo: trade.merchantOrderNo,
    itemDesc: trade.itemDesc,
    amount: trade.amount,
    methodLabel: methodLabel(trade.flag),
    isTransfer: trade.flag === "VACC",
    payBy: trade.payBy === null ? null : taipeiTime(new Date(trade.payBy)),
    expireDate: trade.expireDate,
  };
  const outcomes = outcomesOf(trade.flag).map((value) => ({ value, label: OUTCOME_LABEL[value] }));
  return htmlReply(c, gatewayPage(summary, outcomes, `${c.req.path}/result`, trade.fields));
}

/** POST /mpg_gateway/result: the chosen outcome, recorded, notified, and taken back to the shop. */
export async function takeOutcome(c: Context<WorkerEnv>) {
  const merchant = merchantOf(c.get("config"));
  if (!merchant) return htmlReply(c, errorPage(NO_MERCHANT), 400);
  const now = new Date();
  const form = await formFields(c.req);
  const trade = await readTrade(form, merchant, now);
  if (typeof trade === "string") return htmlReply(c, errorPage(trade), 400);
  const outcome = outcomesOf(trade.flag).find((value) => value === form.outcome);
  if (!outcome) return htmlReply(c, errorPage("請選擇付款結果"), 400);
  const known = await findTrade(c.env.DB, trade.merchantOrderNo);
  if (known && (known.amount !== trade.amount || known.payment_type !== trade.flag)) {
    return htmlReply(c, errorPage("商店訂單編號（MerchantOrderNo）重複：已有另一筆金額或付款方式不同的交易"), 400);
  }
  // TradeLimit bounds the reader's time on these pages. Money that arrives later on an account issued in time is
  // bounded by the account's ExpireDate instead.
  const arrivesOnIssuedAccount = (outcome === "transfer" || outcome === "transfer-silent") && known?.code_no;
  if (!arrivesOnIssuedAccount && isPastTradeLimit(trade, now)) {
    return htmlReply(c, errorPage(TRADE_LIMIT_PASSED), 400);
  }
  const decision = await decide(trade, outcome, merchant, known, now);
  if (typeof decision === "string") return htmlReply(c, errorPage(decision), 400);
  await recordTrade(c.env.DB, trade, decision.tradeNo, decision.state, now);
  const reply = await sealGatewayReply(decision.result, merchant);
  const notify = decision.notifies ? await sendNotify(c, trade.notifyUrl, reply) : null;
  const notice = notify
    ? { text: notify.note, alert: !notify.delivered }
    : { text: "依所選結果，沒有通知商店（NotifyURL）：商店須以 QueryTradeInfo 查詢這筆交易。", alert: false };
  const nonce = c.get("secureHeadersNonce") ?? "";
  return htmlReply(c, returnPage({ title: decision.title, notice }, decision.action, reply, nonce));
}
