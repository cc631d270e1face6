// POST /member/orders/{order_no}/payment: the payment form of the member's own order. While an attempt may still be
// paid it is that attempt's form again (never a second live payment); after a failure, a new attempt.
import { Hono } from "hono";
import { z } from "zod";
import { ORDER_NO_PATTERN } from "~/features/orders/order-no";
import { requireMember } from "../auth/require-member";
import { invalidInput, notFound, ok } from "../envelope";
import { assertPaymentAvailable, paymentFormFor } from "../payment/payment-form";
import { whyNoRetry } from "../payment/payment-rules";
import { attemptsFacts } from "../queries/attempt-facts";
import type { ApiDatabase, ApiEnv } from "../types";
import { validate } from "../validation";

export const orderNoParam = z.object({ order_no: z.string().regex(ORDER_NO_PATTERN, "訂單編號格式不正確") });

async function memberOrderToPay(db: ApiDatabase, memberId: number, number: string) {
  return db
    .prepare(
      "SELECT id, order_no, status, total, pay_type, member_email FROM orders WHERE member_id = ?1 AND order_no = ?2",
    )
    .bind(memberId, number)
    .first<{ id: number; order_no: string; status: number; total: number; pay_type: number; member_email: string }>();
}

export const orderPaymentRoutes = new Hono<ApiEnv>().post(
  "/orders/:order_no/payment",
  requireMember,
  validate("param", orderNoParam),
  async (c) => {
    const order = await memberOrderToPay(c.env.DB, c.var.memberId, c.req.valid("param").order_no);
    if (!order) throw notFound("找不到這張訂單");
    const why = whyNoRetry(order, await attemptsFacts(c.env.DB, order.id, new Date()));
    if (why) throw invalidInput(why);
    assertPaymentAvailable(c, order);
    const form = await paymentFormFor(c, order);
    // The order changed in between (its payment came through, or it ended): nothing left to pay.
    if (!form) throw invalidInput("這張訂單目前不需要付款");
    return ok(c, form);
  },
);
