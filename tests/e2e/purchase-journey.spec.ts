// Buying, end to end, as a new member does it in Chromium: product pages → /cart → the checkout step → the
// (stand-in) NewebPay gateway → /order-complete → /member/orders. Each journey walks many steps on purpose; the
// finer rules have their own specs (cart, checkout, order-pages, stand-in-gateway, contract/payment).

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { expect, type Page, test } from "../support/test";
import { fillDomesticReceiver } from "./support/orders";
import { signInNewMember } from "./support/session";

interface SummaryItem {
  id: number;
  category_id: number;
  quantity_max: number | null;
  is_pre_order: boolean;
  readmoo_link: string | null;
}

/** A seeded paper book that can be ordered and an e-book not read on Readmoo. */
async function pickBooks(page: Page) {
  const ids = Array.from({ length: 80 }, (_, i) => i + 1);
  const items: SummaryItem[] = (
    await (await page.request.post("/api/frontend/cart/summary", { data: { id_list: ids } })).json()
  ).data;
  const paper = items.find((i) => i.category_id === 1 && !i.is_pre_order && (i.quantity_max ?? 1) > 0);
  const ebook = items.find((i) => i.category_id === 2 && !i.readmoo_link);
  if (!paper || !ebook) throw new Error("the seed has no orderable paper book or e-book");
  return { paper: paper.id, ebook: ebook.id };
}

async function addFromProductPage(page: Page, id: number) {
  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toBeVisible();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });
/** The stand-in gateway's 付款方式. */
const gatewayMethod = (page: Page) => page.getByRole("definition").nth(3);
const nextSteps = (page: Page) => page.getByRole("region", { name: /完成付款|請於期限內轉帳|交易失敗|付款結果確認中/ });

/** Presses 送出訂單 and follows the form to the stand-in gateway; the order number and amount it shows. */
async function placeAndReachGateway(page: Page) {
  await page.getByRole("button", { name: /^送出訂單/ }).click();
  await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("藍新金流付款（本機模擬）");
  // The gateway shows the trade's description, which names the order.
  const described = (await page.getByText(/訂單 BK/).textContent()) ?? "";
  const orderNo = /BK\d{8}-\d{6,9}-[0-9A-Z]{6}/.exec(described)?.[0];
  expect(orderNo, described).toBeDefined();
  return orderNo as string;
}

async function payAtGateway(page: Page, outcome: "付款成功" | "付款失敗") {
  await page.getByRole("button", { name: outcome }).click();
  await page.waitForURL((url) => url.pathname === "/order-complete");
  await waitForHydration(page);
}

