// The checkout draft in this tab's sessionStorage (see app/features/checkout/draft-record.ts for what is kept), as a
// member value of the session (member-storage.ts): another session never reads it, and a guest keeps none.
import type { TempOrder } from "~/features/checkout/checkout";
import { checkoutDraftName, restoredDraft, storedDraft } from "~/features/checkout/draft-record";
import { browserStores, readMemberValue, writeMemberValue } from "../session/member-storage";

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
