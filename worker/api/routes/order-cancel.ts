// POST /member/orders/{order_no}/cancel: the member cancels their own order before it ships (SPEC §4 → 6 取消訂單).
// Unpaid, it simply ends; paid (4 or 5), it ends with 款項待退還, the refund being the store's to make. Either way its
// reserved stock goes back, once. A paid digital order (5) is refused: its content is already in the bookcase. So is a
// paid order whose invoice can no longer be voided (app/features/orders/invoice-void-deadline.ts): the member is sent
// to customer service. The state machine decides (app/features/orders/order-state-machine.ts).
import { Hono } from "hono";
import { whyNoCancel } from "~/features/orders/order-state-machine";
import { requireMember } from "../auth/require-member";
import { invalidInput, notFound, ok } from "../envelope";
import { handOff } from "../hand-off";
import { INVOICE_VOID_COLUMNS, type InvoiceVoidColumns, invoiceVoidFacts } from "../queries/invoice-void-facts";
import { findMemberOrder } from "../queries/member-orders";
import { moveOrder } from "../queries/order-transitions";
import type { ApiEnv } from "../types";
import { validate } from "../validation";
import { writesFor } from "../writes";
import { orderNoParam } from "./order-payment";

export const orderCancelRoutes = new Hono<ApiEnv>().post(
  "/orders/:order_no/cancel",
  requireMember,
  validate("param", orderNoParam),
  async (c) => {
    const orderNo = c.req.valid("param").order_no;
    const row = await c.env.DB.prepare("SELECT o.id FROM orders o WHERE o.member_id = ?1 AND o.order_no = ?2")
      .bind(c.var.memberId, orderNo)
      .first<{ id: number }>();
    if (!row) throw notFound("找不到這張訂單");
    const writes = writesFor(c.env.config);
    const now = new Date();
    const outcome = await moveOrder(c.env.DB, row.id, "member-cancel", { now, writes });
    if (!outcome.moved) {
      // The reason of the order as it is now (another change may have come first: "repeat" is no reason for people).
      const facts = await cancelFactsOf(c.env.DB, row.id);
      throw invalidInput((facts && whyNoCancel(facts, now)) ?? outcome.reason);
    }
    await handOff(c, writes);
    const detail = await findMemberOrder(c.env.DB, c.var.memberId, orderNo, now);
    return ok(c, detail, outcome.refundNeeded ? "訂單已取消，款項將退還" : "訂單已取消");
  },
);

async function cancelFactsOf(db: ApiEnv["Bindings"]["DB"], id: number) {
  const row = await db
    .prepare(`SELECT o.status, o.category_type, ${INVOICE_VOID_COLUMNS} FROM orders o WHERE o.id = ?1`)
    .bind(id)
    .first<{ status: number; category_type: number } & InvoiceVoidColumns>();
  return row && { status: row.status, category_type: row.category_type, invoice: invoiceVoidFacts(row) };
}
