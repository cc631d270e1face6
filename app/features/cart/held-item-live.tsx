// The product page's word on a digital item the member already holds, loaded once the page has hydrated (like the
// 收藏 buttons' likes, favorite-live.tsx): the page comes from the edge cache, rendered for a guest, so this is the
// member's own call, and a guest's page never makes it. Until it answers, 加入購物車 stays (the cart marks such an
// item and the checkout refuses it).
import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import { useHydrated } from "~/features/favorites/favorite-live";
import type { DigitalHolding } from "~/features/orders/digital-holding";
import { useSessionKey } from "~/features/session/session";

const HeldItemState = lazy(() => import("./held-item-state"));

/**
 * How the member holds the digital item `id` once that is known (null before, for a guest, and when they do not), and
 * the element that asks: render it in the page. `enabled` false (a guest, a physical item) asks nothing.
 */
export function useLiveHolding(id: number, enabled: boolean): [DigitalHolding | null, ReactNode] {
  const hydrated = useHydrated();
  const sessionKey = useSessionKey();
  // Kept with the item and the session it was asked under: another member signed in to this tab never sees it.
  const [held, setHeld] = useState<{ id: number; sessionKey: string | null; holding: DigitalHolding | null }>({
    id,
    sessionKey,
    holding: null,
  });
  const onChange = useCallback(
    (holding: DigitalHolding | null) => setHeld({ id, sessionKey, holding }),
    [id, sessionKey],
  );
  const loader =
    hydrated && enabled ? (
      <Suspense fallback={null}>
        <HeldItemState id={id} onChange={onChange} />
      </Suspense>
    ) : null;
  const current = enabled && sessionKey !== null && held.id === id && held.sessionKey === sessionKey;
  return [current ? held.holding : null, loader];
}
