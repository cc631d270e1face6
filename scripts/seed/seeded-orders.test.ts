// The seeded orders obey SPEC and the contract, whatever the catalogue's size: the seed's SQL is run on the real
// migrations (node:sqlite, an in-memory SQLite as D1 is), then every order is read back.
// - SPEC §4: a physical order (category_type 0) holds only categories 1 and 4; a digital one (1) only 2 and 3.
// - SPEC §9: subtotal is the lines' sum; total = subtotal + fee (removed by no_fee, overseas, digital) − discount +
//   fee_extra + total_revise. A digital order has no address and no fee.
// - The contract's OrderDetail: invoice and payment are null only when the order is unpaid or totals 0. A paid
//   order that totals more than 0 has a paid attempt for its total (unless 貨到付款, which never meets a gateway) and
//   an issued invoice asking exactly what issueRequest asks for it (worker/einvoice/issue-request.ts).
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import * as CATEGORY from "~/domain/categories";
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import { orderTotal } from "~/features/checkout/totals";
import { issueRequest } from "../../worker/einvoice/issue-request";
import { catalogueSql } from "./catalogue.mjs";
import { membersSql } from "./members.mjs";

const MIGRATIONS = new URL("../../worker/api/migrations/", import.meta.url);

/** Statuses an order only reaches once paid (SPEC §4): 訂單待進貨, 完成付款, 出貨完畢 and the returns after it. */
const PAID_STATUSES: readonly number[] = [
  ORDER_STATUS.awaitingStock,
  ORDER_STATUS.paid,
  ORDER_STATUS.shipped,
  ORDER_STATUS.returning,
  ORDER_STATUS.partlyReturned,
  ORDER_STATUS.returned,
];

interface OrderRow {
  id: number;
  order_no: string;
  member_id: number;
  member_name: string;
  member_email: string;
  status: number;
  category_type: number;
  area_type: number;
  pay_type: number;
  subtotal: number;
  fee: number;
  no_fee: number;
  discount_price: number;
  fee_extra: number;
  total_revise: number;
  total: number;
  details: string;
}

async function seededDatabase(productCount: number) {
  const db = new DatabaseSync(":memory:");
  for (const file of readdirSync(MIGRATIONS).sort()) db.exec(readFileSync(new URL(file, MIGRATIONS), "utf8"));
  for (const statement of [...catalogueSql({ productCount }), ...(await membersSql())]) db.exec(statement);
  return db;
}

describe.each([600, 60])("the seeded orders, with %i products", (productCount) => {
  it("hold lines of their category type only, with SPEC §9's amounts", async () => {
    const db = await seededDatabase(productCount);
    const orders = db.prepare("SELECT * FROM orders ORDER BY id").all() as unknown as OrderRow[];
    expect(orders.length).toBeGreaterThanOrEqual(4);
    for (const order of orders) {
      const lines = db
        .prepare(
          `SELECT p.category_id, p.readmoo_link, i.price_sale, i.quantity
             FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = ? ORDER BY i.rowid`,
        )
        .all(order.id) as unknown as {
        category_id: number;
        readmoo_link: string | null;
        price_sale: number;
        quantity: number;
      }[];
      expect(lines.length, order.order_no).toBeGreaterThan(0);
      for (const line of lines) {
        const allowed: readonly number[] = CATEGORY.CATEGORIES_OF_TYPE[order.category_type as CATEGORY.CategoryType];
        expect(allowed, `${order.order_no} category_type ${order.category_type}`).toContain(line.category_id);
        // SPEC §4: an item read elsewhere (its reading link) is never taken by checkout.
        expect(line.readmoo_link, order.order_no).toBeNull();
      }
      expect(order.subtotal, order.order_no).toBe(lines.reduce((sum, l) => sum + l.price_sale * l.quantity, 0));
      expect(order.total, order.order_no).toBe(orderTotal({ ...order, category_type: order.category_type as 0 | 1 }));
      const details = JSON.parse(order.details) as Record<string, unknown>;
      if (order.category_type === CATEGORY.digitalType) {
        expect(order.fee, order.order_no).toBe(0);
        expect(details, order.order_no).not.toHaveProperty("address");
      } else {
        for (const key of ["receiver", "address", "country", "cellphone"]) {
          expect(details, order.order_no).toHaveProperty(key);
        }
      }
    }
  });

  it("that are paid and total more than 0 have their paid attempt and their issued invoice", async () => {
    const db = await seededDatabase(productCount);
    const orders = db.prepare("SELECT * FROM orders ORDER BY id").all() as unknown as OrderRow[];
    const paid = orders.filter((o) => PAID_STATUSES.includes(o.status) && o.total > 0);
    expect(paid.map((o) => o.order_no)).toEqual(
      expect.arrayContaining(["BK20250312-000001-7KQ3ZP", "BK20250820-000002-XW4N8D", "BK20260915-000004-9RDKAE"]),
    );
    for (const order of paid) {
      if (order.pay_type !== PAY_TYPE.cashOnDelivery) {
        const attempts = db
          .prepare("SELECT state, amount, gateway_status, pay_time FROM payment_attempts WHERE order_id = ?")
          .all(order.id);
        expect(attempts, order.order_no).toEqual([
          expect.objectContaining({ state: "paid", amount: order.total, gateway_status: "SUCCESS" }),
        ]);
        expect((attempts[0] as { pay_time: string }).pay_time, "NewebPay's PayTime, Taipei time").toMatch(
          /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
        );
      }
      const invoice = db.prepare("SELECT * FROM invoices WHERE order_id = ?").get(order.id) as
        | Record<string, unknown>
        | undefined;
      expect(invoice, order.order_no).toMatchObject({ status: "issued", total_amt: order.total });
      expect(invoice?.invoice_number).toMatch(/^[A-Z]{2}\d{8}$/);
      expect(Number.isNaN(Date.parse(String(invoice?.issued_at)))).toBe(false);
      const items = db
        .prepare("SELECT title, quantity, price_sale FROM order_items WHERE order_id = ? ORDER BY rowid")
        .all(order.id) as unknown as { title: string; quantity: number; price_sale: number }[];
      const wanted = issueRequest({ ...order, details: JSON.parse(order.details), items });
      expect(invoice, order.order_no).toMatchObject({
        kind: wanted?.kind,
        merchant_order_no: wanted?.merchantOrderNo,
      });
      expect(JSON.parse(String(invoice?.request)), order.order_no).toEqual(wanted?.params);
    }
    // The unpaid ones have neither.
    for (const order of orders.filter((o) => !PAID_STATUSES.includes(o.status))) {
      expect(db.prepare("SELECT 1 FROM invoices WHERE order_id = ?").get(order.id), order.order_no).toBeUndefined();
    }
  });
});
