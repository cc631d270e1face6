// Orders on D1: created with status 1 (訂單待確認).
import type { CheckoutPayload } from "~/domain/checkout";
import type { Schemas } from "../types";

const DETAIL_KEYS = [
  "receiver",
  "cellphone",
  "area_code",
  "tel_type",
  "tel",
  "city",
  "area",
  "address",
  "country",
  "invoice_type",
  "invoice_donation",
  "invoice_carrier_type",
  "invoice_carrier_mobile",
  "invoice_carrier_card",
  "invoice_company",
  "invoice_company_tax",
] as const;

export async function createOrder(
  db: D1Database,
  order: { memberId: number; payload: CheckoutPayload; quote: Schemas["Quote"] },
): Promise<Schemas["CheckoutResult"]> {
  const { payload, quote } = order;
  const details = Object.fromEntries(DETAIL_KEYS.filter((k) => k in payload).map((k) => [k, payload[k]]));
  const now = new Date();
  const row = await db
    .prepare(
      `INSERT INTO orders (order_no, member_id, status, category_type, area_type, pay_type, delivery_type,
                           member_name, member_email, details, coupon_code, subtotal, fee, no_fee, discount_price,
                           fee_extra, total_revise, total, created_at)
       VALUES ('pending-' || hex(randomblob(8)), ?1, 1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
               ?16, ?17)
       RETURNING id`,
    )
    .bind(
      order.memberId,
      payload.category_type,
      payload.area_type,
      payload.pay_type,
      payload.delivery_type,
      payload.member_name,
      payload.member_email,
      JSON.stringify(details),
      payload.coupon_code ?? null,
      quote.subtotal,
      quote.fee,
      quote.no_fee,
      quote.discount_price,
      quote.fee_extra,
      quote.total_revise,
      quote.total,
      now.toISOString(),
    )
    .first<{ id: number }>();
  if (!row) throw new Error("order insert returned no row");
  // Order numbers read as a date and a sequence: BK20261123-000042.
  const orderNo = `BK${now.toISOString().slice(0, 10).replaceAll("-", "")}-${String(row.id).padStart(6, "0")}`;
  await db.batch([
    db.prepare("UPDATE orders SET order_no = ?1 WHERE id = ?2").bind(orderNo, row.id),
    ...quote.lines.map((line) =>
      db
        .prepare(
          "INSERT INTO order_items (order_id, product_id, title, price_sale, quantity) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .bind(row.id, line.id, line.title, line.price_sale, line.quantity),
    ),
  ]);
  return { order_id: row.id, order_no: orderNo, status: 1, total: quote.total, payment: null };
}
