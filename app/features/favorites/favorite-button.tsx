// 收藏 for books, authors and articles. A guest's press is a form post that remembers the current full path and
// goes to /login (SPEC §2), with or without JavaScript; a member's press toggles the like (its code is loaded on
// demand, see favorite-live.tsx; until the likes are there the button is disabled). The guest's form also names the
// like (type, id): a page from the edge cache is rendered for a guest, so a member who presses before hydration, or
// without JavaScript, posts this form, and /login adds the like and sends them back (routes/login.tsx).
import { createPath, Form, useLocation } from "react-router";
import type { LikeType } from "~/features/favorites/likes";
import { useSignedIn } from "~/features/session/session";
import { useLiveFavorite } from "./favorite-live";

const NOUN: Record<LikeType, string> = { 0: "這本書", 1: "這位作者", 2: "這篇文章" };

function Heart({ filled = false }: { filled?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={18} height={18} className="shrink-0">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={1.8}
      />
    </svg>
  );
}

export function FavoriteButton({ type, id }: { type: LikeType; id: number }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  const [live, besideButton] = useLiveFavorite(type, id, signedIn);
  const { liked = false, toggle, pending = false, ready = false } = live ?? {};

  if (!signedIn) {
    return (
      <Form method="post" action="/login" className="inline-block">
        <input type="hidden" name="return_to" value={createPath(location)} />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="id" value={id} />
        {/* The name starts with the visible text (WCAG 2.5.3) and says what and why. */}
        <button
          type="submit"
          name="intent"
          value="sign-in-first"
          className="btn-outline h-control-sm px-4"
          aria-label={`收藏${NOUN[type]}（需先登入）`}
        >
          <Heart />
          收藏
        </button>
      </Form>
    );
  }
  // A toggle button (ARIA APG): one fixed name, the state in aria-pressed only, so a screen reader says
  // 「收藏這本書，切換按鈕，已按下」 and speech input finds it by the same word (WCAG 2.5.3) in both states. The eye
  // sees the state in the filled heart and the filled button.
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        className="btn-outline h-control-sm px-4 aria-pressed:bg-primary aria-pressed:text-primary-on"
        aria-pressed={liked}
        aria-label={`收藏${NOUN[type]}`}
        disabled={!ready}
        aria-busy={pending}
        onClick={toggle}
      >
        <Heart filled={liked} />
        收藏
      </button>
      {besideButton}
    </span>
  );
}
