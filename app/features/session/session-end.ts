// What the browser does when the API says the session has ended (code 3, SPEC §8). The API client calls
// `sessionEnded()`; the root registers what that means (see member-session.ts), as it owns the router and the cache.
//
// A code 3 only speaks for the session its request was sent in. A reply that comes back late (a cart save sent just
// before signing out, answered after signing in again) must not end the newer session, so each request notes the
// session it was sent in (`currentSession()`), and `sessionEnded` ignores a reply from another one.
//
// The page also learns of a session's end from the marker cookie (app/features/session/session.ts), which the proxy clears with the
// code-3 reply itself, so the page may already have taken in "no session" when that reply is read: a reply sent in
// the session that ended under the page (not by 登出) still counts.
//
// Once the reader has pressed 登出, every code 3 is expected, whenever its request was sent: a request that starts
// after the press (the cart sync's first load, its module arriving late under load) is marked as sent while signing
// out, and its reply is ignored even after the root has said the page is a guest's.
type SessionEndHandler = () => void;

const SIGNING_OUT: unique symbol = Symbol("signing out");

/** The session a page or request is in: a session key, null for a guest, `undefined` before the root has said. */
export type SessionMark = string | null | undefined | typeof SIGNING_OUT;

/** The session the page runs in; `undefined` until the root has said which (then any reply counts). */
let current: SessionMark;
/** The member session that ended under the page (its marker went, without 登出), if that was the last change. */
let endedUnderPage: string | null = null;
let handler: SessionEndHandler | null = null;

/** Registers the handler; returns its removal (for an effect's clean-up). */
export function onSessionEnded(next: SessionEndHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** The page has taken in the session of the marker cookie (session-watch.ts; null for a guest). */
export function setCurrentSession(sessionKey: string | null) {
  // The sign-out's reply clears the marker before its navigation has finished: the page is signing out until then.
  if (current === SIGNING_OUT && sessionKey === null) return;
  endedUnderPage = sessionKey === null && typeof current === "string" ? current : null;
  current = sessionKey;
}

/** The reader asked to sign out (the form is on its way): no reply from now on sends them to sign in. */
export function signingOut() {
  current = SIGNING_OUT;
}

/** A navigation has finished in the session `sessionKey`: a sign-out under way is over (the page is a guest's). */
export function navigationFinished(sessionKey: string | null) {
  if (current === SIGNING_OUT) current = sessionKey;
}

export function currentSession(): SessionMark {
  return current;
}

/** A request sent in session `sentIn` was answered with code 3. */
export function sessionEnded(sentIn: SessionMark = current) {
  if (sentIn === SIGNING_OUT || current === SIGNING_OUT) return;
  const endedHere = endedUnderPage !== null && sentIn === endedUnderPage;
  if (sentIn !== undefined && current !== undefined && sentIn !== current && !endedHere) return;
  handler?.();
}
