// E-invoices on the order pages, in Chromium (issue 24): for every kind of the buyer's choice, an order paid at the
// stand-in gateway gets its invoice from the stand-in ezPay (through the invoice queue), and the member's order
// detail shows the kind, the state, the number and the date, axe-clean. The buyer is mailed the number, /order-complete
// shows it too, the guest's order search masks it, and a cancelled paid order's detail says 已作廢.

import {
  askFirst,
  linePayOrder,
  orderDetail,
  type PlacedOrder,
  payAtStandIn,
  placeOrder,
  runScheduled,
} from "../contract/support/payments";
import { expectAccessible } from "../support/a11y";
import { API } from "../support/fixtures";
import { mailboxHolding } from "../support/mailbox";
import { expect, type Page, test } from "../support/test";

test.skip(!!process.env.CONTRACT_BASE_URL, "needs the storefront's stand-ins");

/** Each kind: the checkout's choice, and what the detail's 發票資訊 says of it. */
const KINDS = [
  {
    kind: "donation",
    choice: { invoice_type: 1, invoice_donation: "5617" },
    shown: [
      ["發票類型", "捐贈發票"],
      ["捐贈單位", "財團法人人間文教基金會"],
    ],
  },
  {
    kind: "member-carrier",
    choice: { invoice_type: 2, invoice_carrier_type: 1 },
    shown: [
      ["發票類型", "電子發票載具"],
      ["載具", "會員載具"],
    ],
  },
  {
    kind: "mobile-barcode",
    choice: { invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/AB+1234" },
    shown: [
      ["發票類型", "電子發票載具"],
      ["載具", "手機條碼 /AB+1234"],
    ],
  },
  {
    kind: "certificate",
    choice: { invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "AB12345678901234" },
    shown: [
      ["發票類型", "電子發票載具"],
      ["載具", "自然人憑證 AB12345678901234"],
    ],
  },
  {
    kind: "company",
    choice: { invoice_type: 3, invoice_company: "覺林文化有限公司", invoice_company_tax: "04595257" },
    shown: [
      ["發票類型", "公司戶發票"],
      ["公司名稱", "覺林文化有限公司"],
      ["統一編號", "04595257"],
    ],
  },
] as const;

/** A new member (signed in in the page's context) places an order with this invoice choice and pays it. */
async function paidOrder(page: Page, choice: Record<string, unknown>): Promise<PlacedOrder> {
  const order = await placeOrder(page.request, (email) => ({ ...linePayOrder(email), ...choice }) as never);
  if (!order.payment) throw new Error("no payment form");
  const { html } = await payAtStandIn(page.request, order.payment, "success");
  // Under a loaded machine the gateway's notify can outlast its timeout (the stand-in's page then says so): the store
  // learns of the payment as it would from NewebPay then, by asking QueryTradeInfo in its reconciling run.
  if (!html.includes("已通知商店（NotifyURL）")) {
    await askFirst(page.request, order.order_no);
    await runScheduled(page.request);
  }
  await expect.poll(async () => (await orderDetail(page.request, order)).status).toBe(5);
  return order;
}

async function invoiceOf(page: Page, order: PlacedOrder, state: string) {
  let invoice: { state: string; number: string | null; issued_at: string | null } | null = null;
  await expect
    .poll(async () => {
      invoice = (await orderDetail(page.request, order)).invoice;
      return invoice?.state;
    })
    .toBe(state);
  return invoice as unknown as { state: string; number: string; issued_at: string };
}

/** The value of a term in the section `name`. */
const fact = (page: Page, section: string, term: string) =>
  page
    .getByRole("region", { name: section })
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** The date of an ISO time in Taipei, as the pages write it (2026/11/26). */
const taipeiDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei" }).format(new Date(iso)).replaceAll("-", "/");

for (const { kind, choice, shown } of KINDS) {
  test(`a paid order's ${kind} invoice is shown on the member's order detail`, async ({ page }) => {
    const order = await paidOrder(page, choice);
    const invoice = await invoiceOf(page, order, "issued");

    await page.goto(`/member/orders?no=${order.order_no}`);
    for (const [term, value] of shown) await expect(fact(page, "發票資訊", term)).toHaveText(value);
    await expect(fact(page, "發票資訊", "發票狀態")).toHaveText("已開立");
    await expect(fact(page, "發票資訊", "發票號碼")).toHaveText(invoice.number);
    await expect(fact(page, "發票資訊", "開立日期")).toHaveText(taipeiDate(invoice.issued_at));
    await expectAccessible(page);
  });
}

test("/order-complete shows the invoice, the order search masks its number, and a cancel voids it", async ({
  page,
}) => {
  const order = await paidOrder(page, KINDS[0].choice);
  const invoice = await invoiceOf(page, order, "issued");

  // 電子發票開立通知 reaches the buyer, with the number and the date.
  const [mail] = await mailboxHolding(page.request, order.email, 1, "電子發票開立通知");
  expect(mail?.body).toContain(`發票號碼：${invoice.number}\n開立日期：${taipeiDate(invoice.issued_at)}`);

  await page.goto(`/order-complete?order_no=${order.order_no}`);
  await expect(fact(page, "發票資訊", "發票狀態")).toHaveText("已開立");
  await expect(fact(page, "發票資訊", "發票號碼")).toHaveText(invoice.number);
  await expectAccessible(page);

  // The guest's search (a fresh context: no member cookie) shows the track letters and last two digits only.
  const guest = await page.context().browser()?.newPage();
  if (!guest) throw new Error("no browser");
  try {
    await guest.goto(new URL("/order-search", page.url()).href);
    await guest.getByLabel("訂單編號").fill(order.order_no);
    await guest.getByLabel("訂購人電子郵件").fill(order.email);
    await guest.getByRole("button", { name: "查詢訂單" }).click();
    const masked = `${invoice.number.slice(0, 2)}＊＊＊＊＊＊${invoice.number.slice(-2)}`;
    await expect(fact(guest, "發票資訊", "發票號碼")).toHaveText(masked);
    await expect(guest.getByText(invoice.number)).toHaveCount(0);
  } finally {
    await guest.close();
  }

  // 取消訂單 on a paid order: the invoice is voided through the queue, and the detail says so.
  const cancelled = await page.request.post(`${API}/member/orders/${order.order_no}/cancel`, {
    headers: order.headers,
  });
  expect((await cancelled.json()).code).toBe(1);
  await invoiceOf(page, order, "voided");
  await page.goto(`/member/orders?no=${order.order_no}`);
  await expect(fact(page, "發票資訊", "發票狀態")).toHaveText("已作廢");
  await expect(fact(page, "發票資訊", "發票號碼")).toHaveText(invoice.number);
});
