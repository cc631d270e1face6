// The cart sync (cart-sync.ts) wired to the member's account through the browser API client. Loaded on demand by
// cart-store.ts, only once there is a member session: a guest's page never fetches it.

import { parseStoredCart } from "~/features/cart/cart";
import { cartMergeText } from "~/features/cart/cart-merge-text";
import { API_CODE } from "~/http/api-codes";
import { browserApi } from "../../lib/api/browser";
import { ApiError, unwrap } from "../../lib/api/client";
import { checkSession, readSessionMarker } from "../session/session-watch";
import { type CartSync, type CartSyncDeps, createCartSync } from "./cart-sync";

/** The titles of the items `ids`, in that order, for the merge notice; none when they cannot be had (it says how many). */
async function titlesOf(ids: string[]): Promise<string[]> {
  try {
    const page = await unwrap(browserApi.GET("/products", { params: { query: { ids: ids.join(",") } } }));
    const titles = new Map(page.items.map((card) => [String(card.id), card.title]));
    return ids.map((id) => titles.get(id)).filter((title): title is string => !!title);
  } catch {
    return [];
  }
}

/** The If-Match of a save over `version`; none when the API gave no version (the save is then unconditional). */
const ifMatch = (version: string | null) => (version === null ? {} : { "If-Match": version });

export function createCartAccountSync(
  local: Pick<CartSyncDeps, "readLocal" | "writeLocal" | "onStatus"> & {
    /** The merge added the member's saved items to the local cart: what to tell the reader (cart-merge-text.ts). */
    onMergeNotice: (text: string) => void;
  },
): CartSync {
  const { onMergeNotice, ...storage } = local;
  return createCartSync({
    ...storage,
    onMerged: (added) => {
      const ids = Object.keys(added);
      void titlesOf(ids).then((titles) => onMergeNotice(cartMergeText({ count: ids.length, titles })));
    },
    // The saved cart passes the same checks as the stored one; its ETag is the version a save is made over.
    load: async () => {
      const reply = await browserApi.GET("/cart/cache");
      const cart = parseStoredCart(JSON.stringify(reply.data?.data ?? {}));
      return { cart, version: reply.response.headers.get("ETag") };
    },
    save: async (cart, version) => {
      // The client's middleware raises every error reply, so returning means it was saved.
      const reply = await browserApi.POST("/cart/cache", { body: cart, params: { header: ifMatch(version) } });
      return reply.response.headers.get("ETag");
    },
    // The marker says another session: nothing is sent, and the page takes the new session in (which restarts this).
    inSession: (member) => {
      if (readSessionMarker() === member) return true;
      queueMicrotask(checkSession);
      return false;
    },
    // An ended session (the root sends the reader to sign in) or a refused cart will not go through by retrying.
    isRetryable: (error) =>
      !(error instanceof ApiError && (error.code === API_CODE.unauthenticated || error.code === API_CODE.invalidInput)),
    // 412: another device or tab saved (or a checkout took items out) since this one last read the saved cart.
    isStale: (error) => error instanceof ApiError && error.status === 412,
  });
}
