// The root's hold on the member session in the browser. What a change of session does is session-watch.ts, loaded
// right after hydration (it is no part of any page's first load); until it has read the marker cookie, the page has
// no member key and runs no member query. A session the API has ended (code 3) also sends the reader to sign in again
// with the current page as the return address.
import { useEffect } from "react";
import { useLocation, useSubmit } from "react-router";
// The cart store loads with every page (the header's cart link reads it), so it stays in the shell chunk that the root
// imports (.config/vite.config.ts); the session watch hands it each new session from there.
import "../cart/cart-store";
import { onSessionEnded } from "./session-end";

type SessionWatch = typeof import("./session-watch");
let watch: Promise<SessionWatch> | null = null;

/** The session watch, loaded once (a failed load is tried again at the next navigation). */
function sessionWatch(): Promise<SessionWatch> {
  // Asked for in a task of its own: hydration runs every effect of the page in one task, and this import (with the
  // preloads of its chunks) was the largest part of it, a long task on a slow phone.
  watch ??= new Promise((resolve) => setTimeout(resolve))
    .then(() => import("./session-watch"))
    .catch((error: unknown) => {
      watch = null;
      throw error;
    });
  return watch;
}

/** Runs `use` once the session watch has loaded; a failed load (a stale build) is left to the chunk-reload guard. */
function withWatch(use: (module: SessionWatch) => void) {
  sessionWatch().then(use, () => {});
}

export function useMemberSession() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    withWatch((module) => {
      if (!stopped) stop = module.watchSession();
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  // After every navigation: signing in, signing out and a session ended by the server all arrive by one.
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marker is read again after each navigation
  useEffect(() => withWatch((module) => module.navigated()), [location.key]);

  const submit = useSubmit();
  useEffect(
    () =>
      onSessionEnded(() => {
        // The proxy cleared the token and the marker with its code 3: the page lets go of the session.
        withWatch((module) => {
          module.checkSession();
          module.dropMemberQueries();
        });
        const { pathname, search, hash } = window.location;
        if (pathname === "/login") return;
        // The post a guest's 收藏 makes (app/features/favorites/favorite-button.tsx), with the reason: remember the
        // page, then sign in again. The intent is SIGN_IN_AGAIN_INTENT (sign-in-again.ts), written out to keep this
        // module (in every page's first load, at the edge of the 125 KiB budget) free of one more import;
        // sign-in-again.test.ts checks that the two agree.
        void submit(
          { intent: "sign-in-again", return_to: `${pathname}${search}${hash}` },
          { method: "post", action: "/login" },
        );
      }),
    [submit],
  );
}
