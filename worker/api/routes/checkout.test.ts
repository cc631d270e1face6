// POST /cart/checkout and /member/recipients through the built-in API on local D1: a domestic order or saved
// recipient with a 手機 and no landline is taken (the storefront sends the landline empty), half a landline is not.
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutPayload, defaultTempOrder, type TempOrder } from "~/features/checkout/checkout";
import {
  type CheckoutField,
  checkoutProblems,
  invoiceProblems,
  MEMBER_EMAIL_MAX_LENGTH,
  MEMBER_NAME_MAX_LENGTH,
} from "~/features/checkout/checkout-draft";
import { parseConfig } from "../../config";
import { createSession } from "../queries/members";
import { callApi, testD1 } from "../testing/d1-harness";

const d1 = testD1();
const PRICE = 1200;
let db: D1Database;
let token = "";

beforeAll(async () => {
  db = d1.db;
  await db.batch([
    db.prepare("INSERT INTO product_types (id, name) VALUES (1, '佛學')"),
    db
      .prepare(
        `INSERT INTO products (id, title, format, category_id, product_type_id, price_list, price_sale, stock, cover_url,
                             cover_width, cover_height, created_at)
       VALUES (1, '八大人覺經講記', 1, 1, 1, ?1, ?1, 50, '/c.jpg', 300, 450, '')`,
      )
      .bind(PRICE),
    db.prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'm@example.com', '讀者', 'x', '')",
    ),
  ]);
  token = (await createSession(db, 1)).token ?? "";
});

async function call(method: string, path: string, body: unknown) {
  const res = await callApi(db, path, {
    method,
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data?: unknown } };
}

/** The body of a POST's reply. */
const posted = async (path: string, body: unknown) => (await call("POST", path, body)).body;

/** A refusal of bad input (code 2) with its message. */
const invalid = (message: string) => ({ code: 2, message });

/** A domestic paper-book order with only a 手機, as the storefront builds it (paid on delivery: no gateway here). */
function mobileOnlyOrder(patch: Partial<TempOrder> = {}) {
  const order: TempOrder = {
    ...defaultTempOrder(0),
    member_name: "林靜宜",
    member_email: "m@example.com",
    receiver: "林靜宜",
    cellphone: "0912345678",
    city: "臺北市",
    area: "中正區",
    address: "重慶南路一段 1 號",
    pay_type: 6,
    fee: 80,
    no_fee: 1,
    ...patch,
  };
  return checkoutPayload(order, [{ id: 1, quantity: 1, price_sale: PRICE }]);
}

describe("checkout of a domestic order without a landline", () => {
  it("carries the landline empty, and is placed", async () => {
    const payload = mobileOnlyOrder();
    expect(payload).toMatchObject({ area_code: "", tel: "", tel_type: "市話", cellphone: "0912345678" });
    const { status, body } = await call("POST", "/cart/checkout", payload);
    expect(body.message).toBe("成功");
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, data: { status: 1, total: PRICE } });
  });

  it("is placed with the landline left out of the payload too", async () => {
    const { area_code: _a, tel: _t, ...payload } = mobileOnlyOrder();
    expect((await call("POST", "/cart/checkout", payload)).body.code).toBe(1);
  });

  it("refuses half a landline, naming the missing part", async () => {
    expect(await posted("/cart/checkout", mobileOnlyOrder({ area_code: "02" }))).toEqual(invalid("請填寫電話"));
    expect(await posted("/cart/checkout", mobileOnlyOrder({ tel: "23456789" }))).toEqual(invalid("請填寫電話區碼"));
  });

  it("still refuses an order without a 手機", async () => {
    expect(await posted("/cart/checkout", mobileOnlyOrder({ cellphone: "" }))).toEqual(invalid("請填寫手機號碼"));
  });
});

