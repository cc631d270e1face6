// The checkout draft in this tab's sessionStorage (see app/domain/checkout-draft-store.ts for what is kept).
import type { TempOrder } from "~/domain/checkout";
import { checkoutDraftStorageKey, restoredDraft, storedDraft } from "~/domain/checkout-draft-store";

export function readCheckoutDraft(categoryType: 0 | 1): TempOrder {
  try {
    return restoredDraft(categoryType, sessionStorage.getItem(checkoutDraftStorageKey(categoryType)));
  } catch {
    return restoredDraft(categoryType, null);
  }
}

export function writeCheckoutDraft(order: TempOrder) {
  try {
    sessionStorage.setItem(checkoutDraftStorageKey(order.category_type), storedDraft(order));
  } catch {
    // Storage full or blocked: the draft then lives only as long as the page.
  }
}
