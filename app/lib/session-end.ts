// What the browser does when the API says the session has ended (code 3, SPEC §8). The API client calls
// `sessionEnded()`; the root registers what that means (see member-session.ts), as it owns the router and the cache.
//
// A code 3 only speaks for the session its request was sent in. A reply that comes back late (a cart save sent just
// before signing out, answered after signing in again) must not end the newer session, so each request notes the
// session it was sent in (`currentSession()`), and `sessionEnded` ignores a reply from another one.
type SessionEndHandler = () => void;

/** The session key the page runs in; `undefined` until the root has said which (then any reply counts). */
let current: string | null | undefined;
let handler: SessionEndHandler | null = null;

/** Registers the handler; returns its removal (for an effect's clean-up). */
export function onSessionEnded(next: SessionEndHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** The root says which session the page is in now (null for a guest). */
export function setCurrentSession(sessionKey: string | null) {
  current = sessionKey;
}

export function currentSession(): string | null | undefined {
  return current;
}

/** A request sent in session `sentIn` was answered with code 3. */
export function sessionEnded(sentIn: string | null | undefined = current) {
  if (sentIn !== undefined && current !== undefined && sentIn !== current) return;
  handler?.();
}
