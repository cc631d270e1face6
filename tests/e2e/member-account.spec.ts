// The member's profile and security pages (issue 9) as a reader uses them: with and without JavaScript, by keyboard
// only, and checked by axe. Every test registers a member of its own (signInNewMember); the demo member is never used.

import { expectAccessible } from "../support/a11y";
import { holdScripts, waitForHydration } from "../support/hydration";
import { mailboxHolding, settledMailbox } from "../support/mailbox";
import { type Browser, expect, type Locator, type Page, test } from "../support/test";
import { signInNewMember } from "./support/session";

const API = "/api/frontend";
const NAME = "測試讀者";
const PASSWORD = "Lotus2026";
const NEW_PASSWORD = "Bodhi2027";
const REDIRECT_URI = "http://127.0.0.1/oauth/login";

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const greeting = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "會員中心" }).getByText(`${name}，您好`);
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** The field shows its own message: marked invalid and described by it. */
async function expectFieldMessage(input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

async function apiProfile(page: Page) {
  const body = await (await page.request.get(`${API}/member/profile`)).json();
  expect(body.code, body.message).toBe(1);
  return body.data as { name: string; cellphone: string | null; birthday: string | null; gender: number | null };
}

async function fillProfile(page: Page, values: { name: string; cellphone: string; birthday: string; gender: string }) {
  await field(page, "姓名").fill(values.name);
  await field(page, "手機號碼").fill(values.cellphone);
  await field(page, "生日").fill(values.birthday);
  await page.getByRole("radio", { name: values.gender, exact: true }).check();
  await page.getByRole("button", { name: "儲存變更" }).click();
}

async function expectProfileShown(page: Page, values: { name: string; cellphone: string; birthday: string }) {
  await expect(field(page, "姓名")).toHaveValue(values.name);
  await expect(field(page, "手機號碼")).toHaveValue(values.cellphone);
  await expect(field(page, "生日")).toHaveValue(values.birthday);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await field(page, "電子郵件").fill(email);
  await field(page, "密碼").fill(password);
  await page.getByRole("button", { name: "登入" }).click();
}

/** A second browser (its own cookies) signed in as the same member; it is on a member page. */
async function secondDevice(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const res = await page.request.post(`${API}/member/login`, { data: { email, password: PASSWORD } });
  expect((await res.json()).code).toBe(1);
  await page.goto("/member/orders");
  await expect(page).toHaveURL(/\/member\/orders$/);
  return { context, page };
}

/** Presses Tab until `target` has focus (the way a keyboard user gets there). */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const EDITED = { name: "王小明", cellphone: "+886912345678", birthday: "1990-05-06", gender: "女" };

test.describe("profile", () => {
  test("what was typed before the page hydrated is kept and saved", async ({ page }) => {
    await signInNewMember(page);
    const release = await holdScripts(page);
    await page.goto("/member/profile", { waitUntil: "domcontentloaded" });
    await field(page, "姓名").fill(EDITED.name);
    await field(page, "手機號碼").fill(EDITED.cellphone);
    release();
    await waitForHydration(page);
    await expect(field(page, "姓名")).toHaveValue(EDITED.name);
    await expect(field(page, "手機號碼")).toHaveValue(EDITED.cellphone);
    await page.getByRole("button", { name: "儲存變更" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已儲存個人資料" })).toBeVisible();
    expect(await apiProfile(page)).toMatchObject({ name: EDITED.name, cellphone: EDITED.cellphone });
  });

  test("已儲存個人資料 goes when the reader changes a field again: that change is not saved yet", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/member/profile");
    await waitForHydration(page);
    const saved = page.getByTestId("profile-status");
    await field(page, "姓名").fill(EDITED.name);
    await page.getByRole("button", { name: "儲存變更" }).click();
    await expect(saved).toHaveText("已儲存個人資料");
    await field(page, "姓名").fill("王大明");
    await expect(saved).toHaveText("");
    // Saved again, then a choice (not typing) is a change too.
    await page.getByRole("button", { name: "儲存變更" }).click();
    await expect(saved).toHaveText("已儲存個人資料");
    await page.getByRole("radio", { name: "男", exact: true }).check();
    await expect(saved).toHaveText("");
  });

  test("an edit is saved, kept after a reload, and the greeting shows the new name", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/member/profile");
    await waitForHydration(page);
    await expect(greeting(page, NAME)).toBeVisible();
    await expect(field(page, "姓名")).toHaveValue(NAME);
    await fillProfile(page, EDITED);
    await expect(page.getByRole("status").filter({ hasText: "已儲存個人資料" })).toBeVisible();
    await expect(greeting(page, EDITED.name)).toBeVisible();
    expect(await apiProfile(page)).toMatchObject({
      name: EDITED.name,
      cellphone: EDITED.cellphone,
      birthday: EDITED.birthday,
      gender: 2,
    });

    await page.reload();
    await expectProfileShown(page, EDITED);
    await expect(page.getByRole("radio", { name: "女", exact: true })).toBeChecked();
    await expect(greeting(page, EDITED.name)).toBeVisible();

    // Emptying the optional fields stores none.
    await waitForHydration(page);
    await field(page, "手機號碼").fill("");
    await field(page, "生日").fill("");
    await page.getByRole("button", { name: "儲存變更" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已儲存個人資料" })).toBeVisible();
    await expect.poll(async () => (await apiProfile(page)).cellphone).toBeNull();
    expect((await apiProfile(page)).birthday).toBeNull();
  });

  test("refusals are tied to their fields and keep what was typed", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/member/profile");
    await waitForHydration(page);
    await field(page, "姓名").fill(" ");
    await field(page, "手機號碼").fill("+1234567");
    await field(page, "生日").fill("2999-01-01");
    await page.getByRole("button", { name: "儲存變更" }).click();
    await expectFieldMessage(field(page, "姓名"), "請輸入姓名");
    await expectFieldMessage(field(page, "手機號碼"), "手機號碼須為 8 至 15 位數字");
    await expectFieldMessage(field(page, "生日"), "生日不在合理範圍");
    await expect(page.getByRole("alert")).toContainText("有 3 個欄位需要修正");
    await expect(field(page, "姓名")).toBeFocused();
    await expect(field(page, "手機號碼")).toHaveValue("+1234567");
    await expect(field(page, "生日")).toHaveValue("2999-01-01");
    expect((await apiProfile(page)).name).toBe(NAME);

    // Fixing a field and leaving it takes its message away.
    await field(page, "手機號碼").fill("0912345678");
    await field(page, "手機號碼").blur();
    await expect(field(page, "手機號碼")).not.toHaveAttribute("aria-invalid");
    await expect(field(page, "姓名")).toHaveAttribute("aria-invalid", "true");
  });

  test("the cellphone keeps an optional leading + and digits only", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/member/profile");
    await waitForHydration(page);
    await field(page, "手機號碼").pressSequentially("+886 9-12a34+5");
    await expect(field(page, "手機號碼")).toHaveValue("+886912345");
    await field(page, "手機號碼").fill("");
    await field(page, "手機號碼").pressSequentially("09+12");
    await expect(field(page, "手機號碼")).toHaveValue("0912");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("an edit is saved and kept; the greeting shows the new name", async ({ page }) => {
      await signInNewMember(page);
      await page.goto("/member/profile");
      await fillProfile(page, EDITED);
      await expect(page.getByRole("status").filter({ hasText: "已儲存個人資料" })).toBeVisible();
      await expect(greeting(page, EDITED.name)).toBeVisible();
      await page.goto("/member/profile");
      await expectProfileShown(page, EDITED);
      await expect(page.getByRole("radio", { name: "女", exact: true })).toBeChecked();
    });

    test("the server checks the fields, ties its messages to them and keeps what was typed", async ({ page }) => {
      await signInNewMember(page);
      await page.goto("/member/profile");
      await fillProfile(page, { name: "新名字", cellphone: "0912-345", birthday: "1899-12-31", gender: "男" });
      await expectFieldMessage(field(page, "手機號碼"), "手機號碼只能是數字，可用 + 開頭");
      await expectFieldMessage(field(page, "生日"), "生日不在合理範圍");
      await expect(field(page, "姓名")).not.toHaveAttribute("aria-invalid");
      await expect(page.getByRole("alert")).toContainText("有 2 個欄位需要修正");
      await expectProfileShown(page, { name: "新名字", cellphone: "0912-345", birthday: "1899-12-31" });
      await expect(page.getByRole("radio", { name: "男", exact: true })).toBeChecked();
      await expect(greeting(page, NAME)).toBeVisible();
      expect((await apiProfile(page)).name).toBe(NAME);
    });
  });
});

test.describe("security", () => {
  const changePassword = async (page: Page, current: string, next: string, confirmation = next) => {
    await field(page, "目前的密碼").fill(current);
    await field(page, "新密碼").fill(next);
    await field(page, "確認新密碼").fill(confirmation);
    await page.getByRole("button", { name: "變更密碼" }).click();
  };

  test("a password change keeps this device signed in, signs out the others; the old password is refused", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await signInNewMember(page);
    const other = await secondDevice(browser, baseURL, email);
    try {
      await page.goto("/member/security");
      await waitForHydration(page);
      await changePassword(page, "Wrong2026", NEW_PASSWORD);
      await expectFieldMessage(field(page, "目前的密碼"), "目前的密碼不正確");
      await expect(page.getByRole("alert")).toContainText("密碼欄位已清空");
      await expect(field(page, "新密碼")).toHaveValue("");

      await changePassword(page, PASSWORD, PASSWORD);
      await expectFieldMessage(field(page, "新密碼"), "新密碼不能與目前的密碼相同");

      // Neither refusal was mailed; the change is, once.
      await changePassword(page, PASSWORD, NEW_PASSWORD);
      await expect(page.getByRole("status").filter({ hasText: "密碼已變更" })).toBeVisible();
      await mailboxHolding(page.request, email, 1, "密碼已變更");
      const [notice, ...more] = await settledMailbox(page.request, email, "密碼已變更");
      expect(more).toEqual([]);
      expect(notice?.body).toContain("變更方式：在「帳號安全」輸入目前的密碼後變更");
      expect(notice?.body).not.toContain(NEW_PASSWORD);
      await expect(field(page, "目前的密碼")).toHaveValue("");
      await page.reload();
      await expect(page).toHaveURL(/\/member\/security$/);
      await expect(greeting(page, NAME)).toBeVisible();

      await other.page.goto("/member/orders");
      await expect(other.page).toHaveURL(/\/login\?session=ended$/);

      await page.getByRole("button", { name: "登出", exact: true }).click();
      await expect(page).toHaveURL(/\/login\?session=signed-out$/);
      await signInThroughForm(page, email, PASSWORD);
      await expect(page.getByRole("alert")).toHaveText("電子郵件或密碼錯誤");
      await signInThroughForm(page, email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/member\/profile$/);
      await expect(greeting(page, NAME)).toBeVisible();
    } finally {
      await other.context.close();
    }
  });

  test("the password fields keep letters and digits only; the new one is checked before sending", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/member/security");
    await waitForHydration(page);
    for (const label of ["目前的密碼", "新密碼", "確認新密碼"]) {
      await field(page, label).pressSequentially("Ab 1!密2");
      await expect(field(page, label)).toHaveValue("Ab12");
    }
    await changePassword(page, "", "Ab1", "Ab2");
    await expectFieldMessage(field(page, "目前的密碼"), "請輸入目前的密碼");
    await expectFieldMessage(field(page, "新密碼"), "密碼至少 8 個字元");
    await expectFieldMessage(field(page, "確認新密碼"), "兩次輸入的密碼不一致");
    await expect(field(page, "目前的密碼")).toBeFocused();
  });

  test("signing out of other devices says how many; the other device is sent to sign in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await signInNewMember(page);
    const other = await secondDevice(browser, baseURL, email);
    try {
      await page.goto("/member/security");
      await waitForHydration(page);
      await page.getByRole("button", { name: "登出其他裝置" }).click();
      await expect(page.getByRole("status").filter({ hasText: "已登出其他 1 個裝置" })).toBeVisible();

      await other.page.goto("/member/bookcase");
      await expect(other.page).toHaveURL(/\/login\?session=ended$/);
      await page.reload();
      await expect(page).toHaveURL(/\/member\/security$/);
      await page.getByRole("button", { name: "登出其他裝置" }).click();
      await expect(page.getByRole("status").filter({ hasText: "沒有其他登入中的裝置" })).toBeVisible();
    } finally {
      await other.context.close();
    }
  });

  test("a linked provider is listed and unlinked; the provider not linked is listed as such", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/member/security");
    const notLinked = page.getByRole("list", { name: "尚未連結的登入方式" });
    await expect(notLinked).toContainText("測試帳號");
    const subject = unique("linked");
    const linked = await page.request.post(`${API}/member/identities/link`, {
      data: { provider: "test", code: `valid-${subject}`, redirect_uri: REDIRECT_URI },
    });
    expect((await linked.json()).code).toBe(1);

    await page.reload();
    await waitForHydration(page);
    const linkedList = page.getByRole("list", { name: "已連結的登入方式" });
    await expect(linkedList).toContainText("測試帳號");
    await expect(linkedList).toContainText(`${subject}@oauth.example.com`);
    await expect(notLinked).toHaveCount(0);
    await page.getByRole("button", { name: "解除連結 測試帳號" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已解除連結" })).toBeVisible();
    await expect(linkedList).toHaveCount(0);
    await expect(notLinked).toContainText("測試帳號");
  });

  test("unlinking a provider already unlinked elsewhere shows the API's message", async ({ page }) => {
    await signInNewMember(page);
    const linked = await page.request.post(`${API}/member/identities/link`, {
      data: { provider: "test", code: `valid-${unique("twice")}`, redirect_uri: REDIRECT_URI },
    });
    expect((await linked.json()).code).toBe(1);
    await page.goto("/member/security");
    await waitForHydration(page);
    expect((await (await page.request.delete(`${API}/member/identities/test`)).json()).code).toBe(1);
    await page.getByRole("button", { name: "解除連結 測試帳號" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "您沒有連結這個登入方式" })).toBeVisible();
    await expect(page.getByRole("list", { name: "尚未連結的登入方式" })).toContainText("測試帳號");
  });

  test("unlinking the only way in is refused with the API's message", async ({ page }) => {
    const exchange = await page.request.post(`${API}/member/oauth/exchange`, {
      data: { provider: "test", code: `valid-${unique("only")}`, redirect_uri: REDIRECT_URI },
    });
    const complete = await page.request.post(`${API}/member/oauth/complete`, {
      data: { ticket: (await exchange.json()).data.ticket, name: "只用第三方" },
    });
    expect((await complete.json()).code).toBe(1);
    await page.goto("/member/security");
    await waitForHydration(page);
    const unlinkButton = page.getByRole("button", { name: "解除連結 測試帳號" });
    await unlinkButton.click();
    const refusal = "這是您唯一的登入方式，請先以「忘記密碼」設定密碼，再解除連結";
    await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
    await expect(unlinkButton).toHaveAccessibleDescription(refusal);
    await expect(page.getByRole("list", { name: "已連結的登入方式" })).toContainText("測試帳號");
    await expectAccessible(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("changing the password and signing out of other devices", async ({ page }) => {
      const email = await signInNewMember(page);
      await page.goto("/member/security");
      await changePassword(page, PASSWORD, NEW_PASSWORD, "Bodhi2028");
      await expectFieldMessage(field(page, "確認新密碼"), "兩次輸入的密碼不一致");
      await expect(page.getByRole("alert")).toContainText("密碼欄位已清空");
      // Neither refusal was mailed; the change is, once.
      await changePassword(page, PASSWORD, NEW_PASSWORD);
      await expect(page.getByRole("status").filter({ hasText: "密碼已變更" })).toBeVisible();
      await mailboxHolding(page.request, email, 1, "密碼已變更");
      const [notice, ...more] = await settledMailbox(page.request, email, "密碼已變更");
      expect(more).toEqual([]);
      expect(notice?.body).toContain("變更方式：在「帳號安全」輸入目前的密碼後變更");
      expect(notice?.body).not.toContain(NEW_PASSWORD);
      await page.getByRole("button", { name: "登出其他裝置" }).click();
      await expect(page.getByRole("status").filter({ hasText: "沒有其他登入中的裝置" })).toBeVisible();
    });
  });
});

