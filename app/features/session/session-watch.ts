// What the page does about the session marker cookie (SESSION_COOKIE in app/http/cookie-names.ts), loaded by the root
// right after hydration (member-session.ts), so no page's first load carries it. The page reads the marker as it
// mounts, after every navigation (signing in and out are form posts that navigate), and when another tab or the server
// may have changed it (focus, a tab shown again, another tab's storage, the cookie store's own change event where there
// is one). A change of session, in this order:
// 1. names the session that API replies are judged by (session-end.ts);
// 2. lets go of what the browser kept of another member: stored values and the cart (member-storage.ts);
// 3. drops other sessions' cached queries (member-query.ts; the query cache exists only once some part of the page
//    has queried, see browser-query-client.ts);
// 4. hands the session to the cart sync, which re-reads the local cart and loads the member's saved one;
// 5. lets the page render again under the new key (session.ts).
// It also marks the page as a member's or not (html[data-member], which the boot script set from the marker before the
// first paint), so the header's 會員中心 / 登出 or 登入 show at once.

import { setCartMember } from "~/features/cart/cart-store";
import { asSessionKey } from "~/features/session/session-key";
import { SESSION_COOKIE } from "~/http/cookie-names";
import { readDocumentCookie } from "~/http/document-cookie";
import { existingBrowserQueryClient } from "~/lib/query-client-ref";
import { removeMemberQueries } from "./member-query";
import { browserStores, dropSessionValues, settleBrowserStorage } from "./member-storage";
import { knownSession, takeSession } from "./session";
import { navigationFinished, setCurrentSession } from "./session-end";

/** The session key in the marker cookie now (null: a guest). */
export function readSessionMarker(): string | null {
  return asSessionKey(readDocumentCookie(SESSION_COOKIE));
}

/** Drops the cached member queries of every session but `keep` (all of them without it). */
export function dropMemberQueries(keep?: string | null) {
  const queryClient = existingBrowserQueryClient();
  if (queryClient) removeMemberQueries(queryClient, keep);
}

/** What a change of session does (see above), before the page renders under it. */
export function sessionChanged(next: string | null) {
  // The member's parts of the page show, or go, at once (html[data-member], theme.css).
  document.documentElement.toggleAttribute("data-member", next !== null);
  setCurrentSession(next);
  settleBrowserStorage(browserStores(), next);
  dropMemberQueries(next);
  setCartMember(next);
}

/** Reads the marker again; a session other than the one the page has taken in is changed to. */
export function checkSession() {
  const next = readSessionMarker();
  if (next === knownSession()) return;
  sessionChanged(next);
  takeSession(next);
}

/** A navigation has finished: the marker may name another session (a sign-in or sign-out), and a sign-out is over. */
export function navigated() {
  checkSession();
  navigationFinished(readSessionMarker());
}

/** An order was placed: the member values that became it (the checkout draft) are not kept. */
export function orderPlaced(sessionKey: string | null) {
  dropSessionValues(browserStores(), sessionKey);
}

/** Reads the marker now, and again whenever another tab or time may have changed it; returns the stop. */
export function watchSession(): () => void {
  checkSession();
  const check = () => checkSession();
  const onVisible = () => {
    if (document.visibilityState === "visible") checkSession();
  };
  window.addEventListener("focus", check);
  window.addEventListener("pageshow", check);
  window.addEventListener("storage", check);
  document.addEventListener("visibilitychange", onVisible);
  const cookies = (window as { cookieStore?: EventTarget }).cookieStore;
  cookies?.addEventListener("change", check);
  return () => {
    window.removeEventListener("focus", check);
    window.removeEventListener("pageshow", check);
    window.removeEventListener("storage", check);
    document.removeEventListener("visibilitychange", onVisible);
    cookies?.removeEventListener("change", check);
  };
}
