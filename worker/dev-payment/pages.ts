// The stand-in gateway's pages: small zh-TW HTML that keeps to the worker's CSP (the one script carries the
// request's nonce). `html` escapes every interpolated value.
import { html, raw } from "hono/html";
import { groupThousands } from "~/domain/thousands";
import { devPage, type Html } from "../dev-page";
import type { StoredTrade } from "./trades-table";

const STYLE = `body{font-family:system-ui,"Noto Sans TC",sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;
color:#1f1f1f;background:#fff;line-height:1.6}h1{font-size:1.5rem}dl{display:grid;grid-template-columns:auto 1fr;
gap:.25rem 1rem}dt{font-weight:600}fieldset{border:1px solid #767676;padding:1rem}button{min-height:46px;
padding:0 1.25rem;margin:.25rem .5rem .25rem 0;font-size:1rem;border:1px solid #4a4a00;background:#6b6b00;
color:#fff;cursor:pointer}button.secondary{background:#fff;color:#4a4a00}button:focus-visible{outline:3px solid
#1a56db;outline-offset:2px}.note{color:#4a4a4a;font-size:.9rem}table{border-collapse:collapse;font-size:.9rem}
th,td{border:1px solid #767676;padding:.25rem .5rem;text-align:left;white-space:nowrap}.wide{overflow-x:auto}`;

const page = (title: string, body: Html): Html => devPage("藍新金流（本機模擬）", STYLE, title, body);

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`);

export interface TradeSummary {
  merchantOrderNo: string;
  itemDesc: string;
  amount: number;
  methodLabel: string;
  isTransfer: boolean;
  /** The end of TradeLimit, Taipei time; null without one. */
  payBy: string | null;
  /** 專戶匯款: the account's last day asked for (ExpireDate); null for the default. */
  expireDate: string | null;
}

/** The gateway's page: what is being paid and the outcomes to simulate (the first is the primary button). */
export function gatewayPage(
  trade: TradeSummary,
  outcomes: readonly { value: string; label: string }[],
  action: string,
  fields: Record<string, string>,
): Html {
  return page(
    "付款",
    html`<h1>藍新金流付款（本機模擬）</h1>
      <p class="note">這是開發用的模擬金流，不會實際扣款。</p>
      <dl>
        <dt>訂單編號</dt>
        <dd>${trade.merchantOrderNo}</dd>
        <dt>商品說明</dt>
        <dd>${trade.itemDesc}</dd>
        <dt>金額</dt>
        <dd>NT$${groupThousands(trade.amount)}</dd>
        <dt>付款方式</dt>
        <dd>${trade.methodLabel}</dd>
        ${trade.payBy ? html`<dt>付款期限</dt><dd>${trade.payBy} 前</dd>` : ""}
        ${trade.expireDate ? html`<dt>繳費期限</dt><dd>${trade.expireDate}</dd>` : ""}
      </dl>
      <form method="post" action="${action}">
        ${hiddenFields(fields)}
        <fieldset>
          <legend>選擇模擬的付款結果</legend>
          ${outcomes.map(
            ({ value, label }, index) =>
              html`<button type="submit" name="outcome" value="${value}"${raw(index === 0 ? "" : ' class="secondary"')}>${label}</button>`,
          )}
          ${
            trade.isTransfer
              ? html`<p class="note">專戶匯款：「付款成功」產生轉帳帳號，通知商店（NotifyURL）並送到 CustomerURL；「模擬轉帳入帳」送出入帳通知。</p>`
              : ""
          }
          <p class="note">「不通知商店」的兩個選項照樣完成付款，但不呼叫 NotifyURL，用來測試商店以 QueryTradeInfo 對帳。</p>
        </fieldset>
      </form>`,
  );
}

/**
 * After an outcome: back to the shop with the signed result, submitted at once by the nonce'd script, unless the
 * notice is an alert (the notify failed or timed out): then the page says so and waits for 返回商店, so whoever is
 * testing sees why the order may not be paid.
 */
export function returnPage(
  outcome: { title: string; notice: { text: string; alert: boolean } },
  action: string,
  fields: Record<string, string>,
  nonce: string,
): Html {
  const { notice } = outcome;
  return page(
    outcome.title,
    html`<h1>${outcome.title}</h1>
      ${notice.alert ? html`<p role="alert">${notice.text}</p>` : html`<p class="note">${notice.text}</p>`}
      <form method="post" action="${action}" id="back-to-shop">
        ${hiddenFields(fields)}
        <button type="submit">返回商店</button>
      </form>
      ${notice.alert ? "" : html`<script nonce="${nonce}">document.getElementById("back-to-shop").submit();</script>`}`,
  );
}

/** A form the gateway cannot take (400). */
export function errorPage(reason: string): Html {
  return page(
    "無法處理這筆付款",
    html`<h1>無法處理這筆付款</h1>
      <p role="alert">${reason}</p>`,
  );
}

/** QueryTradeInfo's TradeStatus values that the stand-in records. */
const TRADE_STATUS_LABEL: Record<number, string> = { 0: "未付款", 1: "已付款", 2: "付款失敗" };

/** The recorded trades, newest first (read-only). */
export function tradesPage(trades: readonly StoredTrade[], limit: number): Html {
  return page(
    "模擬金流的交易",
    html`<h1>模擬金流的交易</h1>
      <p class="note">模擬金流自己的紀錄（QueryTradeInfo 依此回答），最多列出最近更新的 ${limit} 筆。</p>
      ${
        trades.length === 0
          ? html`<p>還沒有交易。</p>`
          : html`<div class="wide" role="region" aria-label="交易紀錄" tabindex="0"><table>
              <thead>
                <tr>
                  <th scope="col">訂單編號</th>
                  <th scope="col">金額</th>
                  <th scope="col">付款方式</th>
                  <th scope="col">狀態</th>
                  <th scope="col">付款時間</th>
                  <th scope="col">轉帳帳號</th>
                  <th scope="col">繳費期限</th>
                  <th scope="col">查詢模式</th>
                  <th scope="col">更新時間</th>
                </tr>
              </thead>
              <tbody>
                ${trades.map(
                  (trade) => html`<tr>
                    <th scope="row">${trade.merchant_order_no}</th>
                    <td>NT$${groupThousands(trade.amount)}</td>
                    <td>${trade.payment_type}</td>
                    <td>${TRADE_STATUS_LABEL[trade.trade_status] ?? trade.trade_status}</td>
                    <td>${trade.pay_time ?? ""}</td>
                    <td>${trade.code_no ? `${trade.bank_code} ${trade.code_no}` : ""}</td>
                    <td>${trade.expire_date ?? ""}</td>
                    <td>${trade.query_mode === "hang" ? "不回應" : "正常"}</td>
                    <td>${trade.updated_at}</td>
                  </tr>`,
                )}
              </tbody>
            </table></div>`
      }`,
  );
}
