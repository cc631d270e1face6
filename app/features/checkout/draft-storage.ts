// The checkout draft in this tab's sessionStorage (see app/features/checkout/draft-record.ts for what is kept), as a
// member value of the session (member-storage.ts): another session never reads it, and a guest keeps none. Beside it,
// the Idempotency-Key of the order attempt whose outcome is not known yet (idempotency-key.ts), and the mark of an
// order placed from this tab, under the same rule.
import type { TempOrder } from "~/features/checkout/checkout";
import { checkoutDraftName, restoredDraft, storedDraft } from "~/features/checkout/draft-record";
import { type KeyedPayload, restoredKeyedPayload, storedKeyedPayload } from "~/features/checkout/idempotency-key";
import { browserStores, readMemberValue, removeMemberValue, writeMemberValue } from "../session/member-storage";

export function readCheckoutDraft(sessionKey: string | null, categoryType: 0 | 1): TempOrder {
  return restoredDraft(
    categoryType,
    readMemberValue(browserStores().session, sessionKey, checkoutDraftName(categoryType)),
  );
}

/** Keeps the draft (storage full or blocked: it then lives only as long as the page). */
export function writeCheckoutDraft(sessionKey: string | null, order: TempOrder) {
  writeMemberValue(browserStores().session, sessionKey, checkoutDraftName(order.category_type), storedDraft(order));
}

/** The pending key's name among the member's stored values, beside the draft's. */
const pendingKeyName = (categoryType: 0 | 1) => `${checkoutDraftName(categoryType)}-key`;

/** The Idempotency-Key of the last attempt to place this kind of order in this tab, until its outcome is known. */
export function readPendingKey(sessionKey: string | null, categoryType: 0 | 1): KeyedPayload | null {
  return restoredKeyedPayload(readMemberValue(browserStores().session, sessionKey, pendingKeyName(categoryType)));
}

export function writePendingKey(sessionKey: string | null, categoryType: 0 | 1, keyed: KeyedPayload) {
  writeMemberValue(browserStores().session, sessionKey, pendingKeyName(categoryType), storedKeyedPayload(keyed));
}

/** The attempt was refused: nothing was made under its key. (A placed order drops every member value.) */
export function dropPendingKey(sessionKey: string | null, categoryType: 0 | 1) {
  removeMemberValue(browserStores().session, sessionKey, pendingKeyName(categoryType));
}

/** The mark's name: an order of this category type was placed from this tab. */
const placedMarkName = (categoryType: 0 | 1) => `${checkoutDraftName(categoryType)}-placed`;

/**
 * Marks that this tab placed an order of this category type. Written once the placed order has dropped the member's
 * values (session-watch.ts orderPlaced), it stays until the next order or the end of the session.
 */
export function markOrderPlaced(sessionKey: string | null, categoryType: 0 | 1) {
  writeMemberValue(browserStores().session, sessionKey, placedMarkName(categoryType), "1");
}

/**
 * Whether this tab sent an order of this category type in this session: placed, or sent with no outcome known yet
 * (its key pending). Only then does an empty checkout speak of 剛送出的訂單.
 */
export function orderSentFromTab(sessionKey: string | null, categoryType: 0 | 1): boolean {
  const stored = readMemberValue(browserStores().session, sessionKey, placedMarkName(categoryType));
  return stored !== null || readPendingKey(sessionKey, categoryType) !== null;
}
