// The root's hold on the member session in the browser. The session is the marker cookie's (session.ts); the page
// reads it as it mounts, after every navigation (signing in and out are form posts that navigate), and when another
// tab or the server may have changed it (focus, a tab shown again, another tab's storage, the cookie store's own
// change event where there is one). A change of session, in this order:
// 1. names the session that API replies are judged by (session-end.ts);
// 2. lets go of what the browser kept of another member: stored values and the cart (member-storage.ts);
// 3. drops other sessions' cached queries (member-query.ts; the query cache exists only once some part of the page
//    has queried, see browser-query-client.ts);
// 4. hands the session to the cart sync, which re-reads the local cart and loads the member's saved one.
// A session the API has ended (code 3) also sends the reader to sign in again with the current page as the return
// address.
import { useEffect } from "react";
import { useLocation, useSubmit } from "react-router";
import { setCartMember } from "./cart-store";
import { removeMemberQueries } from "./member-query";
import { browserStores, dropSessionValues, settleBrowserStorage } from "./member-storage";
import { existingBrowserQueryClient } from "./query-client-ref";
import { checkSession, readSessionMarker, setSessionChangeHandler } from "./session";
import { navigationFinished, onSessionEnded, setCurrentSession } from "./session-end";

function dropMemberQueries(keep?: string | null) {
  const queryClient = existingBrowserQueryClient();
  if (queryClient) removeMemberQueries(queryClient, keep);
}

/** What a change of session does (see above). */
export function sessionChanged(next: string | null) {
  setCurrentSession(next);
  settleBrowserStorage(browserStores(), next);
  dropMemberQueries(next);
  setCartMember(next);
}

/** An order was placed: the member values that became it (the checkout draft) are not kept. */
export function orderPlaced(sessionKey: string | null) {
  dropSessionValues(browserStores(), sessionKey);
}

/** The events after which the marker may say another session: another tab signed in or out, or time passed. */
function watchElsewhere(): () => void {
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

export function useMemberSession() {
  useEffect(() => {
    setSessionChangeHandler(sessionChanged);
    checkSession();
    const stop = watchElsewhere();
    return () => {
      stop();
      setSessionChangeHandler(null);
    };
  }, []);

  // After every navigation: signing in, signing out and a session ended by the server all arrive by one.
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marker is read again after each navigation
  useEffect(() => {
    checkSession();
    navigationFinished(readSessionMarker());
  }, [location.key]);

  const submit = useSubmit();
  useEffect(
    () =>
      onSessionEnded(() => {
        // The proxy cleared the token and the marker with its code 3: the page lets go of the session now.
        checkSession();
        dropMemberQueries();
        const { pathname, search, hash } = window.location;
        if (pathname === "/login") return;
        // The same post a guest's 收藏 makes (app/components/favorite-button.tsx): remember the page, then sign in.
        void submit(
          { intent: "sign-in-first", return_to: `${pathname}${search}${hash}` },
          { method: "post", action: "/login" },
        );
      }),
    [submit],
  );
}
