// The gateway form of an order (NewebPay MPG): PLACEHOLDER until the payment work lands — answers null, which the
// contract allows ("nothing is paid online").
import type { Context } from "hono";
import type { ApiEnv, Schemas } from "../types";

export interface PayableOrder {
  id: number;
  order_no: string;
  total: number;
  pay_type: number;
  member_email: string;
}

export async function paymentFormFor(
  _c: Context<ApiEnv>,
  _order: PayableOrder,
): Promise<Schemas["PaymentForm"] | null> {
  return null;
}
