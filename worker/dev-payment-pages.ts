// The stand-in gateway's pages (worker/dev-payment.ts): small zh-TW HTML that keeps to the worker's CSP (the one
// script carries the request's nonce). `html` escapes every interpolated value.
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { groupThousands } from "~/domain/thousands";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `body{font-family:system-ui,"Noto Sans TC",sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;
color:#1f1f1f;background:#fff;line-height:1.6}h1{font-size:1.5rem}dl{display:grid;grid-template-columns:auto 1fr;
gap:.25rem 1rem}dt{font-weight:600}fieldset{border:1px solid #767676;padding:1rem}button{min-height:46px;
padding:0 1.25rem;margin:.25rem .5rem .25rem 0;font-size:1rem;border:1px solid #4a4a00;background:#6b6b00;
color:#fff;cursor:pointer}button.secondary{background:#fff;color:#4a4a00}button:focus-visible{outline:3px solid
#1a56db;outline-offset:2px}.note{color:#4a4a4a;font-size:.9rem}`;

function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}｜藍新金流（本機模擬）</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;
}

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`);

export interface TradeSummary {
  merchantOrderNo: string;
  itemDesc: string;
  amount: number;
  methodLabel: string;
  isTransfer: boolean;
}

/** The gateway's page: what is being paid and the outcomes to simulate. */
export function gatewayPage(trade: TradeSummary, action: string, fields: Record<string, string>): Html {
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
      </dl>
      <form method="post" action="${action}">
        ${hiddenFields(fields)}
        <fieldset>
          <legend>選擇模擬的付款結果</legend>
          <button type="submit" name="outcome" value="success">付款成功</button>
          <button type="submit" name="outcome" value="failure" class="secondary">付款失敗</button>
          ${
            trade.isTransfer
              ? html`<button type="submit" name="outcome" value="transfer" class="secondary">模擬轉帳入帳</button>
                  <p class="note">專戶匯款：「付款成功」只發給轉帳帳號（CustomerURL）；「模擬轉帳入帳」送出入帳通知。</p>`
              : ""
          }
        </fieldset>
      </form>`,
  );
}

/**
 * After an outcome: back to the shop with the signed result, submitted at once by the nonce'd script when the store
 * took the notify (or none was due). When the notify failed or timed out, the page says so and waits for 返回商店,
 * so whoever is testing sees why the order may not be paid.
 */
export function returnPage(
  outcome: { title: string; notify: { delivered: boolean; note: string } | null },
  action: string,
  fields: Record<string, string>,
  nonce: string,
): Html {
  const { notify } = outcome;
  const waits = notify !== null && !notify.delivered;
  return page(
    outcome.title,
    html`<h1>${outcome.title}</h1>
      ${notify ? (waits ? html`<p role="alert">${notify.note}</p>` : html`<p class="note">${notify.note}</p>`) : ""}
      <form method="post" action="${action}" id="back-to-shop">
        ${hiddenFields(fields)}
        <button type="submit">返回商店</button>
      </form>
      ${waits ? "" : html`<script nonce="${nonce}">document.getElementById("back-to-shop").submit();</script>`}`,
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
