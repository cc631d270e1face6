// The kept 收藏 of a guest who was sent to sign in (pending-like.server.ts), shown on each page that can end in
// signing in (/login, /register, /recovery, /oauth/register): what happens to it once they have, and 不要加入收藏 to
// forget it (a shared browser: the press may be another reader's). The button posts to the page's own action
// (forgetPendingLike), so it works before hydration and the reader stays where they were.
import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";

/** The form intent of 不要加入收藏. */
export const FORGET_LIKE_INTENT = "forget-like";

/** 不要加入收藏, alone: /login says why under its heading with its other reasons. */
export function ForgetLikeButton() {
  // Pressed, the button goes with the press it forgets, on the same page (no new address, so route-focus.ts does not
  // move focus): focus goes to the page's heading rather than to nothing, and Tab goes on from there.
  const focused = useRef(false);
  useEffect(
    () => () => {
      const heading = focused.current ? document.querySelector<HTMLElement>("main h1") : null;
      if (!heading) return;
      heading.tabIndex = -1;
      heading.focus();
    },
    [],
  );
  return (
    <Form method="post" className="mb-4">
      <button
        type="submit"
        name="intent"
        value={FORGET_LIKE_INTENT}
        className="btn-outline h-control-sm px-4"
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
        }}
      >
        不要加入收藏
      </button>
    </Form>
  );
}

/** The sentence (what the page's sign-in will do with the press) and 不要加入收藏. */
export function PendingLikeNotice({ children }: { children: ReactNode }) {
  return (
    <>
      <p className="mt-0 mb-4 border-l-4 border-primary bg-surface px-4 py-3" data-testid="pending-like">
        {children}
      </p>
      <ForgetLikeButton />
    </>
  );
}
