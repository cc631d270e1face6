// The stand-in NewebPay gateway of local runs, in the browser: the checkout's form posted to it, an accessible page,
// 付款成功 notifies the shop and the nonce'd script takes the reader back to /order-complete under the worker's CSP.

import { expectAccessible } from "../support/a11y";
import { API } from "../support/fixtures";
import { expect, test } from "../support/test";
import { placeOrderByApi, postPaymentForm } from "./support/orders";

test("paying through the stand-in gateway brings the reader back to a paid order", async ({ page }) => {
  const { headers, placed } = await placeOrderByApi(page, 1);
  await postPaymentForm(page, placed.payment);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("藍新金流付款（本機模擬）");
  await expect(page.getByText("信用卡付款")).toBeVisible();
  await expect(page.getByText(`NT$${placed.total.toLocaleString("en-US")}`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "付款成功" }).click();
  await page.waitForURL((url) => url.pathname === "/order-complete");
  expect(new URL(page.url()).searchParams.get("order_no")).toBe(placed.order_no);
  const detail = (await (await page.request.get(`${API}/member/orders/${placed.order_no}`, { headers })).json()).data;
  expect(detail.status).toBe(5);
});

test("付款失敗 leaves the order failed and open to a retry", async ({ page }) => {
  const { headers, placed } = await placeOrderByApi(page, 1);
  await postPaymentForm(page, placed.payment);
  await page.getByRole("button", { name: "付款失敗" }).click();
  await page.waitForURL((url) => url.pathname === "/order-complete");
  const detail = (await (await page.request.get(`${API}/member/orders/${placed.order_no}`, { headers })).json()).data;
  expect(detail).toMatchObject({ status: 3, payment: { can_retry: true } });
});
