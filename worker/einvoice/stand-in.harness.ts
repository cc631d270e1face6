// The stand-in ezPay (worker/dev-einvoice/) in this test process, on the test's local D1, and the store's invoice rows
// to issue against it: the client's fetch is routed to the stand-in's Hono app, so a test runs the store's calls
// through the stand-in's real checks, numbers, CheckCodes and switches. Test-only.
import { Hono } from "hono";
import * as ORDER_STATUS from "~/domain/order-statuses";
import { invoiceStatementsFor } from "../api/queries/order-invoices";
import { parseConfig } from "../config";
import { devEinvoice } from "../dev-einvoice";
import { configMiddleware } from "../middleware/config";
import type { WorkerEnv } from "../types";
import type { Fetch } from "./ezpay-client";
import { issueRequest } from "./issue-request";
import { INVOICE_ORDER } from "./testing/invoice-order";

export const EZPAY_CREDENTIALS = {
  EZPAY_MERCHANT_ID: "34661234",
  EZPAY_HASH_KEY: "12345678901234567890123456789012",
  EZPAY_HASH_IV: "1234567890123456",
};
export const MERCHANT_ID = EZPAY_CREDENTIALS.EZPAY_MERCHANT_ID;
export const EZPAY_KEYS = { hashKey: EZPAY_CREDENTIALS.EZPAY_HASH_KEY, hashIv: EZPAY_CREDENTIALS.EZPAY_HASH_IV };

/** Where the store's configuration points: the stand-in on the worker's own loopback address. */
export const STAND_IN_URL = "http://127.0.0.1:8788/_dev/einvoice";

/** The store's configuration against the stand-in. */
export const STORE_CONFIG = parseConfig({
  SITE_DESCRIPTION: "歡迎光臨",
  SITE_URL: "https://books.example.tw",
  ...EZPAY_CREDENTIALS,
  EZPAY_URL: STAND_IN_URL,
  EZPAY_TIMEOUT_MS: "2000",
});

/** The store's configuration without ezPay's credentials. */
export const UNCONFIGURED = parseConfig({ SITE_DESCRIPTION: "歡迎光臨", EZPAY_URL: STAND_IN_URL });

const standInApp = new Hono<WorkerEnv>()
  .use(configMiddleware(parseConfig({ SITE_DESCRIPTION: "歡迎光臨", ...EZPAY_CREDENTIALS, DEV_EINVOICE: "on" })))
  .route("/_dev/einvoice", devEinvoice);

/** The stand-in on `db()`, and what a test asks of it. */
export function standIn(db: () => D1Database) {
  const env = () => ({ DB: db() }) as unknown as Env;
  /** The client's fetch, answered by the stand-in in-process; every call's path is recorded in `calls`. */
  const calls: string[] = [];
  const send: Fetch = (request) => {
    calls.push(new URL(request.url).pathname.replace("/_dev/einvoice", ""));
    return Promise.resolve(standInApp.request(request, undefined, env()));
  };
  return {
    send,
    calls,
    /** Sets the stand-in's dev switches (README.md there). */
    async setSwitches(switches: Record<string, unknown>) {
      const res = await standInApp.request(
        `${STAND_IN_URL}/switches`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(switches) },
        env(),
      );
      if (res.status !== 200) throw new Error(`switches: ${res.status} ${await res.text()}`);
    },
    /** What the stand-in issued, by MerchantOrderNo. */
    async issued(merchantOrderNo: string) {
      const { results } = await db()
        .prepare("SELECT * FROM dev_einvoice_invoices WHERE merchant_order_no = ?1")
        .bind(merchantOrderNo)
        .all<Record<string, string | number | null>>();
      return results;
    },
  };
}

/** The invoice tests' order (testing/invoice-order.ts), without what each paid order has of its own. */
const { id: _id, order_no: _orderNo, details: _details, ...ORDER } = INVOICE_ORDER;

/** The checkout's invoice choice of each kind. */
export const CHOICES = {
  donation: { invoice_type: 1, invoice_donation: "5617" },
  "member-carrier": { invoice_type: 2, invoice_carrier_type: 1 },
  "mobile-barcode": { invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/AB+1234" },
  certificate: { invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "AB12345678901234" },
  company: { invoice_type: 3, invoice_company: "覺林文化有限公司", invoice_company_tax: "04595257" },
} as const;

let orderSeq = 0;

/**
 * A paid order and its pending invoice row, as the payment's batch writes them (the request by issue-request.ts);
 * `change` alters the stored request (a request ezPay refuses).
 */
export async function paidOrderWithInvoice(
  db: D1Database,
  details: Record<string, unknown> = CHOICES["mobile-barcode"],
  change: (params: Record<string, string | number>) => Record<string, string | number> = (params) => params,
) {
  orderSeq += 1;
  const orderNo = `BK20261123-${String(orderSeq).padStart(6, "0")}-ABCDEF`;
  await db
    .prepare(
      `INSERT OR IGNORE INTO members (id, email, name, password_hash, created_at)
       VALUES (7, 'reader@example.com', '林靜宜', 'x', '2026-01-01T00:00:00Z')`,
    )
    .run();
  const order = await db
    .prepare(
      `INSERT INTO orders (order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name,
                           member_email, details, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total,
                           created_at)
       VALUES (?1, 7, 2, 0, 0, 3, 1, '林靜宜', 'reader@example.com', ?2, 890, 80, 0, 100, 0, 0, 870,
               '2026-11-23T00:00:00Z')
       RETURNING id`,
    )
    .bind(orderNo, JSON.stringify(details))
    .first<{ id: number }>();
  if (!order) throw new Error("no order");
  const request = issueRequest({ ...ORDER, id: order.id, order_no: orderNo, details });
  if (!request) throw new Error("no invoice for this order");
  const invoice = await db
    .prepare(
      `INSERT INTO invoices (order_id, merchant_order_no, kind, request, total_amt, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id`,
    )
    .bind(order.id, request.merchantOrderNo, request.kind, JSON.stringify(change(request.params)), 870, Date.now())
    .first<{ id: number }>();
  if (!invoice) throw new Error("no invoice");
  return { orderId: order.id, orderNo, invoiceId: invoice.id, merchantOrderNo: request.merchantOrderNo };
}

export interface InvoiceRow {
  id: number;
  order_id: number;
  status: string;
  invoice_number: string | null;
  random_num: string | null;
  invoice_trans_no: string | null;
  issued_at: string | null;
  void_wanted_at: string | null;
  void_reason: string | null;
  voided_at: string | null;
  failure_code: string | null;
  failure_message: string | null;
  attempts: number;
  queued_at: number | null;
  claimed_at: number | null;
  unanswered_at: number | null;
  unanswered_rounds: number;
  next_round_at: number | null;
}

export async function invoiceRow(db: D1Database, id: number): Promise<InvoiceRow> {
  const row = await db.prepare("SELECT * FROM invoices WHERE id = ?1").bind(id).first<InvoiceRow>();
  if (!row) throw new Error(`no invoice ${id}`);
  return row;
}

/** The order ends (the member cancels it) while its invoice is where it is: order-invoices.ts's own statement. */
export async function orderEnds(db: D1Database, orderId: number, now = new Date()) {
  const statements = await invoiceStatementsFor(
    db,
    orderId,
    { event: "member-cancel", to: ORDER_STATUS.cancelled, now },
    "1",
  );
  await db.batch(statements);
}
