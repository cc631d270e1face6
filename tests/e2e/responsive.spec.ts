// Every public route at a phone width and at SPEC §9's five breakpoints: nothing scrolls sideways, the header's
// search and the main heading stay reachable. And the basics by keyboard: skip link, search, navigation.

import type { Locator } from "@playwright/test";
import { waitForHydration } from "../support/hydration";
import { PUBLIC_ROUTES, SEEDED_PRODUCT_ID } from "../support/routes";
import { expect, test } from "../support/test";
import { placeOrderByApi } from "./support/orders";
import { signInDemo, signInNewMember } from "./support/session";

const WIDTHS = [360, 640, 768, 1024, 1280, 1536];
const PATHS = [...PUBLIC_ROUTES.map((r) => r.path), `/product/${SEEDED_PRODUCT_ID}`, "/search?q=%E7%94%9F%E6%B4%BB"];

for (const width of WIDTHS) {
  test(`at ${width} px no public page scrolls sideways`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const overflowing: string[] = [];
    for (const path of PATHS) {
      await page.goto(path);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) overflowing.push(`${path} (${scrollWidth} px)`);
    }
    expect(overflowing).toEqual([]);
  });
}

// What a reader types can be one long word (a pasted address, 50 × "a", a URL): the pages that show it wrap it,
// so at 360 px none of them scrolls sideways.
test("at 360 px a long unbroken name, address, query or path never makes a page scroll sideways", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 900 });
  await signInNewMember(page);
  const saved = await page.request.post("/api/frontend/member/recipients", {
    data: {
      name: "a".repeat(50),
      cellphone: "+819012345678",
      area_type: 1,
      country: "日本",
      address: `Tokyo${"b".repeat(150)}`,
      is_default: true,
    },
  });
  expect((await saved.json()).code).toBe(1);
  const paper = (
    (
      await (
        await page.request.post("/api/frontend/cart/summary", {
          data: { id_list: Array.from({ length: 40 }, (_, i) => i + 1) },
        })
      ).json()
    ).data as { id: number; category_id: number; is_pre_order: boolean; quantity_max: number | null }[]
  ).find((i) => i.category_id === 1 && !i.is_pre_order && (i.quantity_max ?? 0) > 0);
  expect(paper).toBeDefined();
  await page.goto("/");
  await page.evaluate((id) => localStorage.setItem("website-cart", JSON.stringify({ [id]: 1 })), paper?.id ?? 0);

  const overflowing: string[] = [];
  const check = async (what: string) => {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > 360) overflowing.push(`${what} (${scrollWidth} px)`);
  };
  await page.goto("/member/recipients");
  await expect(page.getByRole("list", { name: "收件人清單" })).toContainText("a".repeat(50));
  await check("/member/recipients");
  await page.goto("/cart?checkout=0");
  await expect(page.getByRole("button", { name: /a{50}/ })).toBeVisible();
  await check("the checkout's 常用收件人");
  for (const path of [
    `/search?q=${"a".repeat(60)}`,
    `/search?q=${encodeURIComponent("https://example.com/books/a-very-long-title-without-any-spaces?ref=x")}`,
    `/${"a".repeat(200)}`,
  ]) {
    await page.goto(path);
    await check(path);
  }
  expect(overflowing).toEqual([]);
});

test("at 360 px an order to a long unbroken name and address fits its 訂單明細 and /order-complete", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 900 });
  const { placed } = await placeOrderByApi(page, 7, {
    member_name: "a".repeat(50),
    receiver: "a".repeat(50),
    address: `重慶南路一段1號${"b".repeat(120)}`,
  });
  expect(placed?.order_no, JSON.stringify(placed)).toBeTruthy();
  const widths: Record<string, number> = {};
  await page.goto("/member/orders");
  await page
    .getByRole("link", { name: /訂單明細/ })
    .first()
    .click();
  await expect(page.locator("main")).toContainText("a".repeat(50));
  widths["/member/orders' 訂單明細"] = await page.evaluate(() => document.documentElement.scrollWidth);
  // /order-complete shows no receiver; its order number and items, at the same width.
  await page.goto(`/order-complete?order_no=${placed.order_no}`);
  widths["/order-complete"] = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(Object.entries(widths).filter(([, width]) => width > 360)).toEqual([]);
});

