// Abuse as a reader's browser meets it: another site's form post and link cannot end the reader's session
// (worker/middleware/same-origin.ts), and past a rate limit (worker/rate-limits.ts) the account and order-search
// forms say so in Chinese and keep what was typed.
import type { RateLimitBinding } from "../../worker/rate-limits";
import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { limitOf, startEarlyInPeriod } from "../support/rate-limits";
import { expect, type Page, test } from "../support/test";
import { signInNewMember } from "./support/session";

const ATTACKER = "http://attacker.test";
const TOO_MANY = "操作太頻繁，請 1 分鐘後再試";

/** Opens a page of another site (served by the test) that holds `body`. */
async function openAttackerPage(page: Page, body: string) {
  await page.route(`${ATTACKER}/**`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html><body>${body}</body></html>`,
    }),
  );
  await page.goto(`${ATTACKER}/`);
}

async function expectStillSignedIn(page: Page) {
  await page.goto("/member/profile");
  await expect(page).toHaveURL(/\/member\/profile$/);
  await expect(page.getByText("測試讀者，您好")).toBeVisible();
}

test.describe("another site", () => {
  test("a form post to a page's action is refused with a page in Chinese, and the session stays", async ({
    page,
    baseURL,
  }) => {
    await signInNewMember(page);
    await openAttackerPage(
      page,
      `<form method="post" action="${baseURL}/login"><input type="hidden" name="intent" value="logout"><button>領取優惠</button></form>`,
    );
    const [reply] = await Promise.all([
      page.waitForResponse((res) => res.url() === `${baseURL}/login`),
      page.getByRole("button", { name: "領取優惠" }).click(),
    ]);
    expect(reply.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("無法處理這項請求");
    await expect(page.getByRole("alert")).toContainText("這項請求不是從本站送出的");
    await expect(page.getByRole("link", { name: "返回首頁" })).toBeVisible();
    await expectStillSignedIn(page);
  });

  test("a link to the logout is refused, and the session stays", async ({ page, baseURL }) => {
    await signInNewMember(page);
    await openAttackerPage(page, `<a href="${baseURL}/api/frontend/member/logout">看看新書</a>`);
    const [reply] = await Promise.all([
      page.waitForResponse((res) => res.url() === `${baseURL}/api/frontend/member/logout`),
      page.getByRole("link", { name: "看看新書" }).click(),
    ]);
    expect(reply.status()).toBe(403);
    expect((await reply.json()).code).toBe(2);
    await expectStillSignedIn(page);
  });
});

/** Uses up `group`'s calls for this test's address (each test has its own), early enough in a period. */
async function useUp(group: RateLimitBinding, call: () => Promise<unknown>) {
  const { limit, period } = limitOf(group);
  await startEarlyInPeriod(period);
  for (let i = 0; i < limit; i++) await call();
}

test.describe("past a rate limit", () => {
  test.setTimeout(90_000);

  test("the sign-in form says so and keeps the e-mail", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await useUp("SIGN_IN_RATE_LIMIT", () =>
      page.request.post("/api/frontend/member/login", { data: { email: "nobody@example.com", password: "x" } }),
    );
    await page.getByLabel("電子郵件").fill("reader@example.com");
    await page.getByLabel("密碼").fill("Lotus2026");
    await page.getByRole("button", { name: "登入" }).click();
    await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
    await expect(page.getByLabel("電子郵件")).toHaveValue("reader@example.com");
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
  });

  test("the register form says so and keeps the e-mail and name", async ({ page }) => {
    await page.goto("/register");
    await waitForHydration(page);
    await useUp("REGISTER_RATE_LIMIT", () => page.request.post("/api/frontend/member/register", { data: {} }));
    await page.getByLabel("電子郵件", { exact: true }).fill("new-reader@example.com");
    await page.getByLabel("姓名", { exact: true }).fill("林讀者");
    await page.getByLabel("密碼", { exact: true }).fill("Lotus2026");
    await page.getByLabel("確認密碼", { exact: true }).fill("Lotus2026");
    await page.getByRole("button", { name: "加入會員" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TOO_MANY })).toBeVisible();
    await expect(page.getByLabel("電子郵件", { exact: true })).toHaveValue("new-reader@example.com");
    await expect(page.getByLabel("姓名", { exact: true })).toHaveValue("林讀者");
  });

  test("a search page is a page in Chinese that says so, with HTTP 429 and Retry-After, and passes axe", async ({
    page,
  }) => {
    // Search allows many calls: they are sent a few at a time. A query nobody has asked for, so the page is not
    // served from the edge cache and its own call to the API counts against this reader's address.
    const { limit, period } = limitOf("SEARCH_RATE_LIMIT");
    await startEarlyInPeriod(period);
    for (let sent = 0; sent < limit; sent += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, limit - sent) }, () =>
          page.request.get("/api/frontend/search/suggestions", { params: { q: "心" } }),
        ),
      );
    }
    const reply = await page.goto(`/search?q=${encodeURIComponent(`書${crypto.randomUUID().slice(0, 8)}`)}`);
    expect(reply?.status()).toBe(429);
    expect(reply?.headers()["retry-after"]).toBe("60");
    await expect(page).toHaveTitle(/^操作太頻繁/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("操作太頻繁");
    await expect(page.getByRole("alert")).toContainText("請 1 分鐘後再重新載入這一頁");
    await expect(page.getByRole("link", { name: "重新載入" })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the recovery form says so and keeps the e-mail", async ({ page }) => {
      await useUp("RECOVERY_RATE_LIMIT", () =>
        page.request.post("/api/frontend/member/recovery/code", { data: { email: "x" } }),
      );
      await page.goto("/recovery");
      await page.getByLabel("電子郵件", { exact: true }).fill("reader@example.com");
      await page.getByRole("button", { name: "寄送驗證碼" }).click();
      await expect(page.getByRole("alert").filter({ hasText: TOO_MANY })).toBeVisible();
      await expect(page.getByLabel("電子郵件", { exact: true })).toHaveValue("reader@example.com");
    });

    test("the order search says so and keeps the number and e-mail", async ({ page }) => {
      const asked = { order_no: "BK20261123-000042-7KQ3ZP", email: "reader@example.com" };
      await useUp("ORDER_SEARCH_RATE_LIMIT", () => page.request.post("/api/frontend/order-search", { data: asked }));
      await page.goto("/order-search");
      await page.getByLabel("訂單編號").fill(asked.order_no);
      await page.getByLabel("訂購人電子郵件").fill(asked.email);
      const [reply] = await Promise.all([
        page.waitForResponse(
          (res) => res.request().method() === "POST" && new URL(res.url()).pathname === "/order-search",
        ),
        page.getByRole("button", { name: "查詢訂單" }).click(),
      ]);
      expect(reply.status()).toBe(429);
      await expect(page.getByRole("alert").filter({ hasText: TOO_MANY })).toBeVisible();
      await expect(page.getByLabel("訂單編號")).toHaveValue(asked.order_no);
      await expect(page.getByLabel("訂購人電子郵件")).toHaveValue(asked.email);
    });
  });
});
