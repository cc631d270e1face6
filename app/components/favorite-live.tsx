// The live side of the 收藏 buttons (favorite-button.tsx, favorite-remove-button.tsx): the member's likes and the
// toggle, loaded on demand once the page has hydrated, so neither the likes' queries and mutation nor the API
// client are part of a page's first load, and a guest's page never fetches them.
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { LikeType } from "~/lib/likes";

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

/**
 * The like of `id` once its code and the likes are there (null before, and on the server), and the element that
 * loads them: render it beside the button. `enabled` false (a guest) loads nothing.
 */
export function useLiveFavorite(type: LikeType, id: number, enabled = true): [LiveFavorite | null, ReactNode] {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [live, setLive] = useState<LiveFavorite | null>(null);
  const loader =
    hydrated && enabled ? (
      <Suspense fallback={null}>
        <FavoriteState type={type} id={id} onChange={setLive} />
      </Suspense>
    ) : null;
  return [enabled ? live : null, loader];
}