describe("the invoice details", () => {
  it("are refused with the checkout form's own message for each (one rule, checkout-draft.ts invoiceProblems)", async () => {
    const cases: [Partial<TempOrder>, string][] = [
      [{ invoice_type: 1, invoice_donation: "1234" }, "請從清單中選擇發票捐贈單位"],
      [{ invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/abc1234" }, "手機條碼須為"],
      [{ invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "" }, "請填寫自然人憑證條碼"],
      [{ invoice_type: 3, invoice_company: "", invoice_company_tax: "10458574" }, "請填寫公司抬頭"],
      [{ invoice_type: 3, invoice_company: "覺林文化", invoice_company_tax: "12345678" }, "統一編號不正確"],
      [{ invoice_type: 3, invoice_company: "覺林文化", invoice_company_tax: "1234567" }, "統一編號須為 8 位數字"],
    ];
    for (const [patch, message] of cases) {
      const draft = { ...mobileOnlyOrder(), ...patch };
      const [[field, form] = []] = Object.entries(invoiceProblems({ ...defaultTempOrder(0), ...draft } as TempOrder));
      expect(form, JSON.stringify(patch)).toContain(message);
      const { status, body } = await call("POST", "/cart/checkout", draft);
      // The refusal names its field, so the checkout shows the message there.
      expect({ status, body }, JSON.stringify(patch)).toEqual({
        status: 400,
        body: { code: 2, message: form, data: { field } },
      });
    }
  });

  it("past the API's length (a direct call) are refused in the form's own words, naming the field", async () => {
    const company = (length: number) => `${"覺".repeat(length - 4)}有限公司`;
    const cases: [Partial<TempOrder>, keyof TempOrder, string][] = [
      [{ invoice_type: 1, invoice_donation: "56170000" }, "invoice_donation", "請從清單中選擇發票捐贈單位"],
      [
        { invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/AB+12345" },
        "invoice_carrier_mobile",
        "手機條碼須為 / 加上 7 碼英數字（大寫）或 . - +",
      ],
      [
        { invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "AB123456789012345" },
        "invoice_carrier_card",
        "自然人憑證條碼須為 2 個大寫英文字母加 14 位數字",
      ],
      [
        { invoice_type: 3, invoice_company: company(61), invoice_company_tax: "04595257" },
        "invoice_company",
        "公司抬頭 最多 60 個字",
      ],
      [
        { invoice_type: 3, invoice_company: "覺林文化", invoice_company_tax: "045952570" },
        "invoice_company_tax",
        "統一編號須為 8 位數字",
      ],
    ];
    for (const [patch, field, message] of cases) {
      const draft = { ...mobileOnlyOrder(), ...patch };
      // The browser's words for the same value.
      expect(invoiceProblems({ ...defaultTempOrder(0), ...draft } as TempOrder)[field as CheckoutField]).toBe(message);
      const { status, body } = await call("POST", "/cart/checkout", draft);
      expect({ status, body }, field).toEqual({ status: 400, body: { code: 2, message, data: { field } } });
    }
  });

  it("the buyer's name and e-mail past the API's length are refused in the form's words too", async () => {
    const name = "林".repeat(MEMBER_NAME_MAX_LENGTH + 1);
    const email = `${"a".repeat(MEMBER_EMAIL_MAX_LENGTH - 11)}@example.com`;
    for (const [patch, field, message] of [
      [{ member_name: name }, "member_name", "訂購人姓名 最多 50 個字"],
      [{ member_email: email }, "member_email", "訂購人電子郵件格式不正確"],
    ] as const) {
      const draft = { ...mobileOnlyOrder(), ...patch };
      expect(checkoutProblems({ ...defaultTempOrder(0), ...draft } as TempOrder)[field]).toBe(message);
      expect(await posted("/cart/checkout", draft)).toEqual(invalid(message));
    }
  });

  it("left out of a payload are missing, not filled in with the form's defaults", async () => {
    const { invoice_donation: _left, ...payload } = mobileOnlyOrder();
    expect((await call("POST", "/cart/checkout", payload)).body).toEqual({
      code: 2,
      message: "請選擇發票捐贈單位",
      data: { field: "invoice_donation" },
    });
    const carrier = { ...mobileOnlyOrder(), invoice_type: 2 };
    delete (carrier as Record<string, unknown>).invoice_donation;
    expect((await call("POST", "/cart/checkout", carrier)).body).toEqual({ code: 2, message: "請選擇發票載具類型" });
  });
});

/** A domestic saved recipient with only a 手機. */
const RECIPIENT = {
  name: "林靜宜",
  cellphone: "0912345678",
  area_type: 0,
  country: "台灣",
  city: "臺北市",
  area: "中正區",
  address: "重慶南路一段 1 號",
  tel_type: "市話",
  is_default: true,
};

describe("a saved recipient without a landline", () => {
  const recipient = RECIPIENT;

  it("is saved with the landline empty or left out, and read back without one", async () => {
    const empty = await call("POST", "/member/recipients", { ...recipient, area_code: "", tel: "" });
    expect(empty.body.code).toBe(1);
    expect(empty.body.data).not.toHaveProperty("tel");
    expect(empty.body.data).not.toHaveProperty("area_code");
    const absent = await call("POST", "/member/recipients", recipient);
    expect(absent.body).toMatchObject({ code: 1, data: { name: "林靜宜", tel_type: "市話" } });
  });

  it("is refused with half a landline", async () => {
    expect(await posted("/member/recipients", { ...recipient, tel: "23456789" })).toEqual(invalid("請填寫電話區碼"));
  });
});

describe("one-line text fields (app/domain/plain-text.ts)", () => {
  const recipient = { ...RECIPIENT, is_default: false };

  it("take a value of invisible characters alone as empty, and refuse control characters", async () => {
    // Zero-width spaces and a byte-order mark are no name and no address.
    expect(await posted("/member/recipients", { ...recipient, name: "\u200b\u200b" })).toEqual(invalid("請填寫收件人"));
    expect(await posted("/cart/checkout", mobileOnlyOrder({ address: "\ufeff\u200b" }))).toEqual(invalid("請填寫地址"));
    expect(await posted("/cart/checkout", mobileOnlyOrder({ member_name: "\u200b" }))).toEqual(
      invalid("請填寫訂購人姓名"),
    );
    // NUL or a line break is refused by name, not stored.
    expect(await posted("/cart/checkout", mobileOnlyOrder({ address: "\u0000" }))).toEqual(
      invalid("地址 不能含有換行或控制字元"),
    );
    expect(await posted("/member/recipients", { ...recipient, address: "中正區\n重慶南路" })).toEqual(
      invalid("地址 不能含有換行或控制字元"),
    );
  });

  it("count characters, not UTF-16 units, and keep what is inside", async () => {
    // Fifty characters of CJK Extension B are a name of fifty characters (a hundred UTF-16 units).
    const rare = "𠀀".repeat(50);
    const saved = await call("POST", "/member/recipients", { ...recipient, name: rare });
    expect(saved.body).toMatchObject({ code: 1, data: { name: rare } });
    expect(await posted("/member/recipients", { ...recipient, name: `${rare}𠀀` })).toEqual(
      invalid("收件人 最多 50 個字"),
    );
    // Spaces and invisible characters at the ends go; inside the text they stay.
    const tidied = await call("POST", "/member/recipients", { ...recipient, name: "\u200b 王\u2060小明 \ufeff" });
    expect(tidied.body).toMatchObject({ code: 1, data: { name: "王\u2060小明" } });
  });
});

describe("amounts and an empty quote", () => {
  it("refuse a negative amount as negative, not as a fraction", async () => {
    const order = { ...mobileOnlyOrder(), discount_price: -100 };
    expect(await posted("/cart/checkout", order)).toEqual(invalid("discount_price 不能是負數"));
  });

  it("read a coupon typed in full-width as its code", async () => {
    await db.prepare("INSERT INTO coupons (code, discount, expires_at) VALUES ('BOOKFAIR50', 50, '2999-01-01')").run();
    const quote = await call("POST", "/cart/quote", {
      category_type: 0,
      area_type: 0,
      coupon_code: " ｂｏｏｋｆａｉｒ５０ ",
      items: [{ id: 1, quantity: 1 }],
    });
    expect(quote.body).toMatchObject({ code: 1, data: { discount_price: 50, coupon_message: null } });
  });

  it("charge no shipping when none of the quote's items can be bought", async () => {
    await db
      .prepare(
        `INSERT INTO products (id, title, format, category_id, product_type_id, price_list, price_sale, stock, cover_url,
                             cover_width, cover_height, created_at)
       VALUES (2, '售完的書', 1, 1, 1, 300, 300, 0, '/c.jpg', 300, 450, '')`,
      )
      .run();
    for (const area_type of [0, 1]) {
      const quote = await call("POST", "/cart/quote", { category_type: 0, area_type, items: [{ id: 2, quantity: 1 }] });
      expect(quote.body).toMatchObject({
        code: 1,
        data: { lines: [], subtotal: 0, fee: 0, fee_extra: 0, total: 0 },
      });
    }
    // With a book that can be bought, the fee is back.
    const both = await call("POST", "/cart/quote", {
      category_type: 0,
      area_type: 0,
      items: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 1 },
      ],
    });
    expect(both.body).toMatchObject({ code: 1, data: { subtotal: PRICE, fee: 80, no_fee: 1, total: PRICE } });
  });
});

describe("a digital item the member already holds", () => {
  const EBOOK_PRICE = 300;
  beforeAll(async () => {
    const ebook = (id: number, title: string) =>
      db
        .prepare(
          `INSERT INTO products (id, title, format, category_id, product_type_id, price_list, price_sale, stock,
                                 cover_url, cover_width, cover_height, created_at)
           VALUES (?1, ?2, 2, 2, 1, ?3, ?3, 0, '/c.jpg', 300, 450, '')`,
        )
        .bind(id, title, EBOOK_PRICE);
    const order = (id: number, status: number, productId: number) => [
      db
        .prepare(
          `INSERT INTO orders (id, order_no, member_id, status, category_type, area_type, pay_type, delivery_type,
                               member_name, member_email, details, subtotal, fee, no_fee, discount_price, fee_extra,
                               total_revise, total, created_at)
           VALUES (?1, ?2, 1, ?3, 1, 0, 1, 1, '讀者', 'm@example.com', '{}', ?4, 0, 0, 0, 0, 0, ?4, '2026-01-01')`,
        )
        .bind(id, `BK-HELD-${id}`, status, EBOOK_PRICE),
      db
        .prepare(
          "INSERT INTO order_items (order_id, product_id, title, price_sale, quantity) VALUES (?1, ?2, 'x', ?3, 1)",
        )
        .bind(id, productId, EBOOK_PRICE),
    ];
    await db.batch([
      ebook(21, "與雲相遇"),
      ebook(22, "尚未付款之書"),
      ebook(23, "未曾購買之書"),
      ebook(24, "已取消之書"),
      ...order(901, 5, 21),
      ...order(902, 1, 22),
      ...order(903, 6, 24),
    ]);
  });

  /** A digital order of `ids`, as the storefront builds it (paid by card). */
  function digitalOrder(ids: number[]) {
    const order: TempOrder = {
      ...defaultTempOrder(1),
      member_name: "林靜宜",
      member_email: "m@example.com",
      pay_type: 1,
      subtotal: EBOOK_PRICE * ids.length,
    };
    return checkoutPayload(
      order,
      ids.map((id) => ({ id, quantity: 1, price_sale: EBOOK_PRICE })),
    );
  }
  const quoteOf = (ids: number[]) => ({
    category_type: 1,
    area_type: 0,
    items: ids.map((id) => ({ id, quantity: 1 })),
  });

  it("in the bookcase (an order 完成付款) is refused by the checkout, naming it", async () => {
    expect(await posted("/cart/checkout", digitalOrder([23, 21]))).toEqual(
      invalid("《與雲相遇》已在您的書櫃，不需再次購買"),
    );
  });

  it("in an order still to be paid is refused, naming that order", async () => {
    expect(await posted("/cart/checkout", digitalOrder([22]))).toEqual(
      invalid("《尚未付款之書》已在尚未付款的訂單 BK-HELD-902 中，請至我的訂單付款或取消該訂單"),
    );
  });

  it("sent twice at the same moment (two tabs, no shared key), makes one order: the other is refused, naming it", async () => {
    // A gateway to pay by (the order is made before its payment form is built).
    const withGateway = parseConfig({
      SITE_DESCRIPTION: "歡迎光臨",
      SITE_URL: "https://books.example.tw",
      NEWEBPAY_MERCHANT_ID: "MS_LOCAL",
      NEWEBPAY_HASH_KEY: "12345678901234567890123456789012",
      NEWEBPAY_HASH_IV: "1234567890123456",
    });
    const send = async () => {
      const res = await callApi(
        db,
        "/cart/checkout",
        {
          method: "POST",
          body: JSON.stringify(digitalOrder([23])),
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        },
        withGateway,
      );
      return (await res.json()) as { code: number; message: string };
    };
    const replies = await Promise.all([send(), send()]);
    expect(replies.filter((reply) => reply.code === 1)).toHaveLength(1);
    expect(replies.filter((reply) => reply.code !== 1)).toEqual([
      {
        code: 2,
        message: expect.stringMatching(/^《未曾購買之書》已在尚未付款的訂單 BK\S+ 中，請至我的訂單付款或取消該訂單$/),
      },
    ]);
    // Cancelled again, so that the tests after this one find it never bought.
    await db
      .prepare("UPDATE orders SET status = 6 WHERE id IN (SELECT order_id FROM order_items WHERE product_id = 23)")
      .run();
  });

  it("is refused by the member's quote too, while one never bought, or only in a cancelled order, is priced", async () => {
    expect(await posted("/cart/quote", quoteOf([21]))).toEqual(invalid("《與雲相遇》已在您的書櫃，不需再次購買"));
    expect(await posted("/cart/quote", quoteOf([23, 24]))).toMatchObject({ code: 1, data: { total: 2 * EBOOK_PRICE } });
  });

  it("is said by the member's cart summary, and not to a guest", async () => {
    const summary = (await posted("/cart/summary", { id_list: [1, 21, 22, 23, 24] })) as {
      data: { id: number; holding?: unknown }[];
    };
    expect(summary.data.map((item) => [item.id, item.holding])).toEqual([
      [1, null],
      [21, { kind: "bookcase", order_no: "BK-HELD-901" }],
      [22, { kind: "unpaid", order_no: "BK-HELD-902" }],
      [23, null],
      [24, null],
    ]);
    const res = await callApi(db, "/cart/summary", {
      method: "POST",
      body: JSON.stringify({ id_list: [21] }),
      headers: { "Content-Type": "application/json" },
    });
    const guest = (await res.json()) as { data: Record<string, unknown>[] };
    expect(guest.data[0]).not.toHaveProperty("holding");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});
