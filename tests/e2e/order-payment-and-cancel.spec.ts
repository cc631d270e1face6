// One live payment per order, and 取消訂單, in Chromium (issue 20): a double submit and a back-and-retry reach the
// gateway with the same attempt; the member cancels from the order's detail with and without JavaScript; a paid
// order whose invoice can no longer be voided offers no cancel and says why instead.

import { expectAccessible } from "../support/a11y";
import { dropConnection, restoreConnection } from "../support/connection";
import { API } from "../support/fixtures";
import { waitForHydration } from "../support/hydration";
import { expect, type Page, test } from "../support/test";
import { fillDomesticReceiver, placeOrderByApi } from "./support/orders";
import { signInDemo, signInNewMember } from "./support/session";

const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });

/** The stand-in gateway's 訂單編號: the attempt's MerchantOrderNo (order number without dashes, _ and the attempt). */
async function attemptAtGateway(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("藍新金流付款（本機模擬）");
  const term = page.getByRole("term").filter({ hasText: /^訂單編號$/ });
  return ((await term.locator("xpath=following-sibling::dd[1]").textContent()) ?? "").trim();
}

test("a double submit and a back-and-retry each reach the gateway with one payment attempt", async ({ page }) => {
  await signInNewMember(page);
  await page.goto("/product/1");
  await waitForHydration(page);
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toBeVisible();
  await page.goto("/cart?checkout=0");
  await waitForHydration(page);
  await fillDomesticReceiver(page);
  await radio(page, "信用卡付款").check();
  await expect(page.getByRole("button", { name: /^送出訂單/ })).toBeEnabled();

  // A double click on 送出訂單.
  await page.getByRole("button", { name: /^送出訂單/ }).dblclick();
  const first = await attemptAtGateway(page);
  expect(first).toMatch(/^BK\d{14,17}[0-9A-Z]{6}_1$/);
  const orders = (await (await page.request.get(`${API}/member/orders`)).json()).data;
  expect(orders.total).toBe(1);
  const orderNo: string = orders.items[0].order_no;

  // Back from the gateway without paying, then on to the order, which offers to go on paying: the same attempt.
  await page.goBack();
  await page.goto(`/order-complete?order_no=${orderNo}`);
  await waitForHydration(page);
  const panel = page.getByRole("region", { name: "付款結果確認中" });
  await expect(panel).toContainText("繼續付款");
  await expectAccessible(page);
  await panel.getByRole("button", { name: "繼續付款" }).click();
  expect(await attemptAtGateway(page)).toBe(first);
  // And once more, through the browser's back button.
  await page.goBack();
  await waitForHydration(page);
  await page.getByRole("button", { name: "繼續付款" }).click();
  expect(await attemptAtGateway(page)).toBe(first);

  await page.getByRole("button", { name: "付款成功", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/order-complete");
  await expect(page.getByRole("region", { name: "完成付款" })).toBeVisible();
  const detail = (await (await page.request.get(`${API}/member/orders/${orderNo}`)).json()).data;
  expect(detail).toMatchObject({ status: 5, payment: { can_retry: false } });
});

/** A new member's 貨到付款 order of product 1, placed through the API. */
async function placeCashOnDeliveryOrder(page: Page): Promise<string> {
  return (await placeOrderByApi(page, 6)).placed.order_no;
}

/** 取消訂單 → 確定取消訂單 from the detail page; axe checks both screens (it needs the page's scripts to run). */
async function cancelFromDetail(page: Page, orderNo: string, { axe = true } = {}) {
  await page.goto(`/member/orders?no=${orderNo}`);
  await page.getByRole("link", { name: "取消這張訂單" }).click();
  await expect(page).toHaveURL(/cancel=1/);
  const confirm = page.getByRole("button", { name: "確定取消訂單" });
  await expect(confirm).toHaveAccessibleDescription(/確定要取消訂單/);
  if (axe) await expectAccessible(page);
  await confirm.click();
  await expect(page.getByTestId("order-cancelled")).toHaveText("訂單已取消。");
  await expect(page.getByRole("definition").filter({ hasText: "取消訂單" })).toBeVisible();
  await expect(page.getByRole("link", { name: "取消這張訂單" })).toHaveCount(0);
  if (axe) await expectAccessible(page);
}

/**
 * The demo member's order paid and invoiced on 2025-08-20 (voidable until 2025-09-13): its detail, and the
 * confirmation's address too, offer no 取消訂單 but say why, with the way to 客服中心.
 */
async function expectNoCancelPastInvoiceVoid(page: Page, { axe = true } = {}) {
  await signInDemo(page);
  for (const extra of ["", "&cancel=1"]) {
    await page.goto(`/member/orders?no=BK20250820-000002-XW4N8D${extra}`);
    const section = page.getByRole("region", { name: "取消訂單" });
    await expect(section).toContainText("這張訂單的發票已過可作廢期限，無法在網站上取消；如需退貨或退款，請聯絡客服。");
    await expect(section.getByRole("link", { name: "客服中心" })).toHaveAttribute(
      "href",
      "/instructions/customer-service",
    );
    await expect(page.getByRole("link", { name: "取消這張訂單" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "確定取消訂單" })).toHaveCount(0);
    await expect(page.getByText("款項將由本店退還")).toHaveCount(0);
  }
  if (axe) await expectAccessible(page);
}

test("a paid order whose invoice can no longer be voided offers no 取消訂單 and says why", async ({ page }) => {
  await expectNoCancelPastInvoiceVoid(page);
});

test("the member cancels an unpaid order from its detail page, by keyboard", async ({ page }) => {
  const orderNo = await placeCashOnDeliveryOrder(page);
  await page.goto(`/member/orders?no=${orderNo}`);
  await waitForHydration(page);
  // Focus goes to the confirmation's question (not the page's h1), Tab on to its buttons; 不取消 goes back to the
  // detail with nothing changed, focus back on 取消這張訂單.
  await page.getByRole("link", { name: "取消這張訂單" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/cancel=1/);
  await expect(page.getByText(`確定要取消訂單 ${orderNo} 嗎？`)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "確定取消訂單" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "不取消" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "取消這張訂單" })).toBeFocused();
  await cancelFromDetail(page, orderNo);
});

test("a 取消訂單 the connection lost says so on the order, which stays as it was; sent again, it cancels", async ({
  page,
}) => {
  const orderNo = await placeCashOnDeliveryOrder(page);
  await page.goto(`/member/orders?no=${orderNo}&cancel=1`);
  await waitForHydration(page);
  await dropConnection(page);
  await page.getByRole("button", { name: "確定取消訂單" }).click();
  await expect(page.getByText("網路連線中斷，無法確認資料是否已送出")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("連線失敗");
  await restoreConnection(page);
  await cancelFromDetail(page, orderNo);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the member cancels an unpaid order: the confirmation is a plain form post", async ({ page }) => {
    const orderNo = await placeCashOnDeliveryOrder(page);
    await cancelFromDetail(page, orderNo, { axe: false });
    expect(new URL(page.url()).searchParams.get("no")).toBe(orderNo);
  });

  test("a paid order whose invoice can no longer be voided offers no 取消訂單 and says why", async ({ page }) => {
    await expectNoCancelPastInvoiceVoid(page, { axe: false });
  });
});
