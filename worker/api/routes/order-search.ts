// Order lookup for guests: the order number and the orderer's e-mail must both match; a wrong one of either gets
// the same answer, so numbers cannot be probed for e-mails or the reverse. The details are masked (order-masking.ts).
// A POST with a JSON body, though it changes nothing: the e-mail never travels in an address (URL), which logs,
// browser history, Referer headers and analytics keep.
import { Hono } from "hono";
import { z } from "zod";
import { ORDER_NO_FORMAT_MESSAGE, ORDER_NO_PATTERN, readOrderNo } from "~/features/orders/order-no";
import { notFound, ok } from "../envelope";
import { emailField } from "../member-fields";
import { maskInvoiceNumber, maskOrderDetails } from "../order-masking";
import { findOrderByEmail } from "../queries/member-orders";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const body = z.strictObject({
  // Read as the page reads it (readOrderNo): a full-width ＢＫ２０２６… pasted from a mail is the same number.
  order_no: z
    .string({ error: "請輸入訂單編號" })
    .overwrite(readOrderNo)
    .regex(ORDER_NO_PATTERN, ORDER_NO_FORMAT_MESSAGE),
  // Read as sign-in, sign-up and checkout read it (tidyEmail); the order's e-mail is compared without case.
  email: emailField("請輸入訂購人電子郵件"),
});

export const orderSearchRoutes = new Hono<ApiEnv>().post("/", validate("json", body), async (c) => {
  const { order_no, email } = c.req.valid("json");
  const order = await findOrderByEmail(c.env.DB, email, order_no, new Date());
  if (!order) throw notFound("查無此訂單，請確認訂單編號與訂購人電子郵件");
  const invoice = order.invoice && {
    ...order.invoice,
    number: order.invoice.number && maskInvoiceNumber(order.invoice.number),
  };
  return ok(c, { ...order, details: maskOrderDetails(order.details), invoice });
});
