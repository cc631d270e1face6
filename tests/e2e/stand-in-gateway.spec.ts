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

test("an unpaid order past its deadline says so until the reconciler ends it, not 付款結果確認中", async ({ page }) => {
  const { placed } = await placeOrderByApi(page, 1);
  // The deadline passed a minute ago; the reconciler will not ask about it before the test is over.
  const moved = await page.request.post("/_dev/deadlines", {
    data: {
      order_no: placed.order_no,
      deadline_at: new Date(Date.now() - 60_000).toISOString(),
      check_at: "2099-01-01T00:00:00.000Z",
    },
  });
  expect((await moved.json()).code).toBe(1);
  await page.goto(`/order-complete?order_no=${placed.order_no}`);
  // Headed by what happened, not 訂購完成 (the loader words it).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("付款期限已過");
  await expect(page).toHaveTitle(/^付款期限已過 - /);
  const panel = page.getByRole("region", { name: "尚未收到付款" });
  await expect(panel).toContainText("未付款的訂單將自動取消");
  await expect(page.getByRole("region", { name: "付款結果確認中" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "繼續付款" })).toHaveCount(0);
  await expectAccessible(page);
  // The order's own page says the same where its payment is told, rather than an empty 付款資訊.
  await page.goto(`/member/orders?no=${placed.order_no}`);
  await expect(page.getByRole("region", { name: "付款資訊" })).toContainText("付款期限已過，未付款的訂單將自動取消");
});