test.describe("a new member buys", () => {
  test("a paper book and an e-book: two groups, two orders, LINE Pay then Apple Pay, both paid", async ({
    page,
    browser,
  }) => {
    await signInNewMember(page);
    const books = await pickBooks(page);
    await addFromProductPage(page, books.paper);
    await addFromProductPage(page, books.ebook);
    await expect(page.getByTestId("header-cart")).toHaveAccessibleName("購物車，2 項商品");

    // The cart: two groups, each with its own 結帳.
    await page.getByTestId("header-cart").click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("region", { name: "實體商品" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "數位商品" }).getByRole("listitem")).toHaveCount(1);

    // The physical group: domestic, a company invoice, LINE Pay.
    await page.getByRole("button", { name: "結帳：實體商品" }).click();
    await expect(page).toHaveURL("/cart?checkout=0");
    await fillDomesticReceiver(page);
    await radio(page, "公司戶發票").check();
    await field(page, "公司抬頭").fill("人間出版社");
    await field(page, "統一編號").fill("10458574");
    await radio(page, "電子支付").check();
    await radio(page, "LINE Pay").check();
    const paperOrder = await placeAndReachGateway(page);
    await expect(gatewayMethod(page)).toHaveText("LINE Pay");
    await payAtGateway(page, "付款成功");
    expect(new URL(page.url()).searchParams.get("order_no")).toBe(paperOrder);
    await expect(nextSteps(page)).toHaveAccessibleName("完成付款");
    await expect(page.getByText(paperOrder).first()).toBeVisible();
    await expect(page.getByText("LINE Pay").first()).toBeVisible();

    // 會員訂單 lists it as paid.
    await page.goto("/member/orders");
    const listed = page.getByRole("list", { name: "訂單列表" }).getByRole("listitem").filter({ hasText: paperOrder });
    await expect(listed).toContainText("完成付款");

    // The e-book stayed in the cart for its own order: Apple Pay.
    await page.goto("/cart");
    await expect(page.getByRole("region", { name: "實體商品" })).toHaveCount(0);
    await page.getByRole("button", { name: "結帳：數位商品" }).click();
    await expect(page).toHaveURL("/cart?checkout=1");
    await expect(field(page, "收件人")).toHaveCount(0);
    await radio(page, "電子支付").check();
    await radio(page, "Apple Pay").check();
    const ebookOrder = await placeAndReachGateway(page);
    await expect(gatewayMethod(page)).toHaveText("Apple Pay");
    await payAtGateway(page, "付款成功");
    await expect(nextSteps(page)).toHaveAccessibleName("完成付款");
    await expect(page.getByRole("link", { name: /我的書櫃/ })).toBeVisible();
    expect(ebookOrder).not.toBe(paperOrder);

    // Both orders are paid, and the cart is empty.
    await page.goto("/cart");
    await expect(page.getByText("購物車是空的。")).toBeVisible();
    await expect(page.getByTestId("header-cart")).toHaveAccessibleName("購物車，0 項商品");

    // The e-book is in the member's bookcase now: its page (the same edge-cached document a guest gets) offers no
    // 加入購物車 but says where it is.
    await page.goto(`/product/${books.ebook}`);
    await waitForHydration(page);
    await expect(page.getByTestId("product-held")).toHaveText("已在您的書櫃前往我的書櫃");
    await expect(page.getByRole("button", { name: "加入購物車" })).toHaveCount(0);
    await page.getByRole("link", { name: "前往我的書櫃" }).click();
    await expect(page).toHaveURL("/member/bookcase");
    // The document itself is the edge cache's shared one: nothing of this member's is in its bytes.
    let bytes = "";
    await expect
      .poll(async () => {
        const cached = await page.request.get(`/product/${books.ebook}`);
        bytes = await cached.text();
        return cached.headers()["x-cache"];
      })
      .toBe("HIT");
    for (const mine of ["product-held", "已在您的書櫃", ebookOrder]) expect(bytes).not.toContain(mine);
    // A guest meets the button on the same page.
    const guestDevice = await browser.newContext();
    const guest = await guestDevice.newPage();
    await guest.goto(`/product/${books.ebook}`);
    await waitForHydration(guest);
    await expect(guest.getByRole("button", { name: "加入購物車" })).toBeVisible();
    await expect(guest.getByTestId("product-held")).toHaveCount(0);
    await guestDevice.close();
    // A paper book's page still offers the button.
    await addFromProductPage(page, books.paper);
    const savedCart = async () => (await (await page.request.get("/api/frontend/cart/cache")).json()).data;
    await expect.poll(savedCart).toEqual({ [books.paper]: 1 });
    // A cart saved on another device still had the e-book: its line says so, with the way to the bookcase, and stays
    // out of the digital checkout: nothing there to pay for a second time.
    const saved = { [books.ebook]: 1, [books.paper]: 1 };
    expect((await (await page.request.post("/api/frontend/cart/cache", { data: saved })).json()).code).toBe(1);
    await page.goto("/cart");
    await waitForHydration(page);
    const owned = page.getByTestId(`cart-line-${books.ebook}`);
    await expect(owned.getByTestId("cart-line-held")).toHaveText("已在您的書櫃，不列入結帳。前往我的書櫃");
    await expect(owned).not.toContainText("小計");
    await expect(page.getByTestId("cart-subtotal-1")).toHaveText("數位商品小計 NT$0（0 項可結帳）");
    await expect(page.getByRole("button", { name: "結帳：數位商品（沒有可結帳的商品）" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "結帳：實體商品" })).toBeEnabled();
    // The digital checkout step, opened by its address, has no order of it to send.
    await page.goto("/cart?checkout=1");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "數位商品結帳" })).toBeVisible();
    await expect(page.getByRole("link", { name: "返回購物車" })).toBeVisible();
    await expect(page.getByText("正在載入結帳表單…")).toHaveCount(0);
    await expect(page.getByRole("form", { name: "數位商品訂購資料" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^送出訂單/ })).toHaveCount(0);
    // It can be removed like any line; the paper book stays.
    await page.goto("/cart");
    await waitForHydration(page);
    await owned.getByRole("button", { name: /^移除/ }).click();
    await expect(page.getByRole("region", { name: "數位商品" })).toHaveCount(0);
    await expect(page.getByTestId("header-cart")).toHaveAccessibleName("購物車，1 項商品");
  });

  test("overseas: the choices give way to 專戶匯款, and the account the gateway issues is on /order-complete", async ({
    page,
  }) => {
    await signInNewMember(page);
    const books = await pickBooks(page);
    await addFromProductPage(page, books.paper);
    await page.goto("/cart?checkout=0");
    await waitForHydration(page);
    await field(page, "收件人").fill("陳思妤");
    await field(page, "手機").fill("+819012345678");
    await radio(page, "海外").check();
    await field(page, "國家").selectOption("日本");
    await field(page, "地址").fill("東京都新宿区西新宿 2-8-1");
    await expect(page.getByText("海外訂單僅提供專戶匯款，訂單成立後請依通知完成匯款。")).toBeVisible();
    await expect(radio(page, "信用卡付款")).toHaveCount(0);
    const orderNo = await placeAndReachGateway(page);
    await expect(gatewayMethod(page)).toHaveText("專戶匯款");
    await payAtGateway(page, "付款成功");
    expect(new URL(page.url()).searchParams.get("order_no")).toBe(orderNo);
    const panel = nextSteps(page);
    await expect(panel).toHaveAccessibleName("請於期限內轉帳");
    await expect(panel).toContainText(/銀行代碼/);
    await expect(panel).toContainText(/\d{4}\/\d{2}\/\d{2}/);
    await expectAccessible(page);
  });

  test("a failed payment says so, and 重新付款 pays the same order", async ({ page }) => {
    await signInNewMember(page);
    const books = await pickBooks(page);
    await addFromProductPage(page, books.paper);
    await page.goto("/cart?checkout=0");
    await waitForHydration(page);
    await fillDomesticReceiver(page);
    await radio(page, "信用卡付款").check();
    const orderNo = await placeAndReachGateway(page);
    await payAtGateway(page, "付款失敗");
    await expect(nextSteps(page)).toHaveAccessibleName("交易失敗");
    await expectAccessible(page);

    await page.getByRole("button", { name: "重新付款" }).click();
    await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
    await expect(page.getByText(`訂單 ${orderNo}`)).toBeVisible();
    await payAtGateway(page, "付款成功");
    expect(new URL(page.url()).searchParams.get("order_no")).toBe(orderNo);
    await expect(nextSteps(page)).toHaveAccessibleName("完成付款");
    // One order, paid on its second attempt.
    const orders = (await (await page.request.get("/api/frontend/member/orders")).json()).data;
    expect(orders.total).toBe(1);
    expect(orders.items[0]).toMatchObject({ order_no: orderNo, status: 5 });
  });
});
