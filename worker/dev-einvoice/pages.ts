// The stand-in's page: what it issued, newest first, and its switches as a small form. zh-TW HTML that keeps to the
// worker's CSP (no script); `html` escapes every interpolated value.
import { html, raw } from "hono/html";
import { groupThousands } from "~/domain/thousands";
import { devPage, type Html } from "../dev-page";
import type { StoredInvoice } from "./invoices-table";
import { LOST_REPLIES_MAX, type Switches } from "./switches-table";

const STYLE = `body{font-family:system-ui,"Noto Sans TC",sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;
color:#1f1f1f;background:#fff;line-height:1.6}h1{font-size:1.5rem}h2{font-size:1.2rem}fieldset{border:1px solid
#767676;padding:1rem}label{display:block;margin-top:.5rem;font-weight:600}input,select{min-height:46px;font-size:1rem;
padding:0 .5rem;border:1px solid #767676}button{min-height:46px;padding:0 1.25rem;margin-top:1rem;font-size:1rem;
border:1px solid #4a4a00;background:#6b6b00;color:#fff;cursor:pointer}:focus-visible{outline:3px solid #1a56db;
outline-offset:2px}.note{color:#4a4a4a;font-size:.9rem}table{border-collapse:collapse;font-size:.9rem}th,td{border:1px
solid #767676;padding:.25rem .5rem;text-align:left;white-space:nowrap}td.amount{text-align:right}.wide{overflow-x:auto}`;

const page = (title: string, body: Html): Html => devPage("ezPay 電子發票（本機模擬）", STYLE, title, body);

/** A switch change the stand-in cannot take (400). */
export function errorPage(reason: string): Html {
  return page(
    "無法變更開關",
    html`<h1>無法變更開關</h1>
      <p role="alert">${reason}</p>`,
  );
}

const CARRIER_LABEL: Record<string, string> = { "0": "手機條碼", "1": "自然人憑證", "2": "ezPay 載具" };

/** How the invoice is kept: a carrier, a donation, or paper. */
function keptBy(invoice: StoredInvoice): string {
  if (invoice.carrier_type) return `${CARRIER_LABEL[invoice.carrier_type]} ${invoice.carrier_num}`;
  if (invoice.love_code) return `捐贈 ${invoice.love_code}`;
  return "紙本";
}

function switchesSummary(switches: Switches): string {
  const down = switches.down ? `中斷（${switches.downOrderNo || "所有呼叫"}）` : "正常";
  const lost =
    switches.lostReplies > 0
      ? `接下來 ${switches.lostReplies} 次開立（${switches.lostOrderNo || "任何訂單"}）遺失回覆`
      : "不遺失回覆";
  return `服務：${down}；${lost}。`;
}

function switchesForm(switches: Switches, action: string): Html {
  return html`<form method="post" action="${action}">
    <fieldset>
      <legend>測試開關</legend>
      <p class="note" id="switches-now">目前：${switchesSummary(switches)}</p>
      <label for="down">服務狀態</label>
      <select id="down" name="down" aria-describedby="down-note">
        <option value="off"${raw(switches.down ? "" : " selected")}>正常</option>
        <option value="on"${raw(switches.down ? " selected" : "")}>中斷（每個呼叫回 HTTP 503）</option>
      </select>
      <p class="note" id="down-note">中斷時，開立、作廢、查詢與兩種檢查都回 HTTP 503（非 JSON），直到改回正常。</p>
      <label for="down_order_no">只中斷這筆訂單或代碼（商店自訂編號，或檢查的手機條碼、愛心碼；空白為所有呼叫）</label>
      <input id="down_order_no" name="down_order_no" value="${switches.downOrderNo}" maxlength="20" autocomplete="off" />
      <label for="lost_replies">接下來遺失回覆的開立次數</label>
      <input id="lost_replies" name="lost_replies" type="number" min="0" max="${LOST_REPLIES_MAX}" value="${switches.lostReplies}" aria-describedby="lost-note" />
      <p class="note" id="lost-note">照常開立並記錄發票，但回覆只送出一半（無法解析），商店重試時會收到 LIB10003，須以查詢找回發票。</p>
      <label for="lost_order_no">只遺失這筆訂單的回覆（商店自訂編號；空白為任何訂單）</label>
      <input id="lost_order_no" name="lost_order_no" value="${switches.lostOrderNo}" maxlength="20" autocomplete="off" />
      <button type="submit">儲存開關</button>
    </fieldset>
  </form>`;
}

function invoicesTable(invoices: readonly StoredInvoice[]): Html {
  return html`<div class="wide" role="region" aria-label="已開立的發票" tabindex="0"><table>
    <thead>
      <tr>
        <th scope="col">發票號碼</th>
        <th scope="col">開立時間</th>
        <th scope="col">商店自訂編號</th>
        <th scope="col">類別</th>
        <th scope="col">買受人</th>
        <th scope="col">載具／捐贈</th>
        <th scope="col">銷售額</th>
        <th scope="col">稅額</th>
        <th scope="col">總計</th>
        <th scope="col">狀態</th>
      </tr>
    </thead>
    <tbody>
      ${invoices.map(
        (invoice) => html`<tr>
          <th scope="row">${invoice.invoice_number}</th>
          <td>${invoice.create_time}</td>
          <td>${invoice.merchant_order_no}</td>
          <td>${invoice.category === "B2B" ? "B2B 公司" : "B2C 個人"}</td>
          <td>${invoice.buyer_name}${invoice.buyer_ubn ? `（統編 ${invoice.buyer_ubn}）` : ""}</td>
          <td>${keptBy(invoice)}</td>
          <td class="amount">NT$${groupThousands(invoice.amt)}</td>
          <td class="amount">NT$${groupThousands(invoice.tax_amt)}</td>
          <td class="amount">NT$${groupThousands(invoice.total_amt)}</td>
          <td>${invoice.invalid_time ? `已作廢（${invoice.invalid_reason}，${invoice.invalid_time}）` : "已開立"}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

/** The page: the switches, then the invoices, newest first (at most `limit`). */
export function invoicesPage(
  invoices: readonly StoredInvoice[],
  limit: number,
  switches: Switches,
  switchesAction: string,
): Html {
  return page(
    "模擬電子發票",
    html`<h1>ezPay 電子發票（本機模擬）</h1>
      <p class="note">開發用的模擬服務，不會上傳財政部。以商店的 EZPAY_* 設定驗證與加密。</p>
      ${switchesForm(switches, switchesAction)}
      <h2>已開立的發票</h2>
      <p class="note">模擬服務自己的紀錄（查詢依此回答），新的在前，最多列出 ${limit} 張。</p>
      ${invoices.length === 0 ? html`<p>還沒有開立任何發票。</p>` : invoicesTable(invoices)}`,
  );
}
