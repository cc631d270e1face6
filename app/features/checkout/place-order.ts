// Placing the order: POST /cart/checkout with the payload and its Idempotency-Key.
import type { CheckoutPayload } from "~/features/checkout/checkout";
import type { components } from "~/lib/api/schema";
import { browserApi } from "../../lib/api/browser";
import { ApiError, unwrap } from "../../lib/api/client";

export type CheckoutResult = components["schemas"]["CheckoutResult"];

/** A fresh random key (hex, 32 characters) for the Idempotency-Key header. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function placeOrder(payload: CheckoutPayload, idempotencyKey: string): Promise<CheckoutResult> {
  return unwrap(
    browserApi.POST("/cart/checkout", {
      body: payload as components["schemas"]["CheckoutPayload"],
      params: { header: { "Idempotency-Key": idempotencyKey } },
    }),
  );
}

/** The checkout field a refusal is about (the API names it in `data.field`), when it is one of the form's. */
export function refusedField<Field extends string>(error: unknown, isField: (name: string) => name is Field) {
  if (!(error instanceof ApiError) || typeof error.data !== "object" || error.data === null) return undefined;
  const field = (error.data as { field?: unknown }).field;
  return typeof field === "string" && isField(field) ? field : undefined;
}

/** What to tell the reader when the order was not placed: the server's message, or that the network failed. */
export function orderFailureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "網路連線失敗，訂單尚未送出，請稍後再試一次。";
}
