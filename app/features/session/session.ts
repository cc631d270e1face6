// The member session as the browser knows it. Whether the reader is signed in (`useSignedIn`) is the marker's word once
// the page has read it, and before that the root loader's (the token's presence, for the server's render). Whose session it is comes from the readable session
// marker cookie (SESSION_COOKIE in app/http/cookies.ts: the session key, never the token), which session-watch.ts
// reads from document.cookie, so a page that a shared cache served still knows it. Member queries (member-query.ts)
// and member values in storage (member-storage.ts) are keyed by it. This module is the small part every page loads:
// the key the page has taken in, for React.
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * Whether the reader is signed in: the session marker once the page has read it, else what the server rendered for
 * (the root loader's token check; a page from the edge cache was rendered for a guest). The member's parts that must
 * show from the first paint are in the document for both and shown by CSS (html[data-member], theme.css).
 */
export function useSignedIn(): boolean {
  const rendered = useRouteLoaderData<typeof rootLoader>("root")?.signedIn ?? false;
  const session = useSyncExternalStore(subscribe, knownSession, () => undefined);
  return session === undefined ? rendered : session !== null;
}

/** The session the page has taken in; `undefined` until it first read the marker (after hydration began). */
let known: string | null | undefined;
const listeners = new Set<() => void>();

/** The session the page has taken in (`undefined` before the marker was first read). */
export function knownSession(): string | null | undefined {
  return known;
}

/**
 * The page takes in the session `next` (session-watch.ts, once the change has run): every reader of the key renders
 * again under it.
 */
export function takeSession(next: string | null) {
  if (next === known) return;
  known = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The current session's key for member data, or null for a guest. The server, and the browser while it hydrates,
 * say null (no member query runs then); the root reads the marker as it mounts and after every navigation.
 */
export function useSessionKey(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => known ?? null,
    () => null,
  );
}
