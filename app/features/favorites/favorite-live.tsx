// The live side of the 收藏 buttons (favorite-button.tsx, favorite-remove-button.tsx) and of the favourites list: the
// member's likes and the toggle, loaded on demand once the page has hydrated, so neither the likes' queries and
// mutation nor the API client are part of a page's first load, and a guest's page never fetches them.
import { lazy, type ReactNode, Suspense, useCallback, useState, useSyncExternalStore } from "react";
import type { LikeType } from "~/features/favorites/likes";

export interface LiveFavorite {
  liked: boolean;
  /** Ignored while a previous update is pending. */
  toggle: () => void;
  pending: boolean;
  error: Error | null;
  /** The likes have loaded. */
  ready: boolean;
}

const FavoriteState = lazy(() => import("./favorite-state"));
const LikedIdsState = lazy(() => import("./liked-ids-state"));

const subscribeToNothing = () => () => {};

/**
 * Whether the page has hydrated: false on the server and while hydrating, true right after and in every part
 * mounted later (a tab's new list), so such a part never starts as if its live side were not coming.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The like of `id` once its code and the likes are there (null before, and on the server), and what goes beside the
 * button: the last toggle's error, if any, and the element that loads them. `enabled` false (a guest) loads nothing.
 */
export function useLiveFavorite(type: LikeType, id: number, enabled = true): [LiveFavorite | null, ReactNode] {
  const hydrated = useHydrated();
  const [live, setLive] = useState<LiveFavorite | null>(null);
  const current = enabled ? live : null;
  return [
    current,
    <>
      {current?.error && (
        <span role="alert" className="text-error text-sm mt-1">
          {current.error.message}
        </span>
      )}
      {hydrated && enabled ? (
        <Suspense fallback={null}>
          <FavoriteState type={type} id={id} onChange={setLive} />
        </Suspense>
      ) : null}
    </>,
  ];
}

/**
 * The liked ids of `type` once their code and the likes are there (null before, and on the server), and the element
 * that loads them: render it in the page.
 */
export function useLiveLikedIds(type: LikeType): [Set<number> | null, ReactNode] {
  const hydrated = useHydrated();
  // Kept with their type, so another tab's list is never filtered by the previous tab's likes.
  const [liked, setLiked] = useState<{ type: LikeType; ids: Set<number> | null }>({ type, ids: null });
  const onChange = useCallback((ids: Set<number> | null) => setLiked({ type, ids }), [type]);
  const loader = hydrated ? (
    <Suspense fallback={null}>
      <LikedIdsState type={type} onChange={onChange} />
    </Suspense>
  ) : null;
  return [liked.type === type ? liked.ids : null, loader];
}
