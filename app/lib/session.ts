// The member session as the browser knows it. Whether the page was rendered for a member comes from the root loader
// (`useSignedIn`: the token's presence, for the server's render). Whose session it is comes from the readable session
// marker cookie (SESSION_COOKIE in app/domain/cookies.ts: the session key, never the token), read from
// document.cookie, so a page that a shared cache served still knows it. Member queries (member-query.ts) and member
// values in storage (member-storage.ts) are keyed by it; member-session.ts says what a change of it does.
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { readSiteCookie, SESSION_COOKIE } from "~/domain/cookies";
import { asSessionKey } from "~/domain/session-key";
import type { loader as rootLoader } from "~/root";

export function useSignedIn(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.signedIn ?? false;
}

/** The session key in the marker cookie now (null: a guest, and always on the server). */
export function readSessionMarker(): string | null {
  if (typeof document === "undefined") return null;
  return asSessionKey(readSiteCookie(new URL(window.location.href), document.cookie, SESSION_COOKIE));
}

type SessionChange = (next: string | null, previous: string | null | undefined) => void;

/** The session the page has taken in; `undefined` until it first read the marker (after hydration began). */
let known: string | null | undefined;
let onChange: SessionChange | null = null;
const listeners = new Set<() => void>();

/** What a change of session does (member-session.ts); it runs before the page re-renders under the new key. */
export function setSessionChangeHandler(handler: SessionChange | null) {
  onChange = handler;
}

/** Reads the marker again; a session other than the one taken in runs the change, then re-renders its readers. */
export function checkSession() {
  const next = readSessionMarker();
  if (next === known) return;
  const previous = known;
  known = next;
  onChange?.(next, previous);
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