test.describe("by keyboard only", () => {
  test("edit the profile, change the password and sign out of other devices", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/member/profile");
    await waitForHydration(page);
    await tabTo(page, field(page, "姓名"));
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("鍵盤讀者");
    await page.keyboard.press("Tab");
    await expect(field(page, "手機號碼")).toBeFocused();
    await page.keyboard.type("0912345678");
    await tabTo(page, page.getByRole("radio", { name: "不提供", exact: true }));
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "男", exact: true })).toBeChecked();
    await tabTo(page, page.getByRole("button", { name: "儲存變更" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "已儲存個人資料" })).toBeVisible();
    await expect(greeting(page, "鍵盤讀者")).toBeVisible();
    expect(await apiProfile(page)).toMatchObject({ name: "鍵盤讀者", cellphone: "0912345678", gender: 1 });

    await page.goto("/member/security");
    await waitForHydration(page);
    await tabTo(page, field(page, "目前的密碼"));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Tab");
    await expect(field(page, "新密碼")).toBeFocused();
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press("Tab");
    await expect(field(page, "確認新密碼")).toBeFocused();
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "密碼已變更" })).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "登出其他裝置" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "沒有其他登入中的裝置" })).toBeVisible();
  });
});

test.describe("accessible in both themes", () => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px: the profile and security pages, blank and with messages`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInNewMember(page);
      await page.goto("/member/profile");
      await waitForHydration(page);
      await expectAccessible(page);
      await field(page, "姓名").fill("");
      await field(page, "手機號碼").fill("+12");
      await page.getByRole("button", { name: "儲存變更" }).click();
      await expect(field(page, "姓名")).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);
      await fillProfile(page, EDITED);
      await expect(page.getByRole("status").filter({ hasText: "已儲存個人資料" })).toBeVisible();
      await expectAccessible(page);

      await page.goto("/member/security");
      await waitForHydration(page);
      await expectAccessible(page);
      await page.getByRole("button", { name: "變更密碼" }).click();
      await expect(field(page, "目前的密碼")).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
