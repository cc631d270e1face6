// What the cart page shows of each item: its price and order facts from POST /cart/summary (SPEC §7), its title and
// cover from GET /products?ids=. Items the summary does not return no longer exist and leave the cart (SPEC §4).
// Never cached for long: prices and stock change, and a cart is personal; a member's summary also says which digital
// items they already hold (`holding`), which checkout leaves out.
import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { unknownItems } from "~/features/cart/cart";
import type { SummaryItem } from "~/features/checkout/checkout";
import type { components } from "~/lib/api/schema";
import { browserApi } from "../../lib/api/browser";
import { unwrap } from "../../lib/api/client";
import { memberQueryKey } from "../session/member-query";
import { useSessionKey } from "../session/session";
import { removeCartItems, useCart } from "./cart-store";

type ProductCard = components["schemas"]["ProductCard"];

export interface CartLineFacts extends SummaryItem {
  category_id: ProductCard["category_id"];
  title: string;
  cover: ProductCard["cover"] | null;
}

const CART_LINES = "cart-lines";

/** Asks for the cart's lines again (the checkout was refused for the stock): their stock and order facts are stale. */
export function refreshCartLines(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[2] === CART_LINES });
}

async function fetchLines(ids: string[]) {
  const [summary, products] = await Promise.all([
    unwrap(browserApi.POST("/cart/summary", { body: { id_list: ids.map(Number) } })),
    unwrap(browserApi.GET("/products", { params: { query: { ids: ids.join(",") } } })),
  ]);
  const cards = new Map(products.items.map((card) => [card.id, card]));
  const lines: CartLineFacts[] = summary.map((item) => ({
    ...item,
    title: cards.get(item.id)?.title ?? `商品 ${item.id}`,
    cover: cards.get(item.id)?.cover ?? null,
  }));
  return { ids, lines };
}

/**
 * The lines of the cart's items `ids` (sorted): loading, failed (with a retry) or there. Unknown items are removed
 * from the cart once a summary has answered, and `removed` counts them for the page's notice.
 */
export function useCartLines(ids: string[]) {
  // A member's summary says which digital items they already hold: theirs alone, so it is member data, kept under
  // their session (memberQueryKey: dropped with it at sign-out, never read under another).
  const sessionKey = useSessionKey();
  const query = useQuery({
    queryKey: memberQueryKey(sessionKey, CART_LINES, ids.join(",")),
    queryFn: () => fetchLines(ids),
    enabled: ids.length > 0,
    // While an item is removed (fewer ids), the lines already shown stay; the page shows only the cart's items. Not
    // across a change of session: those lines said what another reader holds.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === sessionKey ? keepPreviousData(previous) : undefined,
    staleTime: 0,
    retry: 1,
  });
  const [removed, setRemoved] = useState(0);
  const { cart } = useCart();
  const answered = query.isPlaceholderData ? undefined : query.data;

  useEffect(() => {
    if (!answered) return;
    // Only ids this very answer was asked about (and that are still in the cart) can be missing from it.
    const asked = Object.fromEntries(answered.ids.filter((id) => id in cart).map((id) => [id, 1]));
    const missing = unknownItems(asked, answered.lines);
    if (missing.length === 0) return;
    removeCartItems(missing);
    setRemoved((count) => count + missing.length);
  }, [answered, cart]);

  return {
    lines: query.data?.lines ?? [],
    pending: query.isPending && ids.length > 0,
    error: query.isError && !query.data ? (query.error as Error) : null,
    retry: () => void query.refetch(),
    removed,
  };
}
