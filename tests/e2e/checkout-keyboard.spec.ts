// A domestic order with only a 手機, placed by keyboard alone (Tab, Shift+Tab, Space, Enter and the arrow keys; no
// clicks), as a screen-reader user moves: a guest with a book in the cart presses 結帳, is told at /login why, signs
// in (their saved cart is merged in, and the page says what it added), fills the checkout without a landline, hears
// the amount to pay on 送出訂單並前往付款, pays at the (stand-in) gateway, and lands on /order-complete. axe checks
// every screen on the way, in both themes.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";

const API = "/api/frontend";
const PASSWORD = "Lotus2026";

interface SummaryItem {
  id: number;
  category_id: number;
  quantity_max: number | null;
  is_pre_order: boolean;
  price_sale: number;
  readmoo_link: string | null;
}

/** Three paper books in stock: the guest's one, and two the member saved on another device. */
async function threePaperBooks(request: APIRequestContext) {
  const ids = Array.from({ length: 80 }, (_, i) => i + 1);
  const items: SummaryItem[] = (await (await request.post(`${API}/cart/summary`, { data: { id_list: ids } })).json())
    .data;
  const paper = items.filter((i) => i.category_id === 1 && !i.is_pre_order && (i.quantity_max ?? 0) >= 2);
  if (paper.length < 3) throw new Error("the seed has fewer than three paper books in stock");
  return paper.slice(0, 3) as [SummaryItem, SummaryItem, SummaryItem];
}

async function titleOf(request: APIRequestContext, id: number): Promise<string> {
  return (await (await request.get(`${API}/products/${id}`)).json()).data.title;
}

