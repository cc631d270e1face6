// The member's saved recipients (/member/recipients): listed as the API has them; added, edited, made the default
// and deleted in the browser, by keyboard only and without JavaScript; refusals under their fields; checked by axe.
// Every test that changes data registers a member of its own; the demo member is only read.

import { expectAccessible } from "../support/a11y";
import { dropConnection, restoreConnection } from "../support/connection";
import { waitForHydration } from "../support/hydration";
import { expect, type Locator, type Page, test } from "../support/test";
import { signInDemo, signInNewMember } from "./support/session";

const PATH = "/member/recipients";

interface Recipient {
  id: number;
  name: string;
  is_default: boolean;
  city?: string;
  area?: string;
  country: string;
  address: string;
}

async function savedRecipients(page: Page): Promise<Recipient[]> {
  const body = await (await page.request.get("/api/frontend/member/recipients")).json();
  expect(body.code, body.message).toBe(1);
  return body.data;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const recipientList = (page: Page) => page.getByRole("list", { name: "收件人清單" });
const entry = (page: Page, name: string) => recipientList(page).getByRole("listitem", { name });
const status = (page: Page) => page.getByTestId("recipients-status");

/** The field shows its own message: marked invalid and described by it. */
async function expectFieldMessage(input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message));
}

async function openNewForm(page: Page) {
  await page.goto(PATH);
  await waitForHydration(page);
  await page.getByRole("link", { name: "新增收件人" }).click();
  await expect(page.getByRole("heading", { name: "新增收件人" })).toBeVisible();
}

async function fillDomestic(page: Page, name: string) {
  await field(page, "收件人").fill(name);
  await field(page, "手機").fill("0912345678");
  await field(page, "縣市").selectOption("臺北市");
  await field(page, "鄉鎮市區").selectOption({ label: "中正區" });
  await field(page, "地址").fill("重慶南路一段 1 號");
  await field(page, "區碼").fill("02");
  await field(page, "電話").fill("23456789#12");
}

test("the demo member's recipients as the API has them, the default first", async ({ page }) => {
  await signInDemo(page);
  const saved = await savedRecipients(page);
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "收件人管理" })).toBeVisible();
  if (saved.length === 0) {
    await expect(page.getByTestId("recipients-empty")).toBeVisible();
    return;
  }
  const items = recipientList(page).getByRole("listitem");
  await expect(items).toHaveCount(saved.length);
  await expect(items.first()).toHaveAccessibleName(saved[0]?.name ?? "");
  for (const r of saved) await expect(recipientList(page)).toContainText(r.address);
});

