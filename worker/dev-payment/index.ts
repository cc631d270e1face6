// /_dev/payment: a stand-in for NewebPay's MPG gateway and its QueryTradeInfo, for local development and the test
// suite (these machines cannot reach NewebPay). Answers 404 unless DEV_PAYMENT is "on" (`config.devPayment`);
// production never sets it.
//   POST /_dev/payment/mpg_gateway          the payment form: checked as NewebPay would (MerchantID, TradeSha,
//                                           decryption, TradeLimit), then a page asking for an outcome
//   POST /_dev/payment/mpg_gateway/result   the chosen outcome, recorded in the stand-in's own trades; the signed
//                                           result goes to NotifyURL (server to server, unless the outcome is one of
//                                           the silent ones) and, through the reader's browser, to ReturnURL — or for
//                                           專戶匯款 (VACC) the issued account to NotifyURL and CustomerURL, with the
//                                           money's notify at 模擬轉帳入帳.
//   POST /_dev/payment/API/QueryTradeInfo   NewebPay's trade query, answered from the stand-in's trades alone
//   POST /_dev/payment/trades/{no}/query-mode   mode=normal|hang: whether QueryTradeInfo stalls on that one trade
//   GET  /_dev/payment/trades               the recorded trades, newest first
// The stand-in never reads the store's tables (orders, payment_attempts): its answers come from what it decided, so
// the store's reconciler meets a gateway that can disagree with it, as NewebPay can.
// The notify to this worker's own origin is dispatched in-process (forwardToApi, exactly what /api/frontend/* does)
// rather than fetched: on Cloudflare a Worker's subrequest to its own hostname does not come back to the Worker,
// and in-process the local runs need no network. A NotifyURL on another origin is fetched.
import { Hono } from "hono";
import type { WorkerEnv } from "../types";
import { showGatewayPage, takeOutcome } from "./mpg-gateway";
import { onlyWhenOn } from "./only-when-on";
import { answerQueryTradeInfo, changeQueryMode } from "./query-trade-info";
import { listTrades } from "./trades-listing";

export const devPayment = new Hono<WorkerEnv>()
  .use(onlyWhenOn)
  .post("/mpg_gateway", showGatewayPage)
  .post("/mpg_gateway/result", takeOutcome)
  .post("/API/QueryTradeInfo", answerQueryTradeInfo)
  .post("/trades/:merchantOrderNo/query-mode", changeQueryMode)
  .get("/trades", listTrades);
