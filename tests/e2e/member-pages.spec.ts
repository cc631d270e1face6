// The member's orders, bookcase and subscriptions (issue 9), checked against what the API says for the same member.
// Tests that change data use a fresh member of their own; the demo member's data is only read.

import { PRODUCT_FORMAT_LABEL } from "../../app/domain/labels";
import { orderStatusLabel } from "../../app/domain/order-statuses";
import { payTypeLabel } from "../../app/domain/pay-types";
import { checkoutPayload } from "../../app/features/checkout/checkout";
import { formatDateTime, formatPrice } from "../../app/lib/format";
import { expectAccessible } from "../support/a11y";
import { domesticOrder } from "../support/fixtures";
import { waitForHydration } from "../support/hydration";
import { expect, type Locator, type Page, test } from "../support/test";
import { signInDemo, signInNewMember } from "./support/session";

const API = "/api/frontend";

interface OrderSummary {
  order_no: string;
  status: number;
  pay_type: number;
  total: number;
  created_at: string;
  category_type: number;
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const body = await (await page.request.get(`${API}${path}`)).json();
  expect(body.code, `${path}: ${body.message}`).toBe(1);
  return body.data as T;
}

/** Places `count` small domestic orders for the signed-in member through the quote and checkout endpoints. */
async function placeOrders(page: Page, email: string, count: number) {
  const quoteRes = await page.request.post(`${API}/cart/quote`, {
    data: { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] },
  });
  const q = (await quoteRes.json()).data;
  const payload = checkoutPayload(
    { ...domesticOrder(email), fee: q.fee, no_fee: q.no_fee, discount_price: q.discount_price },
    q.lines,
    q,
  );
  // More orders than the checkout rate limit allows one client a minute: each comes from a reader of its own (an IPv6
  // client is counted by its /64, so each from a /64 of its own).
  const run = Math.floor(Math.random() * 0x10000);
  for (let i = 0; i < count; i++) {
    const headers = { "CF-Connecting-IP": `2001:db8:fffe:${((run + i) % 0x10000).toString(16)}::1` };
    const body = await (await page.request.post(`${API}/cart/checkout`, { data: payload, headers })).json();
    expect(body.code, body.message).toBe(1);
  }
}