test("a new member adds a domestic recipient (縣市, then 區, the postal code fills in), edits it, makes another the default and deletes one", async ({
  page,
}) => {
  await signInNewMember(page);
  await page.goto(PATH);
  await expect(page.getByTestId("recipients-empty")).toBeVisible();
  await openNewForm(page);

  await field(page, "縣市").selectOption("新竹縣");
  // The district list follows the city.
  await expect(field(page, "鄉鎮市區").getByRole("option")).toHaveCount(1 + 13);
  await field(page, "縣市").selectOption("臺北市");
  await expect(field(page, "鄉鎮市區").getByRole("option", { name: "板橋區" })).toHaveCount(0);
  await fillDomestic(page, "王小明");
  await expect(page.getByTestId("postal-code")).toHaveText("100");
  await field(page, "鄉鎮市區").selectOption({ label: "信義區" });
  await expect(page.getByTestId("postal-code")).toHaveText("110");
  // The live region is read whole, its name with the number (a bare "110" says nothing to a screen-reader user).
  const postal = page.getByRole("status", { name: "郵遞區號" });
  await expect(postal).toHaveAttribute("aria-atomic", "true");
  await expect(postal).toHaveText("郵遞區號 110");
  // Overseas fields are not part of a domestic address once the page runs.
  await expect(field(page, "國家")).toHaveCount(0);
  await page.getByRole("button", { name: "儲存收件人" }).click();

  await expect(status(page)).toHaveText("收件人已儲存。");
  await expect(entry(page, "王小明")).toContainText("110 臺北市信義區重慶南路一段 1 號");
  await expect(entry(page, "王小明")).toContainText("市話 (02) 23456789#12");
  expect(await savedRecipients(page)).toEqual([
    expect.objectContaining({ name: "王小明", city: "臺北市", area: "信義區", tel_type: "市話", is_default: false }),
  ]);

  // Edit: the form opens with what is saved; change the city and district.
  await page.getByRole("link", { name: "編輯 王小明" }).click();
  await expect(page.getByRole("heading", { name: "編輯收件人" })).toBeVisible();
  await expect(field(page, "收件人")).toHaveValue("王小明");
  await expect(page.getByTestId("postal-code")).toHaveText("110");
  await field(page, "縣市").selectOption("嘉義市");
  await expect(page.getByTestId("postal-code")).toHaveText("");
  await field(page, "鄉鎮市區").selectOption({ label: "西區" });
  await expect(page.getByTestId("postal-code")).toHaveText("600");
  await field(page, "電話類型").selectOption("公司");
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(entry(page, "王小明")).toContainText("600 嘉義市西區");
  await expect(entry(page, "王小明")).toContainText("公司 (02)");

  // A second recipient, then make it the default: it moves first.
  await page.getByRole("link", { name: "新增收件人" }).click();
  await fillDomestic(page, "李小華");
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(recipientList(page).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "將 李小華 設為預設" }).click();
  await expect(status(page)).toHaveText("已設為預設收件人。");
  await expect(recipientList(page).getByRole("listitem").first()).toHaveAccessibleName("李小華");
  await expect(entry(page, "李小華")).toContainText("預設");
  await expect(page.getByRole("button", { name: "將 李小華 設為預設" })).toHaveCount(0);
  expect((await savedRecipients(page)).map((r) => [r.name, r.is_default])).toEqual([
    ["李小華", true],
    ["王小明", false],
  ]);

  // Delete asks first; 取消 keeps it, 確認刪除 removes it.
  await page.getByRole("link", { name: "刪除 王小明" }).click();
  await expect(entry(page, "王小明")).toContainText("確定要刪除收件人「王小明」嗎？");
  await entry(page, "王小明").getByRole("link", { name: "取消" }).click();
  await expect(entry(page, "王小明")).toBeVisible();
  await page.getByRole("link", { name: "刪除 王小明" }).click();
  await page.getByRole("button", { name: "確認刪除" }).click();
  await expect(status(page)).toHaveText("收件人已刪除。");
  await expect(entry(page, "王小明")).toHaveCount(0);
  expect((await savedRecipients(page)).map((r) => r.name)).toEqual(["李小華"]);
});

test("an overseas recipient is added with the country picker ('Traditional name - English name')", async ({ page }) => {
  await signInNewMember(page);
  await openNewForm(page);
  await field(page, "收件人").fill("陳思妤");
  await field(page, "手機").fill("+81 90-1234-5678");
  await expect(field(page, "手機")).toHaveValue("+819012345678");
  await page.getByRole("radio", { name: "海外地址" }).check();
  await expect(field(page, "縣市")).toHaveCount(0);
  await expect(field(page, "電話")).toHaveCount(0);
  await expect(field(page, "國家").getByRole("option", { name: "日本 - Japan" })).toHaveCount(1);
  // An overseas address is never in 台灣 (the API refuses it too): it is not offered.
  await expect(field(page, "國家").locator("option", { hasText: "台灣 - Taiwan" })).toHaveCount(0);
  await field(page, "國家").selectOption({ label: "日本 - Japan" });
  await field(page, "地址").fill("東京都港區芝公園 4-2-8");
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(entry(page, "陳思妤")).toContainText("日本 東京都港區芝公園 4-2-8");
  expect(await savedRecipients(page)).toEqual([
    expect.objectContaining({ name: "陳思妤", area_type: 1, country: "日本", cellphone: "+819012345678" }),
  ]);
});

test("a domestic recipient with only a 手機 is saved: the landline is optional, the 手機 is not", async ({ page }) => {
  await signInNewMember(page);
  await openNewForm(page);
  await fillDomestic(page, "林小華");
  await field(page, "區碼").fill("");
  await field(page, "電話").fill("");
  await expect(field(page, "區碼")).toHaveJSProperty("required", false);
  await expect(field(page, "電話")).toHaveAccessibleDescription(/選填；要填請填區碼與電話/);
  // Without the 手機, the 手機 is asked for, not the landline.
  await field(page, "手機").fill("");
  await expect(field(page, "電話")).toHaveJSProperty("required", false);
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expectFieldMessage(field(page, "手機"), "請填寫手機號碼");
  await expect(field(page, "區碼")).not.toHaveAttribute("aria-invalid");
  await field(page, "手機").fill("0912345678");
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(entry(page, "林小華")).toBeVisible();
  const [saved] = await savedRecipients(page);
  expect(saved).toMatchObject({ name: "林小華", city: "臺北市", area: "中正區" });
  expect(saved).not.toHaveProperty("tel");
});

