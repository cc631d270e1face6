// Issue 21: no address the site produces holds an e-mail address. The recovery and order-search flows are walked as a
// reader walks them, with and without JavaScript, and every request the page makes is checked (page.on("request"):
// documents, React Router's data requests, API calls, assets), its URL and its Referer, not only the address bar.

import { waitForHydration } from "../support/hydration";
import { type APIRequestContext, expect, type Page, test } from "../support/test";
import { mailedRecoveryCode } from "./support/mailbox";

const PASSWORD = "Lotus2026";
const NEW_PASSWORD = "Bodhi2027";
/** The seeded demo order and its orderer (scripts/seed): found by the order search. */
const DEMO_ORDER = { order_no: "BK20250312-000001-7KQ3ZP", email: "demo@example.com" };
/** Anything that reads as an e-mail address, in a URL decoded as far as it goes. */
const EMAIL_LIKE = /[^\s@/?&=]@[^\s@/?&=]/;

interface Sent {
  method: string;
  url: string;
  referer: string;
}

/** Records every request the page makes, from now on. */
function watchRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on("request", (request) => {
    sent.push({ method: request.method(), url: request.url(), referer: request.headers().referer ?? "" });
  });
  return sent;
}

function decodedFully(text: string): string {
  let current = text;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(current.replaceAll("+", " "));
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

function expectNoEmailIn(sent: Sent[], emails: string[]) {
  expect(sent.length).toBeGreaterThan(0);
  for (const { method, url, referer } of sent) {
    for (const [what, value] of [
      ["URL", url],
      ["Referer", referer],
    ] as const) {
      const decoded = decodedFully(value);
      expect(decoded, `${method} ${url}: its ${what} holds an e-mail address`).not.toMatch(EMAIL_LIKE);
      for (const email of emails) expect(decoded.toLowerCase()).not.toContain(email.toLowerCase());
    }
  }
}

async function registerMember(request: APIRequestContext): Promise<string> {
  const email = `addresses-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post("/api/frontend/member/register", {
    data: { email, password: PASSWORD, name: "測試讀者" },
  });
  expect((await res.json()).code).toBe(1);
  return email;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function walkRecovery(page: Page, request: APIRequestContext, email: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "忘記密碼" }).click();
  await expect(page).toHaveURL(/\/recovery$/);
  await field(page, "電子郵件").fill(email);
  await page.getByRole("button", { name: "寄送驗證碼" }).click();
  await expect(page).toHaveURL(/\/recovery\?step=code$/);
  await expect(page.getByText(email)).toBeVisible();
  // Back to step 1 and on again: the e-mail comes along, never in the address.
  await page.getByRole("link", { name: "重新取得驗證碼" }).click();
  await expect(page).toHaveURL(/\/recovery$/);
  await expect(field(page, "電子郵件")).toHaveValue(email);
  await page.getByRole("button", { name: "寄送驗證碼" }).click();
  await expect(page).toHaveURL(/\/recovery\?step=code$/);
  // A wrong code first, then the mailed one.
  const code = await mailedRecoveryCode(request, email);
  for (const attempt of [code === "0000000000" ? "1111111111" : "0000000000", code]) {
    await field(page, "驗證碼").fill(attempt);
    await field(page, "新密碼").fill(NEW_PASSWORD);
    await field(page, "確認新密碼").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "重設密碼並登入" }).click();
    if (attempt !== code) await expect(page.getByText("驗證碼錯誤或已過期")).toBeVisible();
  }
  await expect(page).toHaveURL(/\/member\/profile$/);
  // The e-mail's cookie went with the reset.
  expect((await page.context().cookies()).some((c) => c.name === "bookstore_recovery_email")).toBe(false);
}

async function walkOrderSearch(page: Page) {
  await page.goto("/order-search");
  const search = async (orderNo: string, email: string) => {
    await field(page, "訂單編號").fill(orderNo);
    await field(page, "訂購人電子郵件").fill(email);
    await page.getByRole("button", { name: "查詢訂單" }).click();
  };
  await search(DEMO_ORDER.order_no, DEMO_ORDER.email);
  await expect(page.getByTestId("order-search-result")).toContainText(DEMO_ORDER.order_no);
  await search(DEMO_ORDER.order_no, "someone-else@example.com");
  await expect(page.getByRole("alert")).toContainText("查無此訂單");
  await search("BK2026-42", "not-quite@example");
  await expect(field(page, "訂單編號")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/order-search$/);
}

test.describe("with JavaScript", () => {
  test("recovering a password: no request of the page carries the e-mail", async ({ page, request }) => {
    const email = await registerMember(request);
    const sent = watchRequests(page);
    await page.goto("/");
    await waitForHydration(page);
    await walkRecovery(page, request, email);
    expect(sent.some((s) => s.url.includes("/api/frontend/") || s.url.includes(".data"))).toBe(true);
    expectNoEmailIn(sent, [email]);
  });

  test("searching for an order: no request of the page carries the e-mail, the API call included", async ({ page }) => {
    const sent = watchRequests(page);
    await page.goto("/order-search");
    await waitForHydration(page);
    await walkOrderSearch(page);
    // The search went as a form post (React Router's action request), the e-mail in its body.
    expect(sent.some((s) => s.method === "POST" && new URL(s.url).pathname.startsWith("/order-search"))).toBe(true);
    expectNoEmailIn(sent, [DEMO_ORDER.email, "someone-else@example.com"]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("recovering a password: no request of the page carries the e-mail", async ({ page, request }) => {
    const email = await registerMember(request);
    const sent = watchRequests(page);
    await walkRecovery(page, request, email);
    expectNoEmailIn(sent, [email]);
  });

  test("searching for an order: no request of the page carries the e-mail", async ({ page }) => {
    const sent = watchRequests(page);
    await walkOrderSearch(page);
    expect(sent.some((s) => s.method === "POST" && new URL(s.url).pathname === "/order-search")).toBe(true);
    expectNoEmailIn(sent, [DEMO_ORDER.email, "someone-else@example.com"]);
  });
});
