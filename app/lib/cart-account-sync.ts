// The cart sync (cart-sync.ts) wired to the member's account through the browser API client. Loaded on demand by
// cart-store.ts, only once there is a member session: a guest's page never fetches it.
import { API_CODE } from "~/domain/api-codes";
import { parseStoredCart } from "~/domain/cart";
import { browserApi } from "./api/browser";
import { ApiError, unwrap } from "./api/client";
import { type CartSync, type CartSyncDeps, createCartSync } from "./cart-sync";
import { checkSession, readSessionMarker } from "./session-watch";

export function createCartAccountSync(local: Pick<CartSyncDeps, "readLocal" | "writeLocal" | "onStatus">): CartSync {
  return createCartSync({
    ...local,
    // The saved cart passes the same checks as the stored one.
    load: async () => parseStoredCart(JSON.stringify((await unwrap(browserApi.GET("/cart/cache"))) ?? {})),
    save: async (cart) => {
      // The client's middleware raises every error reply, so returning means it was saved.
      await browserApi.POST("/cart/cache", { body: cart });
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
  });
}
