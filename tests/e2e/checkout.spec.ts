// The checkout step of /cart (/cart?checkout=0 physical, ?checkout=1 digital): a fresh member with a paper book and
// an e-book in the local cart fills the order form and places the order. The payload sent is SPEC §5's, with an
// Idempotency-Key; field problems sit beside their fields; overseas orders pay by 專戶匯款; a refusal keeps what
// was typed; a double click places one order; the form works by keyboard alone and axe finds nothing.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { SITE_TITLE } from "../support/routes";
import { expect, type Locator, type Page, type Request, test } from "../support/test";
import { signInNewMember } from "./support/session";

const CHECKOUT = "/api/frontend/cart/checkout";
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

interface SummaryItem {
  id: number;
  category_id: number;
  quantity_max: number | null;
  is_pre_order: boolean;
  readmoo_link: string | null;
}

/** A seeded paper book (category 1) that can be ordered, and an e-book (category 2) not read on Readmoo. */
async function pickBooks(page: Page): Promise<{ paper: number; ebook: number }> {
  const ids = Array.from({ length: 60 }, (_, i) => i + 1);
  const body = await (await page.request.post("/api/frontend/cart/summary", { data: { id_list: ids } })).json();
  const items: SummaryItem[] = body.data;
  const paper = items.find(
    (i) => i.category_id === 1 && !i.readmoo_link && (i.is_pre_order || (i.quantity_max ?? 1) > 0),
  );
  const ebook = items.find((i) => i.category_id === 2 && !i.readmoo_link);
  if (!paper || !ebook) throw new Error("the seed has no orderable paper book or e-book");
  return { paper: paper.id, ebook: ebook.id };
}

/** Signs a fresh member in, puts a paper book and an e-book in the local cart, and opens the checkout step. */
async function openCheckout(page: Page, categoryType: 0 | 1) {
  const email = await signInNewMember(page);
  const books = await pickBooks(page);
  await page.goto("/");
  await page.evaluate(
    (cart) => {
      localStorage.setItem("website-cart", JSON.stringify(cart));
      for (const key of Object.keys(sessionStorage))
        if (key.startsWith("website-checkout-")) sessionStorage.removeItem(key);
    },
    { [books.paper]: 1, [books.ebook]: 1 },
  );
  await page.goto(`/cart?checkout=${categoryType}`);
  await waitForHydration(page);
  await expect(field(page, "訂購人姓名")).toHaveValue("測試讀者");
  await expect(field(page, "電子郵件")).toHaveValue(email);
  await expect(submitButton(page)).toBeEnabled();
  return { email, books };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });
const submitButton = (page: Page) => page.getByRole("button", { name: /^送出訂單/ });

async function fillDomesticReceiver(page: Page) {
  await field(page, "收件人").fill("王小明");
  await field(page, "手機").fill("0912345678");
  await field(page, "縣市").selectOption("臺北市");
  await field(page, "鄉鎮市區").selectOption({ label: "中正區" });
  await expect(page.getByTestId("postal-code")).toHaveText("100");
  await field(page, "地址").fill("重慶南路一段 1 號");
  await field(page, "區碼").fill("02");
  await field(page, "電話").fill("23456789");
}

/** The field shows its own message: marked invalid and described by it. */
async function expectFieldMessage(input: Locator, message: string | RegExp) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

async function memberOrderCount(page: Page): Promise<number> {
  const body = await (await page.request.get("/api/frontend/member/orders")).json();
  expect(body.code, body.message).toBe(1);
  return body.data.total;
}

/** Records the checkout requests the page sends. */
function recordCheckouts(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === CHECKOUT) sent.push(request);
  });
  return sent;
}

