// Placing the order: POST /cart/checkout with the payload and its Idempotency-Key.
import type { CheckoutPayload } from "~/features/checkout/checkout";
import { API_CODE } from "~/http/api-codes";
import type { components } from "~/lib/api/schema";
import { browserApi } from "../../lib/api/browser";
import { ApiError, unwrap } from "../../lib/api/client";
import { AMOUNTS_CHANGED } from "./totals";

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

/** The codes of a refusal: the API made nothing under the key (a server error or no reply at all may hide an order). */
const REFUSALS: readonly number[] = [
  API_CODE.invalidInput,
  API_CODE.unauthenticated,
  API_CODE.notFound,
  API_CODE.conflict,
];

/** Whether the API refused the order for good, so its Idempotency-Key holds no order and can be let go of. */
export const orderRefused = (error: unknown) => error instanceof ApiError && REFUSALS.includes(error.code);

/** Whether the API refused the order because its amounts are no longer the quote's: the quote is to be asked again. */
export const amountsChanged = (error: unknown) =>
  error instanceof ApiError && error.code === API_CODE.invalidInput && error.message === AMOUNTS_CHANGED;

/**
 * Whether the refusal may come from the cart's lines being out of date: code 6 (sold out or short since they were
 * read) or code 2 (e.g. an e-book bought meanwhile on another device, now in the bookcase).
 */
export const linesMayBeStale = (error: unknown) =>
  error instanceof ApiError && (error.code === API_CODE.invalidInput || error.code === API_CODE.conflict);

/** Whether the API refused the order for the stock (code 6: an item sold out or short since the cart was read). */
export const stockRefused = (error: unknown) => error instanceof ApiError && error.code === API_CODE.conflict;

/** No order came back and none may be assumed: a second press with the same content reuses the Idempotency-Key. */
const RESEND_IS_SAFE = "內容不變再按一次「送出訂單」，不會重複下單。";

/** Whether the server failed (5xx, or a reply that was no envelope, e.g. a proxy's 502 page) after it may have taken the order. */
const outcomeUnknown = (error: ApiError) => error.code === API_CODE.serverError || error.status >= 500;

/**
 * What to tell the reader when no order came back: the server's message, or that the network failed. The request
 * may have reached the server before the connection dropped, or before the server (or a proxy in front of it) failed,
 * so neither message says the order was not sent; both say a second press with the same content cannot make a
 * second order (the form keeps the key for any failure that is not a refusal, see orderRefused).
 */
export function orderFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return `網路連線失敗，無法確認訂單是否已送出。${RESEND_IS_SAFE}`;
  if (orderRefused(error) || !outcomeUnknown(error)) return error.message;
  const message = /[。！？]$/.test(error.message) ? error.message : `${error.message}。`;
  return `${message}訂單可能已成立，也可能尚未成立。${RESEND_IS_SAFE}`;
}