test("refusals sit under their fields and keep what was typed", async ({ page }) => {
  await signInNewMember(page);
  await openNewForm(page);
  await fillDomestic(page, "王小明");
  await field(page, "地址").fill("");
  await field(page, "電話").fill("1234");
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expectFieldMessage(field(page, "地址"), "請填寫地址");
  await expectFieldMessage(field(page, "電話"), "電話須為 5 到 8 位數字");
  await expect(page.getByRole("alert")).toContainText("有 2 個欄位需要修正");
  await expect(field(page, "地址")).toBeFocused();
  await expect(field(page, "收件人")).toHaveValue("王小明");
  await expect(field(page, "鄉鎮市區")).toHaveValue("臺北市/中正區");
  // The tel filter keeps digits and one # only.
  await field(page, "電話").fill("2345-6789#1a2");
  await expect(field(page, "電話")).toHaveValue("23456789#12");
  await field(page, "地址").fill("重慶南路一段 1 號");
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(entry(page, "王小明")).toBeVisible();
  expect(await savedRecipients(page)).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a recipient is added (the district list grouped by city), refused with messages under fields, and deleted after confirming", async ({
    page,
  }) => {
    await signInNewMember(page);
    await page.goto(PATH);
    await page.getByRole("link", { name: "新增收件人" }).click();
    const district = field(page, "鄉鎮市區");
    await expect(district.locator("optgroup")).toHaveCount(22);
    await expect(district.locator('optgroup[label="新竹市"] option')).toHaveText([
      "300 新竹市東區",
      "300 新竹市北區",
      "300 新竹市香山區",
    ]);

    // A district of another city and a bad tel: the server says so under each field, and keeps the rest.
    await field(page, "收件人").fill("王小明");
    await field(page, "手機").fill("0912345678");
    await field(page, "縣市").selectOption("臺北市");
    await district.selectOption({ label: "220 新北市板橋區" });
    await field(page, "地址").fill("重慶南路一段 1 號");
    await field(page, "區碼").fill("02");
    await field(page, "電話").fill("12");
    await page.getByRole("button", { name: "儲存收件人" }).click();
    await expectFieldMessage(field(page, "鄉鎮市區"), "請選擇所選縣市內的鄉鎮市區");
    await expectFieldMessage(field(page, "電話"), "電話須為 5 到 8 位數字");
    await expect(field(page, "收件人")).toHaveValue("王小明");
    await expect(field(page, "地址")).toHaveValue("重慶南路一段 1 號");

    await field(page, "鄉鎮市區").selectOption({ label: "100 臺北市中正區" });
    await field(page, "電話").fill("23456789");
    await page.getByRole("button", { name: "儲存收件人" }).click();
    await expect(status(page)).toHaveText("收件人已儲存。");
    await expect(entry(page, "王小明")).toContainText("100 臺北市中正區重慶南路一段 1 號");

    await page.getByRole("link", { name: "刪除 王小明" }).click();
    await page.getByRole("button", { name: "確認刪除" }).click();
    await expect(status(page)).toHaveText("收件人已刪除。");
    expect(await savedRecipients(page)).toEqual([]);
  });
});