test("on a phone the main navigation shows every link: it wraps, nothing is scrolled out of sight", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/");
  const links = page.getByRole("navigation", { name: "主要分類" }).getByRole("link");
  expect(await links.count()).toBeGreaterThan(4);
  for (const link of await links.all()) {
    const [box, name] = [await link.boundingBox(), await link.textContent()];
    expect(box, name ?? "").not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360, name ?? "").toBe(true);
  }
});

// WCAG 2.5.8 asks 24 × 24 px of every pointer target; the header's and the footer's links get 44 px of height on a
// phone (for a thumb), and no target covers another, so a tap on one never lands on its neighbour. On a desktop the
// targets grow without moving anything: the header is as tall as its text rows make it, and they stay inside it.
for (const width of [360, 1280]) {
  test(`at ${width} px the header's and the menus' links are large targets that do not overlap`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const boxes = await targetBoxes(
      page.locator("header a:visible, header nav button:visible, footer nav a:visible, footer p a:visible"),
    );
    // The site title, 購物車, 登入, the seven menu links, the footer's six links and its three legal links.
    expect(boxes.length).toBeGreaterThanOrEqual(19);
    const small = boxes.filter((b) => b.width < 24 || b.height < (width < 768 ? 44 : 24)).map((b) => b.name);
    expect(small).toEqual([]);
    for (const name of ["購物車", "登入"]) {
      const box = boxes.find((b) => b.name === name);
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
      expect(box?.width, name).toBeGreaterThanOrEqual(24);
    }
    expect(overlapping(boxes)).toEqual([]);
    const header = await page.locator("header").boundingBox();
    const menu = page.getByRole("navigation", { name: "主要分類" }).getByRole("link");
    for (const link of await menu.all()) {
      const box = await link.boundingBox();
      expect((box?.y ?? -1) >= (header?.y ?? 0), "a menu target ends inside the header").toBe(true);
      expect((box?.y ?? 0) + (box?.height ?? 0) <= (header?.y ?? 0) + (header?.height ?? 0)).toBe(true);
    }
  });
}

test("a desktop menu wrapped into rows (a narrow menu, a larger text) keeps its targets apart", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.addStyleTag({ content: "header > nav > ul { max-width: 280px; }" });
  const boxes = await targetBoxes(page.getByRole("navigation", { name: "主要分類" }).getByRole("link"));
  expect(new Set(boxes.map((b) => Math.round(b.y))).size, "the menu wraps").toBeGreaterThan(1);
  expect(boxes.filter((b) => b.height < 24).map((b) => b.name)).toEqual([]);
  expect(overlapping(boxes)).toEqual([]);
});

test("the member centre's menu on a phone: a 44 px row per link, none covering another", async ({ page }) => {
  await signInDemo(page);
  await page.setViewportSize({ width: 360, height: 900 });
  await page.goto("/member/orders");
  const boxes = await targetBoxes(page.getByRole("navigation", { name: "會員中心" }).getByRole("link"));
  expect(boxes.length).toBeGreaterThanOrEqual(5);
  expect(boxes.filter((b) => b.width < 24 || b.height < 44).map((b) => b.name)).toEqual([]);
  expect(overlapping(boxes)).toEqual([]);
});

interface TargetBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each target's box, named by its text. */
async function targetBoxes(targets: Locator): Promise<TargetBox[]> {
  const boxes: TargetBox[] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (box) boxes.push({ name: (await target.textContent())?.trim() || "?", ...box });
  }
  return boxes;
}

/** The pairs of targets whose boxes cover each other (more than half a pixel each way). */
function overlapping(boxes: TargetBox[]): string[] {
  const pairs: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0.5 && h > 0.5) pairs.push(`${a.name} / ${b.name}`);
    }
  }
  return pairs;
}

test("by keyboard: the skip link leads to the main content, the header search submits", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "跳到主要內容" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  const search = page.getByRole("combobox", { name: /搜尋/ }).or(page.getByRole("searchbox", { name: /搜尋/ }));
  await search.first().focus();
  await page.keyboard.type("生活");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=%E7%94%9F%E6%B4%BB/);
});

test("by keyboard: the main navigation reaches the product lists", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const link = page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "新書上架" });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\/new-books$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("新書上架");
});
