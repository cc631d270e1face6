// Signing in and out as a reader does it; the token stays in an HttpOnly cookie.

import AxeBuilder from "@axe-core/playwright";
import { expectAccessible } from "../support/a11y";
import { holdScripts, waitForHydration } from "../support/hydration";
import { expect, test } from "../support/test";
import { DEMO_MEMBER } from "./support/session";

test("a guest sent to sign in comes back to the page they wanted, then signs out", async ({ page, context }) => {
  await page.goto("/member/orders");
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByLabel("電子郵件").fill(DEMO_MEMBER.email);
  await page.getByLabel("密碼").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "登入" }).click();

  await expect(page).toHaveURL(/\/member\/orders$/);
  await expect(page.getByText(`${DEMO_MEMBER.name}，您好`)).toBeVisible();
  const token = (await context.cookies()).find((c) => c.name === "bookstore_token");
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe("Lax");
  expect(await page.evaluate(() => document.cookie)).not.toContain("bookstore_token");
  expect((await context.cookies()).find((c) => c.name === "bookstore_return_url")).toBeUndefined();

  await page.getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL(/\/login\?session=signed-out$/);
  await expect(page.getByText("您已登出。")).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "bookstore_token")).toBeUndefined();
  await page.goto("/member/profile");
  await expect(page).toHaveURL(/\/login$/);
});

test("/login says why only when signing in leads back to the checkout", async ({ page }) => {
  const reason = page.getByText("請先登入會員，登入後將回到結帳。");
  // Sent from a member page, or straight to /login: no reason about the checkout.
  await page.goto("/member/orders");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "會員登入" })).toBeVisible();
  await expect(reason).toHaveCount(0);
  // …but that signing in comes back here (a member page, or a guest's 收藏).
  await expect(page.getByTestId("login-reason")).toHaveText("請先登入會員，登入後將回到剛才的頁面。");
  // Sent from the checkout step: said under the heading, in both themes' colours.
  await page.goto("/cart?checkout=0");
  await expect(page).toHaveURL(/\/login$/);
  await expect(reason).toBeVisible();
  await waitForHydration(page);
  await expectAccessible(page);
  // Signing in spends the return address: a later visit to /login has no reason to give.
  await page.getByLabel("電子郵件").fill(DEMO_MEMBER.email);
  await page.getByLabel("密碼").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page).toHaveURL(/\/cart\?checkout=0$/);
  await page.context().clearCookies({ name: "bookstore_token" });
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "會員登入" })).toBeVisible();
  await expect(reason).toHaveCount(0);
});

test("a wrong password says so in Chinese and keeps the e-mail", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("電子郵件").fill(DEMO_MEMBER.email);
  await page.getByLabel("密碼").fill("Wrong9999");
  // Pressed from the keyboard: the button stays focused while the form is sent (a disabled button would drop the
  // focus to <body>), so the next Tab goes on from it.
  await page.getByRole("button", { name: "登入" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("電子郵件或密碼錯誤");
  await expect(page.getByRole("button", { name: "登入" })).toBeFocused();
  await expect(page.getByLabel("電子郵件")).toHaveValue(DEMO_MEMBER.email);
  await expect(page.getByLabel("電子郵件")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  // A new try that the form's own check stops is about that try: the API's earlier refusal goes.
  await page.getByLabel("電子郵件").fill("notanemail");
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page.getByRole("alert")).toHaveText("有 1 個欄位需要修正，請見欄位下方的說明。");
  await expect(page.getByLabel("電子郵件")).toHaveAccessibleDescription("電子郵件格式不正確");
  await expect(page.getByLabel("密碼")).not.toHaveAttribute("aria-invalid");
});

test("the password field keeps letters and digits only, and says so when it leaves something out", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  const password = page.getByLabel("密碼");
  const note = page.getByRole("status").filter({ hasText: "密碼只能使用英文字母與數字" });
  await password.pressSequentially("Ab 1!密2");
  await expect(password).toHaveValue("Ab12");
  await expect(note).toHaveText("密碼只能使用英文字母與數字，其他字元不會輸入。");
  await expect(password).toHaveAccessibleDescription(/其他字元不會輸入/);
  // Full-width letters and digits (an IME's full-width mode) are the same letters and digits.
  await password.pressSequentially("Ｃ３");
  await expect(password).toHaveValue("Ab12C3");
  await password.fill("");
  await expect(note).toHaveCount(0);
});

test("empty or malformed fields say so under each field, in Chinese, with no browser bubble", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await expect(page.locator("form[novalidate]").filter({ has: page.getByLabel("密碼") })).toHaveCount(1);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page.getByRole("alert")).toHaveText("有 2 個欄位需要修正，請見欄位下方的說明。");
  await expect(page.getByLabel("電子郵件")).toHaveAccessibleDescription("請輸入電子郵件");
  await expect(page.getByLabel("密碼")).toHaveAccessibleDescription("請輸入密碼");
  await expect(page.getByLabel("電子郵件")).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
  // A full-width address (typed with an IME's full-width mode on) is the same address.
  await page.getByLabel("電子郵件").fill("ｄｅｍｏ＠ｅｘａｍｐｌｅ．ｃｏｍ");
  await page.getByLabel("密碼").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page).toHaveURL(/\/member\/profile$/);
  await expect(page.getByText(`${DEMO_MEMBER.name}，您好`)).toBeVisible();
});

test.describe("before hydration (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in works as a plain form post", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("電子郵件").fill(DEMO_MEMBER.email);
    await page.getByLabel("密碼").fill(DEMO_MEMBER.password);
    await page.getByRole("button", { name: "登入" }).click();
    await expect(page).toHaveURL(/\/member\/profile$/);
    await expect(page.getByText(`${DEMO_MEMBER.name}，您好`)).toBeVisible();
  });
});

test("a forged token is forgotten and the member page asks to sign in", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "bookstore_token", value: "forged-token-0123456789abcdef", url: baseURL! }]);
  await page.goto("/member/bookcase");
  await expect(page).toHaveURL(/\/login\?session=ended$/);
  expect((await context.cookies()).find((c) => c.name === "bookstore_token")).toBeUndefined();
});

test("what was typed before the page hydrated is kept, the password included, and signs in", async ({ page }) => {
  // The scripts are held until both fields are filled: a reader on a slow link types while they load.
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await page.getByLabel("電子郵件").fill(DEMO_MEMBER.email);
  await page.getByLabel("密碼").fill(DEMO_MEMBER.password);
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("電子郵件")).toHaveValue(DEMO_MEMBER.email);
  await expect(page.getByLabel("密碼")).toHaveValue(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page).not.toHaveURL(/\/login$/);
});

test("every part of the guest layout is in a landmark (axe's best-practice region rule)", async ({ page }) => {
  for (const path of ["/login", "/register", "/recovery"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(["region"]).analyze();
    expect(
      results.violations.map((v) => v.nodes.map((n) => n.target.join(" "))),
      path,
    ).toEqual([]);
  }
  await expect(page.getByRole("complementary", { name: "書摘" })).toContainText("書猶藥也，善讀之可以醫愚。");
});