test.describe("checkout", () => {
  test("a domestic order with a company invoice and LINE Pay sends SPEC §5's payload with an Idempotency-Key", async ({
    page,
  }) => {
    const { email, books } = await openCheckout(page, 0);
    await fillDomesticReceiver(page);
    await radio(page, "公司戶發票").check();
    await field(page, "公司抬頭").fill("人間出版社");
    await field(page, "統一編號").fill("10458574");
    await radio(page, "電子支付").check();
    await expect(radio(page, "LINE Pay")).toBeChecked();

    const sent = recordCheckouts(page);
    // The reply is read on its way to the page: the page posts the gateway form at once, so it is gone after.
    const captured: {
      reply?: { code: number; message: string; data: { order_no: string; payment: { action: string } | null } };
    } = {};
    await page.route(CHECKOUT, async (route) => {
      const response = await route.fetch();
      captured.reply = await response.json();
      await route.fulfill({ response });
    });
    await submitButton(page).click();
    await expect.poll(() => captured.reply).toBeDefined();
    expect(sent).toHaveLength(1);
    const request = sent[0] as Request;
    expect(request.headers()["idempotency-key"]).toMatch(KEY_PATTERN);
    const payload = request.postDataJSON();
    expect(payload).toMatchObject({
      member_name: "測試讀者",
      member_email: email,
      receiver: "王小明",
      cellphone: "0912345678",
      area_type: 0,
      city: "臺北市",
      area: "中正區",
      address: "重慶南路一段 1 號",
      country: "台灣",
      tel_type: "市話",
      area_code: "02",
      tel: "23456789",
      pay_type: 3,
      invoice_type: 3,
      invoice_company: "人間出版社",
      invoice_company_tax: "10458574",
      category_type: 0,
      items: [{ id: books.paper, quantity: 1 }],
    });
    for (const absent of [
      "invoice_donation",
      "invoice_carrier_type",
      "invoice_carrier_mobile",
      "invoice_carrier_card",
    ]) {
      expect(payload).not.toHaveProperty(absent);
    }
    expect(payload.total).toBe(payload.subtotal + (payload.no_fee ? 0 : payload.fee) - payload.discount_price);

    const reply = captured.reply as NonNullable<typeof captured.reply>;
    expect(reply.code, reply.message).toBe(1);
    // LINE Pay is paid at the gateway (the stand-in in the tests): the form posted itself there.
    expect(reply.data.payment?.action).toMatch(/\/_dev\/payment\/mpg_gateway$/);
    await expect(page).toHaveURL(/\/_dev\/payment\/mpg_gateway$/);
    await expect(page.getByText(reply.data.order_no)).toBeVisible();
    // The order took the paper book out of the cart; the e-book stays for its own order.
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("website-cart") ?? "{}"));
    expect(cart).toEqual({ [books.ebook]: 1 });
  });

  test("the reply's payment form is posted to the gateway", async ({ page }) => {
    await openCheckout(page, 1);
    // A same-origin stand-in (the page's CSP form-action allows only the configured gateway's origin).
    const gateway = new URL("/_e2e/mpg_gateway", page.url()).href;
    await page.route(CHECKOUT, (route) =>
      route.fulfill({
        json: {
          code: 1,
          message: "成功",
          data: {
            order_id: 99,
            order_no: "BK20261123-000099-ABCDEF",
            status: 1,
            total: 300,
            payment: {
              action: gateway,
              method: "POST",
              fields: { MerchantID: "MS1", TradeInfo: "ab12", TradeSha: "A".repeat(64), Version: "2.0" },
            },
          },
        },
      }),
    );
    let posted = "";
    await page.route(gateway, async (route) => {
      posted = route.request().postData() ?? "";
      await route.fulfill({ contentType: "text/html", body: "<html lang='zh-Hant-TW'><title>gateway</title></html>" });
    });
    await submitButton(page).click();
    await expect(page).toHaveURL(gateway);
    expect(new URLSearchParams(posted).get("TradeInfo")).toBe("ab12");
    expect(new URLSearchParams(posted).get("MerchantID")).toBe("MS1");
  });

  test("placing the order moves focus to 訂單已成立, which replaced the form", async ({ page }) => {
    await openCheckout(page, 1);
    const gateway = new URL("/_e2e/held-gateway", page.url()).href;
    await page.route(CHECKOUT, (route) =>
      route.fulfill({
        json: {
          code: 1,
          message: "成功",
          data: {
            order_id: 98,
            order_no: "BK20261123-000098-ABCDEF",
            status: 1,
            total: 300,
            payment: { action: gateway, method: "POST", fields: { MerchantID: "MS1", TradeInfo: "ab12" } },
          },
        },
      }),
    );
    // The gateway answers 204 No Content, so the browser stays on the page that replaced the form.
    let posted = false;
    await page.route(gateway, async (route) => {
      posted = true;
      await route.fulfill({ status: 204 });
    });
    await submitButton(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => posted).toBe(true);
    await expect(page.getByRole("heading", { name: "訂單已成立" })).toBeFocused();
    await expect(page.getByText("訂單編號：BK20261123-000098-ABCDEF")).toBeVisible();
    await expect(page.getByRole("form", { name: "數位商品訂購資料" })).toHaveCount(0);
  });

  test("an invalid tax id or mobile barcode gets its Chinese message beside the field", async ({ page }) => {
    await openCheckout(page, 0);
    await radio(page, "公司戶發票").check();
    const tax = field(page, "統一編號");
    await tax.fill("12345678");
    await expect(tax).not.toHaveAttribute("aria-invalid");
    await tax.blur();
    await expectFieldMessage(tax, /統一編號不正確/);
    // Once left, the field is checked as the reader types.
    await tax.fill("10458574");
    await expect(tax).not.toHaveAttribute("aria-invalid");

    await radio(page, "電子發票載具").check();
    await radio(page, "手機條碼").check();
    const barcode = page.getByRole("textbox", { name: "手機條碼" });
    await barcode.fill("/abc");
    await expect(barcode).toHaveValue("/ABC");
    await barcode.blur();
    await expectFieldMessage(barcode, /手機條碼須為 \/ 加上 7 碼英數字（大寫）或 \. - \+/);
    await barcode.press("End");
    await barcode.pressSequentially("+123");
    await expect(barcode).toHaveValue("/ABC+123");
    await expect(barcode).not.toHaveAttribute("aria-invalid");
  });

  test("a pasted invoice value one character too long is kept whole and refused on its field, never cut to a valid one", async ({
    page,
  }) => {
    const sent = recordCheckouts(page);
    await openCheckout(page, 1);
    // Cut to 8 digits, 0459525799 would be 04595257: another company's valid 統一編號, sent without a word.
    await radio(page, "公司戶發票").check();
    await field(page, "公司抬頭").fill("人間出版社");
    const tax = field(page, "統一編號");
    await tax.focus();
    await page.keyboard.insertText("0459525799");
    await expect(tax).toHaveValue("0459525799");
    await tax.blur();
    await expectFieldMessage(tax, /統一編號須為 8 位數字/);
    await submitButton(page).click();
    await expect(tax).toBeFocused();
    await expectFieldMessage(tax, /統一編號須為 8 位數字/);
    await expect(tax).toHaveValue("0459525799");

    await radio(page, "電子發票載具").check();
    await radio(page, "手機條碼").check();
    const barcode = page.getByRole("textbox", { name: "手機條碼" });
    await barcode.focus();
    await page.keyboard.insertText("/abc12345");
    await expect(barcode).toHaveValue("/ABC12345");
    await barcode.blur();
    await expectFieldMessage(barcode, /手機條碼須為 \/ 加上 7 碼英數字（大寫）或 \. - \+/);

    await radio(page, "自然人憑證").check();
    const card = page.getByRole("textbox", { name: "自然人憑證條碼" });
    await card.focus();
    await page.keyboard.insertText("AB123456789012345");
    await expect(card).toHaveValue("AB123456789012345");
    await card.blur();
    await expectFieldMessage(card, /自然人憑證條碼須為 2 個大寫英文字母加 14 位數字/);
    await submitButton(page).click();
    await expect(card).toBeFocused();
    expect(sent).toHaveLength(0);
  });

  test("a pasted 手機 or 電話 with a digit too many is kept whole and refused on its field", async ({ page }) => {
    await openCheckout(page, 0);
    // Cut to 16 characters, +8869123456789012 would be +886912345678901: 15 digits, a well-formed other number.
    const cellphone = field(page, "手機");
    await cellphone.focus();
    await page.keyboard.insertText("+8869123456789012");
    await expect(cellphone).toHaveValue("+8869123456789012");
    await cellphone.blur();
    await expectFieldMessage(cellphone, /手機號碼格式不正確/);
    // Cut to 20, the extension would lose its last digit and still be well formed.
    await field(page, "區碼").fill("02");
    const tel = field(page, "電話");
    await tel.focus();
    await page.keyboard.insertText("23456789#123456789012");
    await expect(tel).toHaveValue("23456789#123456789012");
    await tel.blur();
    await expectFieldMessage(tel, /電話連分機最多 20 個字/);
  });

  test("a mobile barcode the government does not know is refused on its field; changed, the order goes through", async ({
    page,
  }) => {
    await openCheckout(page, 1);
    await radio(page, "電子發票載具").check();
    await radio(page, "手機條碼").check();
    const barcode = page.getByRole("textbox", { name: "手機條碼" });
    // Well-formed, but the stand-in ezPay's checkBarCode says it does not exist.
    await barcode.fill("/NOPE000");
    await submitButton(page).click();
    await expectFieldMessage(barcode, /^財政部查無此手機條碼，請確認後重新輸入/);
    await expect(barcode).toBeFocused();
    await expect(barcode).toHaveValue("/NOPE000");
    expect(await memberOrderCount(page)).toBe(0);
    await expectAccessible(page);

    await barcode.fill("/AB+1234");
    await expect(barcode).not.toHaveAttribute("aria-invalid");
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
    expect(await memberOrderCount(page)).toBe(1);
  });

  test("placing an incomplete order shows the messages beside the fields and moves focus to the first", async ({
    page,
  }) => {
    const sent = recordCheckouts(page);
    await openCheckout(page, 0);
    await submitButton(page).click();
    await expect(field(page, "收件人")).toBeFocused();
    await expectFieldMessage(field(page, "收件人"), /請填寫收件人/);
    await expectFieldMessage(field(page, "縣市"), /請選擇縣市/);
    // The district is required too, and said in the same round as the city, before any city is chosen.
    await expectFieldMessage(field(page, "鄉鎮市區"), /請選擇鄉鎮市區/);
    // The alert names the fields to fix: the 手機, never the landline, which is optional.
    await expect(page.getByRole("alert")).toHaveText(
      "有 5 個欄位需要修正：收件人、手機、縣市、鄉鎮市區、地址。請見欄位下方的說明。",
    );
    await expect(field(page, "區碼")).not.toHaveAttribute("aria-invalid");
    expect(sent).toHaveLength(0);
    // A landline begun needs both its parts; a 手機 is still asked for.
    await field(page, "區碼").fill("02");
    await submitButton(page).click();
    await expectFieldMessage(field(page, "電話"), /請填寫電話/);
    await field(page, "手機").fill("0912345678");
    await field(page, "區碼").fill("");
    await submitButton(page).click();
    await expect(field(page, "電話")).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("alert")).toHaveText(
      "有 4 個欄位需要修正：收件人、縣市、鄉鎮市區、地址。請見欄位下方的說明。",
    );
    // A city chosen leaves the district to fix: nothing new comes up in a second round.
    await field(page, "縣市").selectOption("臺北市");
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toHaveText(
      "有 3 個欄位需要修正：收件人、鄉鎮市區、地址。請見欄位下方的說明。",
    );
    await expectFieldMessage(field(page, "鄉鎮市區"), /請選擇鄉鎮市區/);
  });

  test("a domestic order with only a 手機 needs no landline, and sends it empty", async ({ page }) => {
    await openCheckout(page, 0);
    const marked = (label: string) =>
      page.locator("span", { has: page.getByText(label, { exact: true }) }).locator("[data-required-mark]");
    // The landline is never required, and the note says so; the 手機 always is.
    await expect(field(page, "區碼")).toHaveJSProperty("required", false);
    await expect(marked("區碼")).toHaveCount(0);
    await expect(page.getByText("選填；要填請填區碼與電話。")).toBeVisible();
    await field(page, "收件人").fill("王小明");
    await field(page, "手機").fill("0912345678");
    await expect(field(page, "區碼")).toHaveJSProperty("required", false);
    await expect(field(page, "電話")).toHaveJSProperty("required", false);
    await expect(marked("區碼")).toHaveCount(0);
    await expect(marked("電話")).toHaveCount(0);
    await expect(field(page, "區碼")).toHaveAccessibleDescription(/選填/);
    for (const label of ["收件人", "手機", "縣市", "鄉鎮市區", "地址", "訂購人姓名", "電子郵件"]) {
      await expect(marked(label), label).toBeVisible();
      await expect(field(page, label), label).toHaveJSProperty("required", true);
    }
    await field(page, "縣市").selectOption("臺北市");
    await field(page, "鄉鎮市區").selectOption({ label: "中正區" });
    await field(page, "地址").fill("重慶南路一段 1 號");
    const sent = recordCheckouts(page);
    await page.route(CHECKOUT, (route) => route.fulfill({ json: { code: 2, message: "測試中止" } }));
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("測試中止");
    const payload = (sent[0] as Request).postDataJSON();
    expect(payload).toMatchObject({ area_type: 0, cellphone: "0912345678", tel_type: "市話", area_code: "", tel: "" });
  });

  test("an overseas order is paid by 專戶匯款, and the form says why", async ({ page }) => {
    await openCheckout(page, 0);
    await expect(radio(page, "信用卡付款")).toBeVisible();
    // The live region is on the page before the change (one that appears with its text is often not read) and says
    // nothing while the reader chooses; the change to 專戶匯款 is then announced politely.
    const notice = page.getByTestId("pay-type-notice");
    await expect(notice).toHaveRole("status");
    await expect(notice).toHaveText("");
    await radio(page, "海外").check();
    await expect(notice).toHaveText("海外訂單僅能以專戶匯款付款。");
    await expect(page.getByRole("status").filter({ hasText: "海外訂單僅能以專戶匯款付款。" })).toHaveCount(1);
    await expect(page.getByTestId("forced-pay-reason")).toHaveText(/海外訂單/);
    await expect(radio(page, "信用卡付款")).toHaveCount(0);
    await expect(page.getByText("專戶匯款", { exact: true })).toBeVisible();
    await expect(field(page, "縣市")).toHaveCount(0);
    const country = field(page, "國家");
    await expect(country.locator("option", { hasText: "台灣 - Taiwan" })).toHaveCount(0);
    await country.selectOption("日本");
    const summary = page.getByRole("region", { name: "訂單明細" });
    await expect(summary).toContainText("海外訂單另計國際運費");
    await expect(summary).toContainText("國際運費");

    const sent = recordCheckouts(page);
    await field(page, "收件人").fill("陳思妤");
    await field(page, "手機").fill("+819012345678");
    await field(page, "地址").fill("東京都新宿区西新宿 2-8-1");
    // The total with Japan's shipping, settled: pressed while it is still being quoted, the form rightly asks the
    // reader to confirm the new total first (checkout-form.tsx, totalChanged), and this test is about the payload.
    await expect(summary).toHaveAttribute("aria-busy", "false");
    await page.route(CHECKOUT, (route) => route.fulfill({ json: { code: 2, message: "測試中止" } }));
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toContainText("測試中止");
    const payload = (sent[0] as Request).postDataJSON();
    expect(payload).toMatchObject({ area_type: 1, country: "日本", pay_type: 7 });
    for (const absent of ["city", "area", "tel", "tel_type", "area_code"]) expect(payload).not.toHaveProperty(absent);
    // Back to a domestic address: the choices return and the notice is silent again.
    await radio(page, "國內（台灣）").check();
    await expect(radio(page, "信用卡付款")).toBeVisible();
    await expect(notice).toHaveText("");
  });

  test("the page title names the checkout step, as its heading does", async ({ page }) => {
    await openCheckout(page, 0);
    await expect(page.getByRole("heading", { level: 2, name: "實體商品結帳" })).toBeVisible();
    await expect(page).toHaveTitle(`實體商品結帳 - ${SITE_TITLE}`);
    await page.getByRole("link", { name: "返回購物車" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page).toHaveTitle(`購物車 - ${SITE_TITLE}`);
    // Rendered by the server too (a reload, a link opened in a new tab).
    await page.goto("/cart?checkout=1");
    await expect(page.getByRole("heading", { level: 2, name: "數位商品結帳" })).toBeVisible();
    await expect(page).toHaveTitle(`數位商品結帳 - ${SITE_TITLE}`);
    const served = await (await page.request.get("/cart?checkout=0")).text();
    expect(served).toContain(`<title>實體商品結帳 - ${SITE_TITLE}</title>`);
  });

  test("a digital order asks for no address, and Apple Pay gives pay_type 4", async ({ page }) => {
    const { books } = await openCheckout(page, 1);
    for (const label of ["收件人", "地址", "縣市", "電話"]) await expect(field(page, label)).toHaveCount(0);
    await expect(page.getByRole("group", { name: "收件資訊" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "訂單明細" })).toContainText("數位商品免運");
    await radio(page, "電子支付").check();
    await radio(page, "Apple Pay").check();
    const sent = recordCheckouts(page);
    await page.route(CHECKOUT, (route) => route.fulfill({ json: { code: 2, message: "測試中止" } }));
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toContainText("測試中止");
    const payload = (sent[0] as Request).postDataJSON();
    expect(payload).toMatchObject({ category_type: 1, pay_type: 4, invoice_type: 1, invoice_donation: "5617" });
    expect(payload.items).toEqual([{ id: books.ebook, quantity: 1 }]);
    // A digital order carries none of the receiver's fields (the API refuses them as not applying).
    for (const absent of [
      "receiver",
      "address",
      "country",
      "cellphone",
      "city",
      "area",
      "tel",
      "tel_type",
      "area_code",
    ]) {
      expect(payload).not.toHaveProperty(absent);
    }
  });

  test("a refused order keeps every field as typed and shows the server's message", async ({ page }) => {
    await openCheckout(page, 0);
    await fillDomesticReceiver(page);
    await radio(page, "公司戶發票").check();
    await field(page, "公司抬頭").fill("人間出版社");
    await field(page, "統一編號").fill("10458574");
    await page.route(CHECKOUT, (route) =>
      route.fulfill({ json: { code: 2, message: "訂單金額已更新，請重新確認後再送出" } }),
    );
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("訂單金額已更新，請重新確認後再送出");
    await expect(field(page, "收件人")).toHaveValue("王小明");
    await expect(field(page, "鄉鎮市區")).toHaveValue("臺北市/中正區");
    await expect(field(page, "電話")).toHaveValue("23456789");
    await expect(field(page, "統一編號")).toHaveValue("10458574");
    await expect(radio(page, "公司戶發票")).toBeChecked();
    await expect(submitButton(page)).toBeEnabled();
    // And a reload keeps the draft too.
    await page.unroute(CHECKOUT);
    await page.reload();
    await expect(field(page, "收件人")).toHaveValue("王小明");
    await expect(field(page, "統一編號")).toHaveValue("10458574");
  });

  test("amounts changed after pricing: the refusal asks for the quote again, shows the new total and the next press sends it", async ({
    page,
  }) => {
    // The page's quote is NT$50 short of the server's price (as if a price went up after the page priced the order),
    // until the server has refused an order for it; the quotes from then on are the server's own.
    let stale = true;
    let realTotal = 0;
    await page.route("**/api/frontend/cart/quote", async (route) => {
      if (!stale) return route.continue().catch(() => {});
      const reply = await route.fetch();
      const body = await reply.json();
      const data = body.data;
      realTotal = data.total;
      // The one paper book (quantity 1) priced NT$50 lower: the lines, the subtotal and the total alike.
      const lines = data.lines.map((line: { price_sale: number }, i: number) =>
        i === 0 ? { ...line, price_sale: line.price_sale - 50 } : line,
      );
      const cheaper = { ...data, lines, subtotal: data.subtotal - 50, total: realTotal - 50 };
      await route.fulfill({ response: reply, json: { ...body, data: cheaper } });
    });
    const sent = recordCheckouts(page);
    await page.route(CHECKOUT, async (route) => {
      stale = false;
      await route.continue();
    });
    await openCheckout(page, 0);
    await fillDomesticReceiver(page);
    const price = (total: number) => `NT$${total.toLocaleString("en-US")}`;
    const amount = (total: number) => new RegExp(`應付金額\\s*${price(total).replace("$", "\\$")}$`);
    await expect(submitButton(page)).toHaveAccessibleDescription(amount(realTotal - 50));

    await submitButton(page).click();
    await expect.poll(() => sent.length).toBe(1);
    expect((sent[0] as Request).postDataJSON().total).toBe(realTotal - 50);
    // The page asks for the quote again: the amount to pay is the server's, and the alert says it changed.
    await expect(submitButton(page)).toHaveAccessibleDescription(amount(realTotal));
    await expect(page.getByRole("alert")).toHaveText(`應付金額已更新為 ${price(realTotal)}，請確認後再送出訂單。`);
    expect(await memberOrderCount(page)).toBe(0);
    // Every typed field is kept.
    await expect(field(page, "收件人")).toHaveValue("王小明");
    await expect(field(page, "鄉鎮市區")).toHaveValue("臺北市/中正區");
    await expect(field(page, "電話")).toHaveValue("23456789");

    // The next press sends the new total, and the order is placed.
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
    expect(sent).toHaveLength(2);
    expect((sent[1] as Request).postDataJSON().total).toBe(realTotal);
    expect(await memberOrderCount(page)).toBe(1);
  });

  test("sold out at the press: the refusal asks for the cart's lines again, the form drops the item, and a keyboard reader stays on the button", async ({
    page,
  }) => {
    // Two paper books, one of which sells out between the quote and the press.
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const items: SummaryItem[] = (
      await (await page.request.post("/api/frontend/cart/summary", { data: { id_list: ids } })).json()
    ).data;
    const paper = items.filter((i) => i.category_id === 1 && !i.readmoo_link && (i.quantity_max ?? 0) > 0);
    const [kept, soldOut] = paper;
    if (!kept || !soldOut) throw new Error("the seed has fewer than two orderable paper books in stock");
    let sold = false;
    let summaries = 0;
    await page.route("**/api/frontend/cart/summary", async (route) => {
      summaries += 1;
      if (!sold) return route.continue().catch(() => {});
      const reply = await route.fetch();
      const body = await reply.json();
      body.data = body.data.map((item: SummaryItem) => (item.id === soldOut.id ? { ...item, quantity_max: 0 } : item));
      await route.fulfill({ response: reply, json: body });
    });
    await signInNewMember(page);
    await page.goto("/");
    await page.evaluate((cart) => localStorage.setItem("website-cart", JSON.stringify(cart)), {
      [kept.id]: 1,
      [soldOut.id]: 1,
    });
    await page.goto("/cart?checkout=0");
    await waitForHydration(page);
    await expect(submitButton(page)).toBeEnabled();
    await fillDomesticReceiver(page);
    const message = "庫存不足：《測試書》已售完，請調整數量後再送出";
    await page.route(CHECKOUT, (route) => {
      sold = true;
      return route.fulfill({
        status: 409,
        json: { code: 6, message, data: { short_items: [{ id: soldOut.id, title: "測試書", available: 0 }] } },
      });
    });
    const before = summaries;
    await submitButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toHaveText(message);
    // Focus was kept on the button while the order was sent: the next Tab goes on from there, not from the page's top.
    await expect(submitButton(page)).toBeFocused();
    // The lines were asked for again: the sold-out book leaves the order (and its quote), the other stays, and the
    // alert says the order changed, with the new total.
    await expect.poll(() => summaries).toBeGreaterThan(before);
    await expect(page.getByRole("alert")).toContainText(/^已依目前庫存調整訂購內容，應付金額更新為 NT\$[\d,]+，/);
    const sent: Request[] = recordCheckouts(page);
    await page.unroute(CHECKOUT);
    await page.route(CHECKOUT, (route) => route.fulfill({ json: { code: 2, message: "測試中止" } }));
    await expect(async () => {
      await submitButton(page).click();
      expect(sent.length).toBeGreaterThan(0);
      const payload = sent.at(-1)?.postDataJSON() as { items: { id: number }[] };
      expect(payload.items.map((item) => item.id)).toEqual([kept.id]);
    }).toPass();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("a coupon is priced by the quote, its message beside the field", async ({ page }) => {
    await openCheckout(page, 0);
    const coupon = field(page, "折價券代碼");
    await coupon.fill("NO-SUCH-CODE");
    // Enter applies the code; it does not place the order.
    const sent = recordCheckouts(page);
    await coupon.press("Enter");
    await expectFieldMessage(coupon, /查無此折價券/);
    expect(sent).toHaveLength(0);
    await coupon.fill("");
    await expect(coupon).not.toHaveAttribute("aria-invalid");
  });

  test("a press while the quote is asked again waits for it; a changed total is the reader's to see before placing", async ({
    page,
  }) => {
    const { books } = await openCheckout(page, 0);
    // Enough of the paper book for the seeded WELCOME100 (NT$100 off from NT$500).
    const summary = await (
      await page.request.post("/api/frontend/cart/summary", { data: { id_list: [books.paper] } })
    ).json();
    const quantity = Math.ceil(500 / summary.data[0].price_sale);
    expect(summary.data[0].quantity_max ?? quantity).toBeGreaterThanOrEqual(quantity);
    await page.evaluate((cart) => localStorage.setItem("website-cart", JSON.stringify(cart)), {
      [books.paper]: quantity,
    });
    await page.reload();
    await waitForHydration(page);
    await expect(submitButton(page)).toBeEnabled();
    await fillDomesticReceiver(page);
    const sent = recordCheckouts(page);

    // Each quote from here is held until the test lets it through.
    let release = () => {};
    const hold = () => {
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return gate;
    };
    let gate = hold();
    await page.route("**/api/frontend/cart/quote", async (route) => {
      await gate;
      await route.continue().catch(() => {}); // a newer question aborted this one
    });
    const coupon = field(page, "折價券代碼");
    const alert = page.getByRole("alert");

    // The same total: the press goes on once the quote is in (here to the coupon's own message).
    await coupon.fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: "套用" }).click();
    await submitButton(page).click();
    await expect(alert).toHaveText("正在計算訂單金額，完成後即送出訂單。");
    release();
    await expectFieldMessage(coupon, /查無此折價券/);
    await expect(coupon).toBeFocused();

    // Another total: nothing is sent until the reader has seen it and presses again.
    gate = hold();
    await coupon.fill("WELCOME100");
    await page.getByRole("button", { name: "套用" }).click();
    await submitButton(page).click();
    await expect(alert).toHaveText("正在計算訂單金額，完成後即送出訂單。");
    release();
    await expect(alert).toHaveText(/^應付金額已更新為 NT\$[\d,]+，請確認後再送出訂單。$/);
    const announced = /NT\$[\d,]+/.exec((await alert.textContent()) ?? "")?.[0] ?? "";
    await expect(submitButton(page)).toHaveAccessibleDescription(`應付金額 ${announced}`);
    expect(sent).toHaveLength(0);

    await page.unroute("**/api/frontend/cart/quote");
    await page.route(CHECKOUT, (route) => route.fulfill({ json: { code: 2, message: "測試中止" } }));
    await submitButton(page).click();
    await expect(alert).toHaveText("測試中止");
    expect((sent[0] as Request).postDataJSON()).toMatchObject({ coupon_code: "WELCOME100" });
  });

  test("「儲存為常用收件人」 saves the receiver with the order; next time it fills the receiver in one click", async ({
    page,
  }) => {
    const { books } = await openCheckout(page, 0);
    await fillDomesticReceiver(page);
    await page.getByRole("checkbox", { name: "儲存為常用收件人" }).check();
    await submitButton(page).click();
    // The order went to the gateway (the stand-in): the recipient was saved on the way.
    await expect(page).toHaveURL(/\/_dev\/payment\/mpg_gateway$/);
    const saved = (await (await page.request.get("/api/frontend/member/recipients")).json()).data;
    expect(saved).toMatchObject([
      { name: "王小明", city: "臺北市", area: "中正區", tel: "23456789", is_default: true },
    ]);

    // The order took the paper book out of the cart: put it back for a second order.
    await page.evaluate((paper) => {
      sessionStorage.clear();
      localStorage.setItem("website-cart", JSON.stringify({ [paper]: 1 }));
    }, books.paper);
    await page.goto("/cart?checkout=0");
    await waitForHydration(page);
    await expect(field(page, "收件人")).toHaveValue("");
    await page.getByRole("button", { name: /王小明/ }).click();
    await expect(field(page, "收件人")).toHaveValue("王小明");
    await expect(field(page, "鄉鎮市區")).toHaveValue("臺北市/中正區");
    await expect(page.getByTestId("postal-code")).toHaveText("100");
  });

  test("a double click places one order; a retry after a proxy's error page or a network failure reuses the Idempotency-Key", async ({
    page,
  }) => {
    await openCheckout(page, 1);
    expect(await memberOrderCount(page)).toBe(0);
    const sent = recordCheckouts(page);
    // The first attempt gets a proxy's 502 page (no JSON), the second fails on the network; the retry of the same
    // payload goes through with the same key.
    let failures = 0;
    await page.route(CHECKOUT, async (route) => {
      failures += 1;
      if (failures === 1) {
        await route.fulfill({
          status: 502,
          contentType: "text/html",
          body: "<html><body>502 Bad Gateway</body></html>",
        });
      } else if (failures === 2) {
        await route.abort("failed");
      } else {
        await route.continue();
      }
    });
    await submitButton(page).click();
    // Whether the server took the order before failing is not known: SPEC §8's fallback, and the same guidance.
    await expect(page.getByRole("alert")).toHaveText(
      "未知錯誤(502)。訂單可能已成立，也可能尚未成立。內容不變再按一次「送出訂單」，不會重複下單。",
    );
    await submitButton(page).click();
    // The request may have reached the server before the connection dropped: the page does not say it was not sent.
    await expect(page.getByRole("alert")).toContainText("網路連線失敗，無法確認訂單是否已送出");
    const reply = page.waitForResponse((r) => new URL(r.url()).pathname === CHECKOUT);
    await submitButton(page).dblclick();
    await reply;
    await expect.poll(() => memberOrderCount(page)).toBe(1);
    const keys = sent.map((r) => r.headers()["idempotency-key"]);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys).size).toBe(1);
    // Let the page land at the gateway and stop routing, so no request is left in the handler when the context
    // closes (under load, a dangling route.continue() held the teardown past the test's time).
    await expect(page).toHaveURL(/\/_dev\/payment\/mpg_gateway$/);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    // Back from the gateway unpaid: the order took the e-book out of the cart, and the step says where the order is.
    await page.goBack();
    await expect(page).toHaveURL(/\/cart\?checkout=1$/);
    await expect(page.getByText(/^購物車裡沒有可結帳的數位商品。/)).toHaveText(
      "購物車裡沒有可結帳的數位商品。剛送出的訂單可在我的訂單查看與付款。",
    );
  });

  test("a reload while the order is being sent, then 送出 again, places one order (the key is kept in the tab)", async ({
    page,
  }) => {
    // A paper book's order: an e-book already in an order still to be paid is not offered again after the reload (the
    // cart names that order instead), so a second 送出 of a digital order cannot happen.
    await openCheckout(page, 0);
    await fillDomesticReceiver(page);
    const sent = recordCheckouts(page);
    // The first attempt reaches the server, which takes the order; its reply is held until the page has reloaded.
    // Each reply is read on its way to the page (the page leaves for the gateway at once).
    const replies: { code: number; message: string; data?: { order_no: string } }[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(CHECKOUT, async (route) => {
      const first = replies.length === 0;
      const response = await route.fetch();
      replies.push(await response.json());
      if (first) await held;
      // The page that sent the first is gone by now.
      await route.fulfill({ response }).catch(() => {});
    });
    await submitButton(page).click();
    await expect.poll(() => replies.length).toBe(1);
    expect(replies[0]?.code, replies[0]?.message).toBe(1);
    await expect(page.getByRole("button", { name: "訂單送出中…" })).toBeDisabled();
    expect(await memberOrderCount(page)).toBe(1);

    await page.reload();
    release();
    await waitForHydration(page);
    // The draft came back, so the reader presses 送出 again with the same content.
    await expect(field(page, "訂購人姓名")).toHaveValue("測試讀者");
    await expect(submitButton(page)).toBeEnabled();
    await submitButton(page).click();
    await expect.poll(() => replies.length).toBe(2);
    await expect(page).toHaveURL(/\/_dev\/payment\/mpg_gateway$/);

    expect(sent).toHaveLength(2);
    const keys = sent.map((r) => r.headers()["idempotency-key"]);
    expect(keys[0]).toMatch(KEY_PATTERN);
    expect(keys[1]).toBe(keys[0]);
    // The API answered the second request with the order the first one made.
    expect(replies[1]?.code, replies[1]?.message).toBe(1);
    expect(replies[1]?.data?.order_no).toBe(replies[0]?.data?.order_no);
    expect(await memberOrderCount(page)).toBe(1);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("a changed payload gets a new Idempotency-Key", async ({ page }) => {
    await openCheckout(page, 1);
    const sent = recordCheckouts(page);
    await page.route(CHECKOUT, (route) => route.fulfill({ json: { code: 2, message: "測試中止" } }));
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toContainText("測試中止");
    await radio(page, "電子支付").check();
    await submitButton(page).click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[0]?.headers()["idempotency-key"]).not.toBe(sent[1]?.headers()["idempotency-key"]);
  });

  test("a new member's empty checkout step says so and leads back to shopping, with no word of an order", async ({
    page,
  }) => {
    await signInNewMember(page);
    for (const [type, kind] of [
      [0, "實體"],
      [1, "數位"],
    ] as const) {
      await page.goto(`/cart?checkout=${type}`);
      await waitForHydration(page);
      const empty = page.getByText(new RegExp(`^購物車裡沒有可結帳的${kind}商品。`));
      await expect(empty).toHaveText(`購物車裡沒有可結帳的${kind}商品。繼續購物`);
      await expect(empty.getByRole("link", { name: "繼續購物" })).toHaveAttribute("href", "/");
    }
  });

  test("the whole form works by keyboard alone", async ({ page }) => {
    await openCheckout(page, 1);
    const sent = recordCheckouts(page);
    await page.route(CHECKOUT, (route) => route.fulfill({ json: { code: 2, message: "測試中止" } }));
    await field(page, "訂購人姓名").focus();
    await page.keyboard.press("Tab");
    await expect(field(page, "電子郵件")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(radio(page, "捐贈發票")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(radio(page, "公司戶發票")).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(field(page, "公司抬頭")).toBeFocused();
    await page.keyboard.type("人間出版社");
    await page.keyboard.press("Tab");
    await expect(field(page, "統一編號")).toBeFocused();
    await page.keyboard.type("10458574");
    await page.keyboard.press("Tab");
    await expect(field(page, "折價券代碼")).toBeFocused();
    // 套用 pressed from the keyboard keeps the focus while the code is priced, and after.
    await page.keyboard.type("NO-SUCH-CODE");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "套用" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectFieldMessage(field(page, "折價券代碼"), /查無此折價券/);
    await expect(page.getByRole("button", { name: "套用" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "套用" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(radio(page, "信用卡付款")).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(radio(page, "電子支付")).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(radio(page, "LINE Pay")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(radio(page, "Apple Pay")).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(submitButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toContainText("測試中止");
    expect((sent[0] as Request).postDataJSON()).toMatchObject({
      pay_type: 4,
      invoice_type: 3,
      invoice_company: "人間出版社",
      invoice_company_tax: "10458574",
    });
  });

  for (const [label, viewport] of [
    ["360 px", { width: 360, height: 800 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    test(`axe finds nothing on the form at ${label}, in both themes, with messages shown`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openCheckout(page, 0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await submitButton(page).click();
      await expect(field(page, "收件人")).toBeFocused();
      await radio(page, "海外").check();
      await expectAccessible(page);
    });
  }
});
