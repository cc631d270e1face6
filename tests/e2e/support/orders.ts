// Orders for the e2e specs: one placed through the API by a member of the test's own, and the checkout's domestic
// receiver filled in as a reader types it.
import type { Page } from "@playwright/test";
import { checkoutPayload, type TempOrder } from "../../../app/features/checkout/checkout";
import { API, domesticOrder, registerMember } from "../../support/fixtures";

/**
 * A new member (signed in in the page's context) places an order of product 1 with `payType` through the API (the
 * draft's other fields as `changes` say); the reply's data (order_no, payment form …), the member's headers and their
 * address.
 */
export async function placeOrderByApi(page: Page, payType: number, changes: Partial<TempOrder> = {}) {
  const { email, headers } = await registerMember(page.request);
  const q = (
    await (
      await page.request.post(`${API}/cart/quote`, {
        data: { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] },
      })
    ).json()
  ).data;
  const order = {
    ...domesticOrder(email),
    ...changes,
    pay_type: payType,
    fee: q.fee,
    no_fee: q.no_fee,
    discount_price: q.discount_price,
  };
  const res = await page.request.post(`${API}/cart/checkout`, { headers, data: checkoutPayload(order, q.lines, q) });
  return { email, headers, placed: (await res.json()).data };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The checkout's domestic receiver, as a reader fills it in. */
export async function fillDomesticReceiver(page: Page) {
  await field(page, "收件人").fill("王小明");
  await field(page, "手機").fill("0912345678");
  await field(page, "縣市").selectOption("臺北市");
  await field(page, "鄉鎮市區").selectOption({ label: "中正區" });
  await field(page, "地址").fill("重慶南路一段 1 號");
  await field(page, "區碼").fill("02");
  await field(page, "電話").fill("23456789");
}

/** Posts the payment form from a page of the site, as the checkout page does. */
export async function postPaymentForm(page: Page, form: { action: string; fields: Record<string, string> }) {
  await page.goto("/healthz");
  await page.evaluate(({ action, fields }) => {
    const element = document.createElement("form");
    element.method = "post";
    element.action = action;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      element.appendChild(input);
    }
    document.body.appendChild(element);
    element.submit();
  }, form);
}