test("by keyboard only: add a domestic recipient and delete it", async ({ page }) => {
  await signInNewMember(page);
  await page.goto(PATH);
  await waitForHydration(page);
  const tabTo = async (target: Locator) => {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press("Tab");
      if (await target.evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error("Tab never reached the target");
  };
  await tabTo(page.getByRole("link", { name: "新增收件人" }));
  await page.keyboard.press("Enter");
  await tabTo(field(page, "收件人"));
  await page.keyboard.type("王小明");
  await page.keyboard.press("Tab");
  await page.keyboard.type("0912345678");
  await tabTo(field(page, "縣市"));
  await page.keyboard.press("ArrowDown");
  await expect(field(page, "縣市")).toHaveValue("臺北市");
  await page.keyboard.press("Tab");
  await expect(field(page, "鄉鎮市區")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("postal-code")).toHaveText("100");
  await tabTo(field(page, "地址"));
  await page.keyboard.type("重慶南路一段 1 號");
  await tabTo(field(page, "區碼"));
  await page.keyboard.type("02");
  await page.keyboard.press("Tab");
  await page.keyboard.type("23456789");
  await page.keyboard.press("Enter");
  await expect(entry(page, "王小明")).toContainText("100 臺北市中正區");
  await tabTo(page.getByRole("link", { name: "刪除 王小明" }));
  await page.keyboard.press("Enter");
  await tabTo(page.getByRole("button", { name: "確認刪除" }));
  await page.keyboard.press("Enter");
  await expect(status(page)).toHaveText("收件人已刪除。");
});

test("focus follows the confirmation and the form: 刪除 to its question, 取消 back to the link that opened it", async ({
  page,
}) => {
  await signInNewMember(page);
  await openNewForm(page);
  await fillDomestic(page, "王小明");
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(status(page)).toHaveText("收件人已儲存。");
  const item = entry(page, "王小明");
  const deleteLink = item.getByRole("link", { name: "刪除 王小明" });
  await deleteLink.focus();
  await page.keyboard.press("Enter");
  // The question is read out first, and Tab goes on to its buttons (not from the page's h1).
  await expect(item.getByText("確定要刪除收件人「王小明」嗎？")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(item.getByRole("button", { name: "確認刪除" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(item.getByRole("link", { name: "取消" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(deleteLink).toBeFocused();
  // 取消 of an edit goes back to that recipient's 編輯.
  const editLink = item.getByRole("link", { name: "編輯 王小明" });
  await editLink.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "編輯收件人" })).toBeVisible();
  await page.getByRole("region", { name: "編輯收件人" }).getByRole("link", { name: "取消" }).click();
  await expect(editLink).toBeFocused();
  // 取消 of a new one goes back to 新增收件人.
  await page.getByRole("link", { name: "新增收件人" }).click();
  await expect(page.getByRole("heading", { name: "新增收件人" })).toBeVisible();
  await page.getByRole("region", { name: "新增收件人" }).getByRole("link", { name: "取消" }).click();
  await expect(page.getByRole("link", { name: "新增收件人" })).toBeFocused();
});

for (const [label, viewport] of [
  ["360 px", { width: 360, height: 800 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test(`axe finds nothing at ${label}: the list, the form with messages, the delete confirmation`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInNewMember(page);
    await page.request.post("/api/frontend/member/recipients", {
      data: {
        name: "陳思妤",
        cellphone: "+819012345678",
        area_type: 1,
        country: "日本",
        address: "東京都港區芝公園 4-2-8",
        is_default: true,
      },
    });
    await page.goto(`${PATH}?delete=0`);
    await openNewForm(page);
    await page.getByRole("button", { name: "儲存收件人" }).click();
    await expectFieldMessage(field(page, "收件人"), "請填寫收件人");
    await expectAccessible(page);
    const id = (await savedRecipients(page))[0]?.id;
    await page.goto(`${PATH}?delete=${id}`);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "確認刪除" })).toBeVisible();
    await expectAccessible(page);
  });
}

test("forms sent while the connection is down keep what was typed, say so, and are saved when sent again", async ({
  page,
}) => {
  await signInNewMember(page);
  // The connection drops: no submission or page data reaches the bookstore.
  const notSent = page.getByRole("alert").filter({ hasText: "網路連線中斷，無法確認資料是否已送出" });

  // A new recipient.
  await openNewForm(page);
  await fillDomestic(page, "林小華");
  await dropConnection(page);
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(notSent).toBeVisible();
  await expect(page.getByRole("heading", { name: "新增收件人" })).toBeVisible();
  await expect(field(page, "收件人")).toHaveValue("林小華");
  await expect(field(page, "地址")).toHaveValue("重慶南路一段 1 號");
  await expect(field(page, "鄉鎮市區")).toHaveValue(/中正區/);
  expect(await savedRecipients(page)).toEqual([]);
  await expectAccessible(page);
  await restoreConnection(page);
  await page.getByRole("button", { name: "儲存收件人" }).click();
  await expect(entry(page, "林小華")).toBeVisible();
  expect(await savedRecipients(page)).toHaveLength(1);

  // The profile.
  await page.goto("/member/profile");
  await waitForHydration(page);
  await field(page, "姓名").fill("王離線");
  await dropConnection(page);
  await page.getByRole("button", { name: "儲存變更" }).click();
  await expect(notSent).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("個人資料");
  await expect(field(page, "姓名")).toHaveValue("王離線");
  await restoreConnection(page);
  await page.getByRole("button", { name: "儲存變更" }).click();
  await expect(page.getByTestId("profile-status")).toHaveText("已儲存個人資料");
  await expect(page.getByText("王離線，您好")).toBeVisible();

  // The password: the form says so too (its fields are emptied after any reply, as after a refusal).
  await page.goto("/member/security");
  await waitForHydration(page);
  await field(page, "目前的密碼").fill("Lotus2026");
  await field(page, "新密碼").fill("Bodhi2027");
  await field(page, "確認新密碼").fill("Bodhi2027");
  await dropConnection(page);
  await page.getByRole("button", { name: "變更密碼" }).click();
  await expect(notSent).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("帳號安全");
});
