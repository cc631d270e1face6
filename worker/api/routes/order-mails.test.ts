// The mails of joining and of an order, through the built-in API on local D1: each is written in the batch of the
// change it tells of (and never without it), to the outbox, once. No queue here: the rows wait as 'written' (the
// queue and the binding are tested in worker/mail-delivery/ and end to end).
import { beforeEach, describe, expect, it } from "vitest";
import { checkoutPayload, defaultTempOrder, type TempOrder } from "~/features/checkout/checkout";
import { createMemberWithIdentity, createTicket } from "../queries/oauth";
import { ORDER_NO_PLACEHOLDER } from "../queries/order-mails";
import { callApi, TEST_CONFIG, testD1 } from "../testing/d1-harness";
import { writesFor } from "../writes";

const d1 = testD1();
const PRICE = 1200;
let db: D1Database;

beforeEach(async () => {
  db = await d1.fresh();
  await db.batch([
    db.prepare("INSERT INTO product_types (id, name) VALUES (1, '佛學')"),
    db
      .prepare(
        `INSERT INTO products (id, title, format, category_id, product_type_id, price_list, price_sale, stock, cover_url,
                             cover_width, cover_height, created_at)
       VALUES (1, '八大人覺經講記', 1, 1, 1, ?1, ?1, 2, '/c.jpg', 300, 450, '')`,
      )
      .bind(PRICE),
  ]);
});

interface OutboxRow {
  recipient: string;
  subject: string;
  body: string;
  html: string;
  status: string;
}

const outbox = async () =>
  (await db.prepare("SELECT recipient, subject, body, html, status FROM mail_outbox ORDER BY id").all<OutboxRow>())
    .results;

async function call(method: string, path: string, body?: unknown, token = "") {
  const res = await callApi(db, path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return (await res.json()) as { code: number; message: string; data?: Record<string, unknown> | null };
}

async function register(email = "reader@example.com", name = "林靜宜") {
  const reply = await call("POST", "/member/register", { email, password: "Lotus2026", name });
  return String(reply.data?.token ?? "");
}

/** A domestic paper-book order paid on delivery (no gateway here), as the storefront builds it. */
function order(quantity = 1, patch: Partial<TempOrder> = {}) {
  const draft: TempOrder = {
    ...defaultTempOrder(0),
    member_name: "林靜宜",
    member_email: "reader@example.com",
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
  return checkoutPayload(draft, [{ id: 1, quantity, price_sale: PRICE }]);
}

describe("歡迎加入", () => {
  it("is written with the new member, to their address, and not for an address already registered", async () => {
    await register();
    await register("reader@example.com", "別人");
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: "reader@example.com", subject: "歡迎加入覺林書房", status: "written" });
    expect(mails[0]?.body).toContain("林靜宜 您好");
    expect(mails[0]?.html).toContain('href="https://books.example.tw/member');
  });

  it("is written for a member made from a sign-in provider's ticket, once", async () => {
    const identity = { provider: "test", subject: "reader-1", email: "oauth@example.com", name: "第三方讀者" };
    await createTicket(db, "ticket-0123456789abcdef", identity);
    const writes = writesFor(TEST_CONFIG);
    expect(
      await createMemberWithIdentity(db, "ticket-0123456789abcdef", identity, "第三方讀者", "!", writes),
    ).toMatchObject({ token: expect.any(String) });
    expect(await createMemberWithIdentity(db, "ticket-0123456789abcdef", identity, "第三方讀者", "!", writes)).toBe(
      "spent",
    );
    expect((await outbox()).map((row) => row.recipient)).toEqual(["oauth@example.com"]);
    expect(writes.mail).toHaveLength(1);
  });
});

describe("訂單成立", () => {
  it("is written with the order: its number, items, amounts, receiver and what comes next", async () => {
    const token = await register();
    const placed = await call("POST", "/cart/checkout", order(2), token);
    expect(placed.code).toBe(1);
    const orderNo = String(placed.data?.order_no);
    const [, received] = await outbox();
    expect(received?.subject).toBe(`覺林書房 訂單成立通知（訂單編號 ${orderNo}）`);
    for (const part of [received?.subject, received?.body, received?.html]) {
      expect(part).not.toMatch(ORDER_NO_PLACEHOLDER);
    }
    for (const fact of [
      `訂單編號：${orderNo}`,
      "八大人覺經講記",
      "NT$2,400",
      "訂單總額：NT$2,400",
      "林靜宜",
      "貨到付款",
    ]) {
      expect(received?.body).toContain(fact);
    }
    expect(received?.html).toContain(`https://books.example.tw/member/orders?no=${orderNo}`);
  });

  it("is not written for an order that is refused (the copies are gone), nor twice for a repeated submit", async () => {
    const token = await register();
    expect((await call("POST", "/cart/checkout", order(3), token)).code).not.toBe(1);
    expect(await outbox()).toHaveLength(1);
    const res = async () =>
      (
        await callApi(db, "/cart/checkout", {
          method: "POST",
          body: JSON.stringify(order(1)),
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${token}`,
            "Idempotency-Key": "k-12345678",
          },
        })
      ).json() as Promise<{ code: number }>;
    expect((await res()).code).toBe(1);
    expect((await res()).code).toBe(1);
    expect((await outbox()).filter((row) => row.subject.includes("訂單成立"))).toHaveLength(1);
  });
});

describe("取消訂單", () => {
  it("is written when the member cancels, and not for a cancel that is refused", async () => {
    const token = await register();
    const orderNo = String((await call("POST", "/cart/checkout", order(1), token)).data?.order_no);
    expect((await call("POST", `/member/orders/${orderNo}/cancel`, undefined, token)).code).toBe(1);
    expect((await call("POST", `/member/orders/${orderNo}/cancel`, undefined, token)).code).toBe(2);
    const cancelled = (await outbox()).filter((row) => row.subject.includes("取消"));
    expect(cancelled.map((row) => row.subject)).toEqual([`覺林書房 訂單取消通知（訂單編號 ${orderNo}）`]);
    expect(cancelled[0]?.body).toContain(`您的訂單 ${orderNo} 已取消。`);
  });
});