/** A member registered through the API (their own cookie jar), with `saved` as their saved cart. */
async function memberWithSavedCart(request: APIRequestContext, saved: Record<string, number>) {
  const email = `kbd-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post(`${API}/member/register`, {
    data: { email, password: PASSWORD, name: "鍵盤讀者" },
  });
  expect((await registered.json()).code).toBe(1);
  const stored = await request.post(`${API}/cart/cache`, { data: saved });
  expect((await stored.json()).code).toBe(1);
  return email;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user moves; fails past `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${back ? "Shift+Tab" : "Tab"} never reached ${target}`);
}

test("a mobile-only domestic order, by keyboard alone: the sign-in reason, the merge notice and the total are announced", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [guestBook, savedA, savedB] = await threePaperBooks(request);
  const email = await memberWithSavedCart(request, { [savedA.id]: 1, [savedB.id]: 1 });
  const savedTitles = [await titleOf(request, savedA.id), await titleOf(request, savedB.id)];

  // A guest with one book in the cart.
  await page.goto("/");
  await page.evaluate((cart) => localStorage.setItem("website-cart", JSON.stringify(cart)), { [guestBook.id]: 1 });
  await page.goto("/cart");
  await waitForHydration(page);
  const checkout = page.getByRole("button", { name: "結帳：實體商品（需先登入）" });
  await expect(checkout).toBeVisible();
  await tabTo(page, checkout);
  await page.keyboard.press("Enter");

  // /login says why the reader is here.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("login-reason")).toHaveText("請先登入會員，登入後將回到結帳。");
  await waitForHydration(page);
  await expectAccessible(page);
  await tabTo(page, field(page, "電子郵件"));
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(field(page, "密碼")).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");

  // Back at the checkout: the saved cart was merged in, and the header's status line says what it added, once.
  await expect(page).toHaveURL(/\/cart\?checkout=0$/);
  await waitForHydration(page);
  const notice = page.getByRole("status").filter({ hasText: "已將您會員帳號中保存的" });
  await expect(notice).toHaveCount(1);
  await expect(notice).toHaveAttribute("aria-live", "polite");
  await expect(notice).toHaveText(
    `已將您會員帳號中保存的 2 項商品併入購物車：${savedTitles.map((t) => `「${t}」`).join("、")}。`,
  );
  await expect(page.getByTestId("header-cart")).toHaveAccessibleName("購物車，3 項商品");

  const submit = page.getByRole("button", { name: "送出訂單並前往付款" });
  await expect(submit).toBeEnabled();
  const summary = page.getByRole("region", { name: "訂單明細" });
  await expect(summary.getByRole("listitem")).toHaveCount(3);
  await expect(field(page, "訂購人姓名")).toHaveValue("鍵盤讀者");

  // The receiver: 收件人, 手機, then (arrow keys in the selects) 臺北市 中正區, and the address. No landline.
  await tabTo(page, field(page, "收件人"));
  await page.keyboard.type("王小明");
  await page.keyboard.press("Tab");
  await expect(field(page, "手機")).toBeFocused();
  await page.keyboard.type("0912345678");
  // With a 手機, 區碼 and 電話 are optional: not required, and unmarked.
  await expect(field(page, "區碼")).toHaveJSProperty("required", false);
  await expect(field(page, "電話")).toHaveJSProperty("required", false);
  await expect(field(page, "手機")).toHaveJSProperty("required", true);
  await tabTo(page, field(page, "縣市"));
  await page.keyboard.press("ArrowDown");
  await expect(field(page, "縣市")).toHaveValue("臺北市");
  await page.keyboard.press("Tab");
  await expect(field(page, "鄉鎮市區")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("postal-code")).toHaveText("100");
  await tabTo(page, field(page, "地址"));
  await page.keyboard.type("重慶南路一段 1 號");
  // Past the landline, left empty, to 儲存為常用收件人 (Space ticks it); then back with Shift+Tab to check 電話.
  const keep = page.getByRole("checkbox", { name: "儲存為常用收件人" });
  await tabTo(page, keep);
  await page.keyboard.press("Space");
  await expect(keep).toBeChecked();
  await tabTo(page, field(page, "電話"), { back: true, max: 3 });
  await expect(field(page, "電話")).toHaveValue("");
  await expect(field(page, "電話")).not.toHaveAttribute("aria-invalid");
  await expect(field(page, "區碼")).not.toHaveAttribute("aria-invalid");

  // 付款方式: from 信用卡付款, ArrowUp to 電子支付; its LINE Pay (the default) is the next stop, then the button.
  await tabTo(page, page.getByRole("radio", { name: "信用卡付款", exact: true }));
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("radio", { name: "電子支付", exact: true })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "LINE Pay" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(submit).toBeFocused();

  // The amount to pay is read with the button (訂單明細 holds nothing focusable).
  const total = ((await summary.getByRole("definition").last().textContent()) ?? "").trim();
  expect(total).toMatch(/^NT\$[\d,]+$/);
  expect(Number(total.replace(/\D/g, ""))).toBeGreaterThan(guestBook.price_sale);
  await expect(submit).toHaveAccessibleDescription(`應付金額 ${total}`);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectAccessible(page);

  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("藍新金流付款（本機模擬）");
  await tabTo(page, page.getByRole("button", { name: "付款成功" }));
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/order-complete");
  await waitForHydration(page);
  const done = page.getByRole("region", { name: "完成付款" });
  await expect(done).toBeVisible();
  // 付款時間 is written as 訂購時間 is.
  const paidAt = /\d{4}\/\d{2}\/\d{2}（[日一二三四五六]）\d{2}:\d{2}/;
  await expect(done).toContainText(new RegExp(`付款時間：${paidAt.source}`));
  await expectAccessible(page);
  const orderNo = new URL(page.url()).searchParams.get("order_no") as string;

  // The order's detail, by keyboard too: 付款時間 there is written as 訂購時間 is.
  await tabTo(page, page.getByRole("link", { name: "查看訂單明細" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/member/orders\\?no=${orderNo}$`));
  const payment = page.getByRole("region", { name: "付款資訊" });
  await expect(payment).toContainText(new RegExp(`付款時間${paidAt.source}`));
  await expect(payment.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  await expectAccessible(page);

  // The order went without a landline, and the recipient was saved without one.
  const order = (await (await page.request.get(`${API}/member/orders/${orderNo}`)).json()).data;
  expect(order).toMatchObject({ status: 5, total: Number(total.replace(/\D/g, "")) });
  expect(order.details).toMatchObject({ cellphone: "0912345678", city: "臺北市", area: "中正區" });
  expect(order.details.tel ?? "").toBe("");
  const recipients = (await (await page.request.get(`${API}/member/recipients`)).json()).data;
  expect(recipients).toEqual([expect.objectContaining({ name: "王小明", cellphone: "0912345678" })]);
  expect(recipients[0]).not.toHaveProperty("tel");
});

test("the merge notice is said once: gone at the next page, not said again, and not said when nothing was added", async ({
  page,
  request,
}) => {
  const [guestBook, saved] = await threePaperBooks(request);
  const email = await memberWithSavedCart(request, { [saved.id]: 1 });
  await page.goto("/login");
  await page.evaluate((cart) => localStorage.setItem("website-cart", JSON.stringify(cart)), { [guestBook.id]: 1 });
  await waitForHydration(page);
  await field(page, "電子郵件").fill(email);
  await field(page, "密碼").fill(PASSWORD);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page).toHaveURL(/\/member\/profile$/);
  const notice = page.getByTestId("cart-sync-notice");
  await expect(notice).toHaveText(
    `已將您會員帳號中保存的 1 項商品併入購物車：「${await titleOf(request, saved.id)}」。`,
  );
  await expect(notice).toHaveRole("status");
  await expectAccessible(page);
  // The next page: the line is empty again.
  await page.getByRole("link", { name: "購物車" }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice).toHaveText("");
  // A reload loads and merges again, but the account already holds everything: nothing to say.
  await expect
    .poll(async () => (await (await page.request.get(`${API}/cart/cache`)).json()).data)
    .toEqual({
      [guestBook.id]: 1,
      [saved.id]: 1,
    });
  const loaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `${API}/cart/cache` && r.request().method() === "GET",
  );
  await page.reload();
  await loaded;
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("header-cart")).toHaveAccessibleName("購物車，2 項商品");
  await expect(notice).toHaveText("");
});