/** Presses Tab until `target` has the focus (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 100) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const orderRows = (page: Page) => page.getByRole("list", { name: "訂單列表" }).getByRole("listitem");
const detailLink = (page: Page, orderNo: string) => page.getByRole("link", { name: `${orderNo} 訂單明細` });

test.describe("orders", () => {
  test("the demo member's orders, newest first, as the API has them; a detail by ?no= and back", async ({ page }) => {
    await signInDemo(page);
    const list = await apiData<{ items: OrderSummary[]; total: number }>(page, "/member/orders?per_page=10");
    expect(list.items.length).toBeGreaterThan(0);
    await page.goto("/member/orders");
    await waitForHydration(page);
    await expect(heading(page)).toHaveText("我的訂單");
    await expect(page.getByText(`共 ${list.total} 筆訂單`)).toBeVisible();
    await expect(orderRows(page)).toHaveCount(list.items.length);
    const times = list.items.map((o) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const [i, order] of list.items.entries()) {
      const row = orderRows(page).nth(i);
      await expect(row).toContainText(order.order_no);
      await expect(row).toContainText(formatDateTime(order.created_at));
      await expect(row).toContainText(orderStatusLabel(order.status));
      await expect(row).toContainText(payTypeLabel(order.pay_type));
      await expect(row).toContainText(formatPrice(order.total));
    }
    await expect(page.getByRole("navigation", { name: "分頁" })).toHaveCount(0);

    // The paid e-book order: its lines with their formats, the amount parts, the carrier invoice.
    const digital = list.items.find((o) => o.category_type === 1 && o.status === 5);
    expect(digital, "the seed gives the demo member a paid e-book order").toBeDefined();
    const orderNo = digital?.order_no ?? "";
    const detail = await apiData<{
      lines: { id: number; title: string; quantity: number; price_sale: number; subtotal: number }[];
      subtotal: number;
      fee: number;
      discount_price: number;
      fee_extra: number;
      total_revise: number;
      total: number;
    }>(page, `/member/orders/${orderNo}`);
    await detailLink(page, orderNo).click();
    await expect(page).toHaveURL(new RegExp(`/member/orders\\?no=${orderNo}$`));
    await expect(heading(page)).toHaveText("訂單明細");
    await expect(page).toHaveTitle(new RegExp(`^訂單明細 ${orderNo} - `));
    const lines = page.getByRole("list", { name: "訂購商品" }).getByRole("listitem");
    await expect(lines).toHaveCount(detail.lines.length);
    for (const [i, line] of detail.lines.entries()) {
      const product = await apiData<{ format: 1 | 2 | 3 | 4 }>(page, `/products/${line.id}`);
      const row = lines.nth(i);
      await expect(row.getByRole("link", { name: line.title })).toHaveAttribute("href", `/product/${line.id}`);
      await expect(row.getByTestId("line-format")).toHaveText(PRODUCT_FORMAT_LABEL[product.format]);
      await expect(row).toContainText(`單價${formatPrice(line.price_sale)}`);
      await expect(row).toContainText(`數量${line.quantity}`);
      await expect(row).toContainText(`小計${formatPrice(line.subtotal)}`);
    }
    const amounts = page.getByTestId("order-amounts");
    await expect(amounts).toContainText(`商品小計${formatPrice(detail.subtotal)}`);
    await expect(amounts).toContainText(`訂單總額${formatPrice(detail.total)}`);
    await expect(page.getByRole("region", { name: "發票資訊" })).toContainText("電子發票載具");
    await expect(page.getByRole("region", { name: "收件資訊" })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: "← 返回訂單列表" }).click();
    await expect(page).toHaveURL(/\/member\/orders$/);
    await expect(orderRows(page)).toHaveCount(list.items.length);
    // And the browser's back button returns to the detail.
    await page.goBack();
    await expect(heading(page)).toHaveText("訂單明細");
  });

  test("a physical order shows its fee, receiver and donated invoice", async ({ page }) => {
    await signInDemo(page);
    const list = await apiData<{ items: OrderSummary[] }>(page, "/member/orders?per_page=10");
    const physical = list.items.find((o) => o.category_type === 0);
    const orderNo = physical?.order_no ?? "";
    const detail = await apiData<{ fee: number; no_fee: number; details: Record<string, string> }>(
      page,
      `/member/orders/${orderNo}`,
    );
    // A plain document load of the detail address (no client navigation).
    const res = await page.goto(`/member/orders?no=${orderNo}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("order-amounts")).toContainText(`運費${formatPrice(detail.no_fee ? 0 : detail.fee)}`);
    const receiver = page.getByRole("region", { name: "收件資訊" });
    await expect(receiver).toContainText(detail.details.receiver ?? "");
    await expect(receiver).toContainText(detail.details.address ?? "");
    await expect(page.getByRole("region", { name: "發票資訊" })).toContainText("捐贈發票");
  });

  test("an unknown, malformed or someone else's order number says the order was not found (404)", async ({ page }) => {
    await signInDemo(page);
    const [own] = (await apiData<{ items: OrderSummary[] }>(page, "/member/orders")).items;
    for (const no of ["BK20000101-999999-ABCDEF", "not-an-order", ""]) {
      const res = await page.goto(`/member/orders?no=${encodeURIComponent(no)}`);
      expect(res?.status(), no).toBe(404);
      await expect(heading(page)).toHaveText("查無此訂單");
      await expect(page.getByRole("alert")).toContainText("找不到訂單編號");
    }
    await page.getByRole("link", { name: "← 返回訂單列表" }).click();
    await expect(heading(page)).toHaveText("我的訂單");

    await page.context().clearCookies();
    await signInNewMember(page);
    const res = await page.goto(`/member/orders?no=${own?.order_no}`);
    expect(res?.status()).toBe(404);
    await expect(heading(page)).toHaveText("查無此訂單");
  });

  test("a fresh member sees no orders; with more than a page, pages are in the URL", async ({ page }) => {
    const email = await signInNewMember(page);
    await page.goto("/member/orders");
    await expect(page.getByTestId("orders-empty")).toHaveText(/您還沒有訂單/);
    await expect(orderRows(page)).toHaveCount(0);
    await expectAccessible(page);

    await placeOrders(page, email, 11);
    const first = await apiData<{ items: OrderSummary[]; total_pages: number }>(page, "/member/orders?per_page=10");
    const second = await apiData<{ items: OrderSummary[] }>(page, "/member/orders?per_page=10&page=2");
    expect(first.total_pages).toBe(2);
    await page.goto("/member/orders");
    await waitForHydration(page);
    await expect(orderRows(page)).toHaveCount(10);
    await expect(orderRows(page).first()).toContainText(first.items[0]?.order_no ?? "");
    const pages = page.getByRole("navigation", { name: "分頁" });
    await pages.getByRole("link", { name: "第 2 頁" }).click();
    await expect(page).toHaveURL(/\/member\/orders\?page=2$/);
    await expect(orderRows(page)).toHaveCount(second.items.length);
    const last = second.items[0]?.order_no ?? "";
    await expect(orderRows(page).first()).toContainText(last);

    // The detail keeps the list's page, and going back returns to it.
    await detailLink(page, last).click();
    await expect(page).toHaveURL(new RegExp(`\\?page=2&no=${last}$`));
    await page.getByRole("link", { name: "← 返回訂單列表" }).click();
    await expect(page).toHaveURL(/\/member\/orders\?page=2$/);
    await expect(orderRows(page)).toHaveCount(second.items.length);

    // A page past the last one (or not a page) is read as the first.
    for (const p of ["9", "abc"]) {
      await page.goto(`/member/orders?page=${p}`);
      await expect(orderRows(page)).toHaveCount(10);
      await expect(pages.locator('[aria-current="page"]')).toHaveText("第 1 頁");
    }
  });

  test("keyboard only: into an order's detail and back to the list", async ({ page }) => {
    await signInDemo(page);
    const [newest] = (await apiData<{ items: OrderSummary[] }>(page, "/member/orders")).items;
    await page.goto("/member/orders");
    await waitForHydration(page);
    const link = detailLink(page, newest?.order_no ?? "");
    await tabTo(page, link);
    await page.keyboard.press("Enter");
    await expect(heading(page)).toHaveText("訂單明細");
    await expect(heading(page)).toBeFocused();
    await tabTo(page, page.getByRole("link", { name: "← 返回訂單列表" }), 5);
    await page.keyboard.press("Enter");
    await expect(heading(page)).toHaveText("我的訂單");
    await expect(heading(page)).toBeFocused();
  });
});

test.describe("bookcase", () => {
  interface BookcaseEntry {
    product: { id: number; title: string; format: 2 | 3; cover: { url: string } };
    read_url: string | null;
  }

  test("the demo member's e-books and audio books, each with cover, format and a reading link", async ({ page }) => {
    await signInDemo(page);
    const bookcase = await apiData<{ items: BookcaseEntry[]; total: number }>(page, "/member/bookcase?per_page=24");
    expect(bookcase.items.length).toBeGreaterThan(0);
    await page.goto("/member/bookcase");
    await expect(heading(page)).toHaveText("我的書櫃");
    await expect(page.getByText(`共 ${bookcase.total} 本`)).toBeVisible();
    const items = page.getByRole("list", { name: "書櫃" }).getByRole("listitem");
    await expect(items).toHaveCount(bookcase.items.length);
    for (const [i, entry] of bookcase.items.entries()) {
      const item = items.nth(i);
      await expect(item.getByRole("heading", { name: entry.product.title })).toBeVisible();
      await expect(item.getByRole("img")).toHaveAttribute("src", entry.product.cover.url);
      await expect(item).toContainText(PRODUCT_FORMAT_LABEL[entry.product.format]);
      if (entry.read_url) {
        const read = item.getByRole("link", {
          name: new RegExp(`^開始(閱讀|收聽)\\s?《${entry.product.title}》（在新分頁開啟）$`),
        });
        await expect(read).toHaveAttribute("href", entry.read_url);
        await expect(read).toHaveAttribute("target", "_blank");
        await expect(read).toHaveAttribute("rel", /noopener/);
      } else {
        await expect(item).toContainText("請於本店 App");
      }
    }
    await expect(page.getByRole("navigation", { name: "分頁" })).toHaveCount(0);
  });

  test("a fresh member's bookcase is empty and says how books get there", async ({ page }) => {
    await signInNewMember(page);
    const bookcase = await apiData<{ total: number }>(page, "/member/bookcase");
    expect(bookcase.total).toBe(0);
    await page.goto("/member/bookcase");
    await expect(page.getByTestId("bookcase-empty")).toContainText("書櫃裡還沒有書");
    await expect(page.getByRole("link", { name: "逛逛電子書" })).toHaveAttribute("href", "/product/ebooks");
  });
});

test.describe("subscriptions", () => {
  interface Subscription {
    topic: string;
    name: string;
    subscribed: boolean;
  }
  const stored = (page: Page) => apiData<Subscription[]>(page, "/member/subscriptions");
  const status = (page: Page) => page.getByTestId("subscription-status");

  test("the demo member's topics are ticked as the API has them", async ({ page }) => {
    await signInDemo(page);
    const topics = await stored(page);
    await page.goto("/member/subscriptions");
    await expect(heading(page)).toHaveText("我的訂閱");
    await expect(page.getByRole("checkbox")).toHaveCount(topics.length);
    for (const t of topics) {
      await expect(page.getByRole("checkbox", { name: t.name })).toBeChecked({ checked: t.subscribed });
    }
  });

  test("with JavaScript each toggle saves at once and says 已儲存; a reload keeps it", async ({ page }) => {
    await signInNewMember(page);
    const before = await stored(page);
    const topic = before.find((t) => !t.subscribed);
    expect(topic, "a fresh member has a topic to subscribe to").toBeDefined();
    const name = topic?.name ?? "";
    await page.goto("/member/subscriptions");
    await waitForHydration(page);
    const box = page.getByRole("checkbox", { name });
    await box.check();
    await expect(status(page)).toHaveText("已儲存");
    await expect(page).toHaveURL(/\/member\/subscriptions$/);
    expect((await stored(page)).find((t) => t.name === name)?.subscribed).toBe(true);
    await page.reload();
    await expect(page.getByRole("checkbox", { name })).toBeChecked();

    await waitForHydration(page);
    await page.getByRole("checkbox", { name }).uncheck();
    await expect(status(page)).toHaveText("已儲存");
    await page.reload();
    await expect(page.getByRole("checkbox", { name })).not.toBeChecked();
    expect(await stored(page)).toEqual(before);
  });

  test("a refused save shows the API's message and keeps the reader's choice visible", async ({ page }) => {
    await signInNewMember(page);
    const before = await stored(page);
    await page.goto("/member/subscriptions");
    await waitForHydration(page);
    // The save carries one more topic that the API does not know (as a stale page could send), so it is refused.
    await page.route("**/member/subscriptions.data*", (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      return route.continue({ postData: `${request.postData() ?? ""}&topics=retired_topic` });
    });
    const box = page.getByRole("checkbox", { name: before.find((t) => !t.subscribed)?.name ?? "" });
    await box.check();
    await expect(status(page)).toContainText("topics 只能包含");
    await expect(box).toBeChecked();
    expect(await stored(page)).toEqual(before);
  });

  test("keyboard only: Space on a topic saves it", async ({ page }) => {
    await signInNewMember(page);
    const [first] = await stored(page);
    await page.goto("/member/subscriptions");
    await waitForHydration(page);
    const box = page.getByRole("checkbox", { name: first?.name ?? "" });
    await tabTo(page, box);
    await page.keyboard.press("Space");
    await expect(box).toBeChecked({ checked: !first?.subscribed });
    await expect(status(page)).toHaveText("已儲存");
    expect((await stored(page))[0]?.subscribed).toBe(!first?.subscribed);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts, says 已儲存, and a reload keeps the change", async ({ page }) => {
      await signInNewMember(page);
      const before = await stored(page);
      const on = before.filter((t) => !t.subscribed).slice(0, 2);
      expect(on).toHaveLength(2);
      await page.goto("/member/subscriptions");
      for (const t of on) await page.getByRole("checkbox", { name: t.name }).check();
      await page.getByRole("button", { name: "儲存設定" }).click();
      await expect(status(page)).toHaveText("已儲存");
      await page.goto("/member/subscriptions");
      for (const t of on) await expect(page.getByRole("checkbox", { name: t.name })).toBeChecked();
      const after = await stored(page);
      expect(after.filter((t) => t.subscribed).map((t) => t.topic)).toEqual(
        before.filter((t) => t.subscribed || on.includes(t)).map((t) => t.topic),
      );
    });

    test("a refused post shows the API's message with the reader's ticks kept", async ({ page }) => {
      await signInNewMember(page);
      const before = await stored(page);
      const chosen = before.find((t) => !t.subscribed);
      await page.goto("/member/subscriptions");
      await page.getByRole("checkbox", { name: chosen?.name ?? "" }).check();
      // One more box carries a topic the API does not know (as a stale page could send), so the save is refused.
      const stale = page.getByRole("checkbox", { name: before.find((t) => t !== chosen)?.name ?? "" });
      await stale.evaluate((el: HTMLInputElement) => {
        el.value = "retired_topic";
      });
      await stale.check();
      await page.getByRole("button", { name: "儲存設定" }).click();
      await expect(status(page)).toContainText("topics 只能包含");
      expect(await stored(page)).toEqual(before);
      await expect(page.getByRole("checkbox", { name: chosen?.name ?? "" })).toBeChecked();
    });

    test("orders open their detail with plain links", async ({ page }) => {
      await signInDemo(page);
      const [newest] = (await apiData<{ items: OrderSummary[] }>(page, "/member/orders")).items;
      await page.goto("/member/orders");
      await detailLink(page, newest?.order_no ?? "").click();
      await expect(heading(page)).toHaveText("訂單明細");
      await expect(page.getByText(newest?.order_no ?? "", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "← 返回訂單列表" }).click();
      await expect(heading(page)).toHaveText("我的訂單");
    });
  });
});

for (const viewport of [
  { name: "360 px", width: 360, height: 780 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`the three pages and an order's detail are accessible at ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInDemo(page);
    const [newest] = (await apiData<{ items: OrderSummary[] }>(page, "/member/orders")).items;
    for (const path of [
      "/member/orders",
      `/member/orders?no=${newest?.order_no}`,
      "/member/orders?no=BK20000101-999999-ABCDEF",
      "/member/bookcase",
      "/member/subscriptions",
    ]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(heading(page)).toHaveCount(1);
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
    }
  });
}
