// Every mail a buyer expects, end to end on workerd (issue 23): a reader registers, asks for a recovery code, orders
// and fails a payment at the stand-in gateway, follows the mail's 重新付款 link and pays; a transfer order gets its
// account; a cash-on-delivery order is cancelled. Each mail is written with its change, goes through the mail queue
// to the consumer and the local send_email binding, and is read back from /_dev/mail with its text and HTML parts.

import { expectAccessible } from "../support/a11y";
import { API } from "../support/fixtures";
import { waitForHydration } from "../support/hydration";
import { type Mail, mailboxHolding, mailedRecoveryCode, settledMailbox } from "../support/mailbox";
import { expect, type Page, test } from "../support/test";
import { fillDomesticReceiver, placeOrderByApi, postPaymentForm } from "./support/orders";

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The mail to `email` whose subject has `subject`, once it has arrived. */
async function mailAbout(page: Page, email: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = await mailboxHolding(page.request, email, 1);
      found = mails.find((mail) => mail.subject.includes(subject));
      return found?.subject;
    })
    .toContain(subject);
  return found as Mail;
}

/** What every mail has: the store's name, a text part, an HTML part in zh-Hant-TW, its outbox id, links to this site. */
function expectWellFormed(mail: Mail, origin: string) {
  expect(mail.id).toEqual(expect.any(Number));
  expect(mail.subject).toContain("覺林書房");
  expect(mail.body.trim().endsWith("覺林書房")).toBe(true);
  expect(mail.html).toContain('lang="zh-Hant-TW"');
  for (const href of mail.html?.matchAll(/href="([^"]+)"/g) ?? []) expect(href[1]?.startsWith(`${origin}/`)).toBe(true);
  expect(mail.html).not.toMatch(/<img|<script|src="http/);
}

/** The first link of the text part that starts with `prefix`. */
const linkIn = (mail: Mail, prefix: string) =>
  new RegExp(`${prefix.replace(/[.?]/g, "\\$&")}\\S*`).exec(mail.body)?.[0] ?? "";

test("each mail a buyer expects arrives through the queue and the binding, with the right text", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const origin = String(baseURL);
  const email = `mail-journey-${Date.now()}@example.com`;

  // 歡迎加入, after registering in the browser.
  await page.goto("/register");
  await waitForHydration(page);
  await field(page, "電子郵件").fill(email);
  await field(page, "姓名").fill("林靜宜");
  await field(page, "密碼").fill("Lotus2026");
  await field(page, "確認密碼").fill("Lotus2026");
  await page.getByRole("button", { name: "加入會員" }).click();
  await expect(page.getByText("林靜宜，您好")).toBeVisible();
  const welcome = await mailAbout(page, email, "歡迎加入");
  expectWellFormed(welcome, origin);
  expect(welcome.body).toContain("林靜宜 您好");
  expect(welcome.body).toContain(email);

  // 密碼重設驗證碼.
  await page.request.post(`${API}/member/recovery/code`, { data: { email } });
  expect(await mailedRecoveryCode(page.request, email)).toMatch(/^\d{10}$/);
  expectWellFormed(await mailAbout(page, email, "驗證碼"), origin);

  // 訂單成立, from the checkout in the browser, then 付款失敗 at the stand-in gateway.
  await page.goto("/product/1");
  await waitForHydration(page);
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toBeVisible();
  await page.goto("/cart?checkout=0");
  await waitForHydration(page);
  await fillDomesticReceiver(page);
  await page.getByRole("radio", { name: "信用卡付款", exact: true }).check();
  await page.getByRole("button", { name: /^送出訂單/ }).click();
  await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
  const orderNo = /BK\d{8}-\d{6,9}-[0-9A-Z]{6}/.exec((await page.getByText(/訂單 BK/).textContent()) ?? "")?.[0] ?? "";
  expect(orderNo).not.toBe("");
  const received = await mailAbout(page, email, "訂單成立");
  expectWellFormed(received, origin);
  for (const fact of [`訂單編號：${orderNo}`, "王小明", "重慶南路一段 1 號", "訂單總額", "信用卡付款"]) {
    expect(received.body).toContain(fact);
  }
  expect(linkIn(received, `${origin}/member/orders?no=`)).toBe(`${origin}/member/orders?no=${orderNo}`);

  await page.getByRole("button", { name: "付款失敗" }).click();
  await page.waitForURL((url) => url.pathname === "/order-complete");
  const failed = await mailAbout(page, email, "付款失敗");
  expectWellFormed(failed, origin);
  expect(failed.subject).toContain(orderNo);

  // The mail's 重新付款 link leads to the order, which pays at the gateway: 付款完成.
  await page.goto(linkIn(failed, `${origin}/order-complete?order_no=`));
  await waitForHydration(page);
  await page.getByRole("button", { name: "重新付款" }).click();
  await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
  await page.getByRole("button", { name: "付款成功", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/order-complete");
  await expect(page.getByRole("region", { name: "完成付款" })).toBeVisible();
  await expectAccessible(page);
  const paid = await mailAbout(page, email, "付款完成");
  expectWellFormed(paid, origin);
  expect(paid.subject).toContain(orderNo);
  expect(paid.body).toContain("付款金額");

  // The paid order's e-invoice is issued through its own queue, and mailed once issued (issue 24).
  const invoice = await mailAbout(page, email, "電子發票開立通知");
  expectWellFormed(invoice, origin);
  expect(invoice.body).toMatch(/發票號碼：[A-Z]{2}\d{8}/);

  // Each change wrote one mail, sent once: nothing more arrives.
  const all = await settledMailbox(page.request, email);
  expect(all.map((mail) => mail.subject.replace(/（.*）/, "")).sort()).toEqual(
    [
      "歡迎加入覺林書房",
      "覺林書房 密碼重設驗證碼",
      "覺林書房 訂單成立通知",
      "覺林書房 付款失敗通知",
      "覺林書房 付款完成通知",
      "覺林書房 電子發票開立通知",
    ].sort(),
  );
  expect(new Set(all.map((mail) => mail.id)).size).toBe(all.length);
});

test("a transfer order's account, and a cancelled order, are mailed", async ({ page, baseURL }) => {
  const origin = String(baseURL);
  // 專戶匯款: the gateway issues the account (its 付款成功 for VACC), and the mail gives it with the deadline.
  const transfer = await placeOrderByApi(page, 7);
  await postPaymentForm(page, transfer.placed.payment);
  await page.getByRole("button", { name: "付款成功", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/order-complete");
  const account = await mailAbout(page, transfer.email, "轉帳");
  expectWellFormed(account, origin);
  const detail = (
    await (
      await page.request.get(`${API}/member/orders/${transfer.placed.order_no}`, { headers: transfer.headers })
    ).json()
  ).data;
  expect(account.body).toContain(detail.payment.bank_code);
  expect(account.body).toContain(detail.payment.account_no);
  expect(account.body).toMatch(/\d{4}\/\d{2}\/\d{2}/);

  // 取消訂單: a cash-on-delivery order the member cancels.
  const cod = await placeOrderByApi(page, 6);
  const cancelled = await page.request.post(`${API}/member/orders/${cod.placed.order_no}/cancel`, {
    headers: cod.headers,
  });
  expect((await cancelled.json()).code).toBe(1);
  const ended = await mailAbout(page, cod.email, "取消");
  expectWellFormed(ended, origin);
  expect(ended.body).toContain(`您的訂單 ${cod.placed.order_no} 已取消。`);
});
