// POST /member/orders/{order_no}/cancel: the member cancels their own order before it ships (SPEC §4 → 6 取消訂單).
// Unpaid, it simply ends; paid (4 or 5), it ends with 款項待退還, the refund being the store's to make. Either way its
// reserved stock goes back, once. A paid digital order (5) is refused: its content is already in the bookcase. The
// state machine decides (app/features/orders/order-state-machine.ts).
import { Hono } from "hono";
import { whyNoCancel } from "~/features/orders/order-state-machine";
import { requireMember } from "../auth/require-member";
import { invalidInput, notFound, ok } from "../envelope";
import { handOff } from "../hand-off";
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
    const row = await c.env.DB.prepare(
      "SELECT id, status, category_type FROM orders WHERE member_id = ?1 AND order_no = ?2",
    )
      .bind(c.var.memberId, orderNo)
      .first<{ id: number; status: number; category_type: number }>();
    if (!row) throw notFound("找不到這張訂單");
    const writes = writesFor(c.env.config);
    const outcome = await moveOrder(c.env.DB, row.id, "member-cancel", { now: new Date(), writes });
    if (!outcome.moved)
      throw invalidInput(
        whyNoCancel({ ...row, status: (await statusOf(c.env.DB, row.id)) ?? row.status }) ?? outcome.reason,
      );
    await handOff(c, writes);
    const detail = await findMemberOrder(c.env.DB, c.var.memberId, orderNo);
    return ok(c, detail, outcome.refundNeeded ? "訂單已取消，款項將退還" : "訂單已取消");
  },
);

async function statusOf(db: ApiEnv["Bindings"]["DB"], id: number) {
  return (await db.prepare("SELECT status FROM orders WHERE id = ?1").bind(id).first<{ status: number }>())?.status;
}
