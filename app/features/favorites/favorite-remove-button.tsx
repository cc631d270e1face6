// 取消收藏 in the member's favourites: the SPEC §4 toggle on an item that is liked. Its name says which item.
// Before hydration (or without JavaScript) it is a plain form post that the page's action turns into the same
// removal; once hydrated, the press is the toggle itself (ignored while pending, likes reloaded), whose code is
// loaded on demand (favorite-live.tsx): until it and the likes are there the button is disabled.
import { Form } from "react-router";
import type { LikeType } from "~/features/favorites/likes";
import { useHydrated, useLiveFavorite } from "./favorite-live";

export const REMOVE_FAVORITE_INTENT = "remove-favorite";

export function FavoriteRemoveButton({ type, id, name }: { type: LikeType; id: number; name: string }) {
  const [live, besideButton] = useLiveFavorite(type, id);
  const { liked = false, toggle, pending = false, ready = false } = live ?? {};
  const hydrated = useHydrated();
  return (
    <Form method="post" className="inline-flex flex-col">
      <input type="hidden" name="intent" value={REMOVE_FAVORITE_INTENT} />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        className="btn-outline h-control-sm px-3 text-sm"
        aria-label={`取消收藏「${name}」`}
        disabled={hydrated && (!ready || !liked)}
        aria-busy={pending}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          toggle?.();
        }}
      >
        取消收藏
      </button>
      {besideButton}
    </Form>
  );
}
