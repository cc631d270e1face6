// The gateway form of an order (NewebPay MPG): PLACEHOLDER until the payment work lands — no order needs the
// gateway yet, so the form is null, which the contract allows ("nothing is paid online").
import type { Context } from "hono";
import type { ApiEnv, Schemas } from "../types";

/** What payment reads of a request: the bindings (database, configuration) and the request (its origin). */
export type PaymentContext = Pick<Context<ApiEnv>, "env" | "req">;

export interface PayableOrder {
  id: number;
  order_no: string;
  total: number;
  pay_type: number;
  member_email: string;
}

/** Throws the code-5 (HTTP 503) envelope when this order would need the gateway and none is configured. */
export function assertPaymentAvailable(_c: PaymentContext, _order: Pick<PayableOrder, "total" | "pay_type">): void {}

/** The form the browser posts to the gateway (a new attempt of the order), or null when nothing is paid online. */
export async function paymentFormFor(_c: PaymentContext, _order: PayableOrder): Promise<Schemas["PaymentForm"] | null> {
  return null;
}
