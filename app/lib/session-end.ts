// What the browser does when the API says the session has ended (code 3, SPEC §8). The API client calls
// `sessionEnded()`; the root registers what that means (see member-session.ts), as it owns the router and the cache.
type SessionEndHandler = () => void;

let handler: SessionEndHandler | null = null;

/** Registers the handler; returns its removal (for an effect's clean-up). */
export function onSessionEnded(next: SessionEndHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function sessionEnded() {
  handler?.();
}
