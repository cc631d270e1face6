// Registering and recovering a forgotten password as a reader does it: in the browser, by keyboard only, without
// JavaScript, and checked by axe. Every test registers an e-mail of its own; the demo member is never touched.

import { expectAccessible } from "../support/a11y";
import { dropConnection, restoreConnection } from "../support/connection";
import { waitForHydration } from "../support/hydration";
import { mailboxHolding } from "../support/mailbox";
import { STOREFRONT_BASE_URL as STOREFRONT } from "../support/servers";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";
import { mailedRecoveryCode } from "./support/mailbox";

const NAME = "測試讀者";
const PASSWORD = "Lotus2026";
const NEW_PASSWORD = "Bodhi2027";

const freshEmail = () => `forms-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Registers a member through the API, from a request context that shares no cookies with the page. */
async function registerThroughApi(request: APIRequestContext, email = freshEmail()) {
  const res = await request.post("/api/frontend/member/register", { data: { email, password: PASSWORD, name: NAME } });
  expect((await res.json()).code).toBe(1);
  return email;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillRegistration(page: Page, values: { email: string; password: string; confirmation?: string }) {
  await field(page, "電子郵件").fill(values.email);
  await field(page, "姓名").fill(NAME);
  await field(page, "密碼").fill(values.password);
  await field(page, "確認密碼").fill(values.confirmation ?? values.password);
  await page.getByRole("button", { name: "加入會員" }).click();
}

/** The field shows its own message: marked invalid and described by it. */
async function expectFieldMessage(input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message));
}

async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/member\/profile$/);
  await expect(page.getByText(`${NAME}，您好`)).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL(/\/login\?session=signed-out$/);
  await expect(page.getByText("您已登出。")).toBeVisible();
}

async function askForCode(page: Page, email: string) {
  await field(page, "電子郵件").fill(email);
  await page.getByRole("button", { name: "寄送驗證碼" }).click();
  // The e-mail went on in a cookie, not in the address.
  await expect(page).toHaveURL(/\/recovery\?step=code$/);
  await expect(page.getByText("位數的驗證碼已寄到這個信箱")).toBeVisible();
  // Step 2 says it is step 2: in the title, and with the heading that has the focus.
  await expect(page).toHaveTitle(/^忘記密碼（步驟 2／2） - /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleDescription(
    "步驟 2／2：輸入驗證碼並設定新密碼。",
  );
}

/** Step 2 as step 1 leaves it, without mailing a code: the e-mail in its HttpOnly cookie, then the step's address. */
async function openCodeStep(page: Page, email: string) {
  await page.context().addCookies([
    {
      name: "bookstore_recovery_email",
      value: encodeURIComponent(email),
      url: STOREFRONT,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  await page.goto("/recovery?step=code");
}

async function resetWith(page: Page, code: string, password = NEW_PASSWORD) {
  await field(page, "驗證碼").fill(code);
  await field(page, "新密碼").fill(password);
  await field(page, "確認新密碼").fill(password);
  await page.getByRole("button", { name: "重設密碼並登入" }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await field(page, "電子郵件").fill(email);
  await field(page, "密碼").fill(password);
  await page.getByRole("button", { name: "登入" }).click();
}

/** Presses Tab until `target` has focus (the way a keyboard user gets there). */
async function tabTo(page: Page, target: Locator, most = 40) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Types into the focused field, then moves on with Tab and checks where focus went. */
async function typeThenTab(page: Page, text: string, next: Locator) {
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
}

test("a reader registers, signs out, recovers the password by mail and signs in with the new one", async ({
  page,
  context,
}) => {
  const email = freshEmail();
  await page.goto("/register");
  await waitForHydration(page);
  await fillRegistration(page, { email, password: PASSWORD });
  await expectSignedIn(page);
  const token = (await context.cookies()).find((c) => c.name === "bookstore_token");
  expect(token?.httpOnly).toBe(true);
  await signOut(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "忘記密碼" }).click();
  await expect(page).toHaveURL(/\/recovery$/);
  await askForCode(page, email);
  await expect(page.getByText(email)).toBeVisible();
  // The code pasted from the mail with the spaces around it, in full-width digits as an IME gives them: the field keeps
  // all ten digits (a maxLength would have cut the last one before the spaces went).
  const code = await mailedRecoveryCode(page.request, email);
  const fullWidth = [...code].map((digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0)).join("");
  // A paste with a digit too many is kept whole and refused, never cut to ten digits (a code the reader never had).
  await field(page, "驗證碼").focus();
  await page.keyboard.insertText(`${code}7`);
  await expect(field(page, "驗證碼")).toHaveValue(`${code}7`);
  await field(page, "新密碼").fill(NEW_PASSWORD);
  await field(page, "確認新密碼").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "重設密碼並登入" }).click();
  await expect(field(page, "驗證碼")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "驗證碼")).toHaveAccessibleDescription(/驗證碼是 10 位數字/);
  await field(page, "驗證碼").fill("");
  await field(page, "驗證碼").focus();
  await page.keyboard.insertText(` ${fullWidth} `);
  await expect(field(page, "驗證碼")).toHaveValue(code);
  await page.getByRole("button", { name: "重設密碼並登入" }).click();
  await expectSignedIn(page);
  // The owner is told of the change, in case it was not them.
  const [notice] = await mailboxHolding(page.request, email, 1, "密碼已變更");
  expect(notice?.body).toContain("變更方式：以「忘記密碼」寄出的驗證碼重設");
  await signOut(page);

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("電子郵件或密碼錯誤");
  await signIn(page, email, NEW_PASSWORD);
  await expectSignedIn(page);
});

test("signing up comes back to the page the guest wanted", async ({ page }) => {
  await page.goto("/member/orders");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "加入會員" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await waitForHydration(page);
  await fillRegistration(page, { email: freshEmail(), password: PASSWORD });
  await expect(page).toHaveURL(/\/member\/orders$/);
});

test.describe("register: refusals are tied to their fields and keep what was typed", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/register");
    await waitForHydration(page);
  });

  test("a confirmation that does not match", async ({ page }) => {
    const email = freshEmail();
    await fillRegistration(page, { email, password: PASSWORD, confirmation: "Lotus2027" });
    await expectFieldMessage(field(page, "確認密碼"), "兩次輸入的密碼不一致");
    await expect(field(page, "確認密碼")).toBeFocused();
    await expect(field(page, "密碼")).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("alert")).toContainText("有 1 個欄位需要修正");
    await expect(field(page, "電子郵件")).toHaveValue(email);
    await expect(field(page, "姓名")).toHaveValue(NAME);
    await expect(page).toHaveURL(/\/register$/);

    // Fixing the field and leaving it takes its message away.
    await field(page, "確認密碼").fill(PASSWORD);
    await field(page, "確認密碼").blur();
    await expect(field(page, "確認密碼")).not.toHaveAttribute("aria-invalid");
  });

  test("a password that is too short", async ({ page }) => {
    const email = freshEmail();
    await fillRegistration(page, { email, password: "Ab1" });
    await expectFieldMessage(field(page, "密碼"), "密碼至少 8 個字元");
    await expect(field(page, "電子郵件")).toHaveValue(email);
    await expect(field(page, "姓名")).toHaveValue(NAME);
  });

  test("an e-mail already registered (the API's answer)", async ({ page, request }) => {
    const email = await registerThroughApi(request);
    // The "!" is left out, and the fields say so; emptied by the refusal, they have nothing left out to speak of.
    const leftOutNotes = page.getByRole("status").filter({ hasText: "其他字元不會輸入" });
    await field(page, "電子郵件").fill(email);
    await field(page, "姓名").fill(NAME);
    await field(page, "密碼").fill("Other2026!");
    await field(page, "確認密碼").fill("Other2026!");
    await expect(leftOutNotes).toHaveCount(2);
    await page.getByRole("button", { name: "加入會員" }).click();
    await expectFieldMessage(field(page, "電子郵件"), "這個電子郵件已經註冊過了");
    await expect(leftOutNotes).toHaveCount(0);
    await expect(field(page, "電子郵件")).toBeFocused();
    await expect(page.getByRole("alert")).toContainText("密碼欄位已清空");
    await expect(field(page, "電子郵件")).toHaveValue(email);
    await expect(field(page, "姓名")).toHaveValue(NAME);
    await expect(field(page, "密碼")).toHaveValue("");
    await expect(field(page, "確認密碼")).toHaveValue("");
    await expectAccessible(page);
  });

  test("empty and malformed fields", async ({ page }) => {
    await page.getByRole("button", { name: "加入會員" }).click();
    await expectFieldMessage(field(page, "電子郵件"), "請輸入電子郵件");
    await expectFieldMessage(field(page, "姓名"), "請輸入姓名");
    await expectFieldMessage(field(page, "密碼"), "請輸入密碼");
    await expect(field(page, "電子郵件")).toBeFocused();
    await field(page, "電子郵件").fill("reader@example");
    await page.getByRole("button", { name: "加入會員" }).click();
    await expectFieldMessage(field(page, "電子郵件"), "電子郵件格式不正確");
    // No mail server takes more than 64 characters before the @.
    await field(page, "電子郵件").fill(`${"r".repeat(65)}@example.com`);
    await page.getByRole("button", { name: "加入會員" }).click();
    await expectFieldMessage(field(page, "電子郵件"), "電子郵件 @ 前面最多 64 個字元");
  });

  test("an e-mail and password typed in an IME's full-width mode register as the ASCII they stand for", async ({
    page,
  }) => {
    const email = freshEmail();
    const wide = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    await field(page, "電子郵件").fill(wide(email));
    await field(page, "姓名").fill(NAME);
    await field(page, "密碼").fill(wide("Reader123"));
    await expect(field(page, "密碼")).toHaveValue("Reader123");
    await field(page, "確認密碼").fill("Reader123");
    await page.getByRole("button", { name: "加入會員" }).click();
    await expectSignedIn(page);
    const profile = await (await page.request.get("/api/frontend/member/profile")).json();
    expect(profile.data.email).toBe(email);
  });
});

test.describe("recovery: refusals", () => {
  test("a wrong code is the code field's message; the day's last failure pauses recovery, said for the whole form", async ({
    page,
    request,
  }) => {
    const email = await registerThroughApi(request);
    await page.goto("/recovery");
    await waitForHydration(page);
    await askForCode(page, email);
    const code = await mailedRecoveryCode(request, email);
    const wrong = code === "0000000000" ? "1111111111" : "0000000000";

    await resetWith(page, wrong);
    await expectFieldMessage(field(page, "驗證碼"), "驗證碼錯誤");
    await expect(field(page, "驗證碼")).toHaveValue(wrong);
    await expect(field(page, "新密碼")).toHaveValue("");
    await expect(page.getByRole("alert")).toContainText("密碼欄位已清空");

    // All but the day's last failure elsewhere (another reader's /64 each, so this reader's per-minute rate limit is
    // not what stops the form); the last one through the form pauses recovery (code 7), said for the whole form.
    for (let i = 0; i < 8; i++) {
      const res = await request.post("/api/frontend/member/recovery/reset", {
        headers: { "CF-Connecting-IP": `2001:db8:fffb:${(Math.floor(Math.random() * 0xfff0) + i).toString(16)}::1` },
        data: { email, code: wrong, new_password: NEW_PASSWORD },
      });
      expect((await res.json()).code).toBe(2);
    }
    await resetWith(page, wrong);
    await expect(
      page.getByRole("alert").filter({ hasText: /驗證碼錯誤次數已達今天的上限.*前不會再寄出驗證碼/ }),
    ).toBeVisible();
    await expect(field(page, "驗證碼")).not.toHaveAttribute("aria-invalid");
    await expectAccessible(page);
  });

  test("a malformed e-mail and a short code are refused before anything is sent", async ({ page }) => {
    await page.goto("/recovery");
    await waitForHydration(page);
    await field(page, "電子郵件").fill("not-an-email");
    await page.getByRole("button", { name: "寄送驗證碼" }).click();
    await expectFieldMessage(field(page, "電子郵件"), "電子郵件格式不正確");
    await expect(page).toHaveURL(/\/recovery$/);

    await openCodeStep(page, freshEmail());
    await waitForHydration(page);
    await resetWith(page, "123");
    await expectFieldMessage(field(page, "驗證碼"), "驗證碼是 10 位數字");
  });

  test("step 2 survives a reload and needs the e-mail step 1 kept; an address with an e-mail is cleaned", async ({
    page,
    context,
  }) => {
    const email = freshEmail();
    await openCodeStep(page, email);
    await page.reload();
    await expect(field(page, "驗證碼")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // 重新取得驗證碼 goes back to step 1 with the e-mail filled in, still not in the address.
    await page.getByRole("link", { name: "重新取得驗證碼" }).click();
    await expect(page).toHaveURL(/\/recovery$/);
    await expect(field(page, "電子郵件")).toHaveValue(email);
    await context.clearCookies();
    await page.goto("/recovery?step=code");
    await expect(field(page, "驗證碼")).toHaveCount(0);
    await page.goto(`/recovery?step=code&email=${encodeURIComponent(email)}`);
    await expect(page).toHaveURL(/\/recovery$/);
    await expect(field(page, "驗證碼")).toHaveCount(0);
    await expect(field(page, "電子郵件")).toHaveValue("");
  });
});

test("the password fields keep letters and digits only, the code digits only", async ({ page }) => {
  await page.goto("/register");
  await waitForHydration(page);
  for (const label of ["密碼", "確認密碼"]) {
    await field(page, label).pressSequentially("Ab 1!密2");
    await expect(field(page, label)).toHaveValue("Ab12");
  }
  await openCodeStep(page, freshEmail());
  await waitForHydration(page);
  for (const label of ["新密碼", "確認新密碼"]) {
    await field(page, label).pressSequentially("Ab 1!密2");
    await expect(field(page, label)).toHaveValue("Ab12");
  }
  await field(page, "驗證碼").pressSequentially("12a 3-4");
  await expect(field(page, "驗證碼")).toHaveValue("1234");
});

test.describe("by keyboard only", () => {
  test("register, sign out and sign in again", async ({ page }) => {
    const email = freshEmail();
    await page.goto("/register");
    await waitForHydration(page);
    await tabTo(page, field(page, "電子郵件"));
    await typeThenTab(page, email, field(page, "姓名"));
    await typeThenTab(page, NAME, field(page, "密碼"));
    await typeThenTab(page, PASSWORD, field(page, "確認密碼"));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expectSignedIn(page);

    await tabTo(page, page.getByRole("button", { name: "登出" }));
    await page.keyboard.press("Enter");
    // The sign-in form says so, and the keyboard goes on from its heading (not from the top of the document).
    await expect(page).toHaveURL(/\/login\?session=signed-out$/);
    await expect(page.getByText("您已登出。")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "會員登入" })).toBeFocused();

    await page.goto("/login");
    await waitForHydration(page);
    await tabTo(page, field(page, "電子郵件"));
    await typeThenTab(page, email, field(page, "密碼"));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expectSignedIn(page);
  });

  test("recover a password in two steps", async ({ page, request }) => {
    const email = await registerThroughApi(request);
    await page.goto("/recovery");
    await waitForHydration(page);
    await tabTo(page, field(page, "電子郵件"));
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/recovery\?step=code$/);

    await tabTo(page, field(page, "驗證碼"));
    await typeThenTab(page, await mailedRecoveryCode(request, email), field(page, "新密碼"));
    await typeThenTab(page, NEW_PASSWORD, field(page, "確認新密碼"));
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press("Enter");
    await expectSignedIn(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registering signs the new member in", async ({ page }) => {
    await page.goto("/register");
    await fillRegistration(page, { email: freshEmail(), password: PASSWORD });
    await expectSignedIn(page);
  });

  test("the server checks the fields, ties its messages to them and keeps the e-mail and name", async ({ page }) => {
    const email = freshEmail();
    await page.goto("/register");
    await fillRegistration(page, { email, password: "Ab1", confirmation: "Ab2" });
    await expectFieldMessage(field(page, "密碼"), "密碼至少 8 個字元");
    await expectFieldMessage(field(page, "確認密碼"), "兩次輸入的密碼不一致");
    await expect(page.getByRole("alert")).toContainText("有 2 個欄位需要修正");
    await expect(page.getByRole("alert")).toContainText("密碼欄位已清空");
    await expect(field(page, "電子郵件")).toHaveValue(email);
    await expect(field(page, "姓名")).toHaveValue(NAME);
    await expect(field(page, "密碼")).toHaveValue("");
  });

  test("recovery in both steps, then signing out and in with the new password", async ({ page, request }) => {
    const email = await registerThroughApi(request);
    await page.goto("/recovery");
    await askForCode(page, email);
    const code = await mailedRecoveryCode(request, email);
    await resetWith(page, code === "0000000000" ? "1111111111" : "0000000000");
    await expectFieldMessage(field(page, "驗證碼"), "驗證碼錯誤");
    await resetWith(page, code);
    await expectSignedIn(page);
    await signOut(page);
    await signIn(page, email, NEW_PASSWORD);
    await expectSignedIn(page);
  });
});

test.describe("accessible in both themes", () => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px: the register and recovery forms, blank and with messages`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/register");
      await waitForHydration(page);
      await expectAccessible(page);
      await page.getByRole("button", { name: "加入會員" }).click();
      await expect(field(page, "電子郵件")).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);

      await page.goto("/recovery");
      await waitForHydration(page);
      await expectAccessible(page);
      await openCodeStep(page, freshEmail());
      await waitForHydration(page);
      await page.getByRole("button", { name: "重設密碼並登入" }).click();
      await expect(field(page, "驗證碼")).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test("registering while the connection is down keeps what was typed and says so; sent again, it registers", async ({
  page,
}) => {
  const email = freshEmail();
  await page.goto("/register");
  await waitForHydration(page);
  await dropConnection(page);
  await fillRegistration(page, { email, password: PASSWORD });
  await expect(page.getByRole("alert").filter({ hasText: "網路連線中斷，無法確認資料是否已送出" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("連線失敗");
  await expect(field(page, "電子郵件")).toHaveValue(email);
  await expect(field(page, "姓名")).toHaveValue(NAME);
  await expectAccessible(page);
  await restoreConnection(page);
  await field(page, "密碼").fill(PASSWORD);
  await field(page, "確認密碼").fill(PASSWORD);
  await page.getByRole("button", { name: "加入會員" }).click();
  await expectSignedIn(page);
});
