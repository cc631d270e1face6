// Whether the member already holds one digital item (in their bookcase, or in an order of theirs), asked of the
// member's POST /cart/summary, which says it of each item it is given (`holding`; never cached, theirs alone). Renders
// nothing: it reports to the product page's purchase part. Loaded on demand by held-item-live.tsx.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { DigitalHolding } from "~/features/orders/digital-holding";
import { QueryScope } from "../../components/query-scope";
import { browserApi } from "../../lib/api/browser";
import { unwrap } from "../../lib/api/client";
import { memberQueryKey } from "../session/member-query";
import { useSessionKey } from "../session/session";

interface HeldItemStateProps {
  id: number;
  onChange: (holding: DigitalHolding | null) => void;
}

export default function HeldItemState(props: HeldItemStateProps) {
  return (
    <QueryScope>
      <HoldingQuery {...props} />
    </QueryScope>
  );
}

function HoldingQuery({ id, onChange }: HeldItemStateProps) {
  const sessionKey = useSessionKey();
  const { data } = useQuery({
    // Member data: kept under the session, dropped with it at sign-out (member-query.ts).
    queryKey: memberQueryKey(sessionKey, "holding", id),
    queryFn: async () => {
      const [item] = await unwrap(browserApi.POST("/cart/summary", { body: { id_list: [id] } }));
      return item?.holding ?? null;
    },
    enabled: sessionKey !== null,
    // An order paid or cancelled in another tab changes it: asked again on every visit to the page.
    staleTime: 0,
  });
  // A failed ask leaves 加入購物車 as it is: the cart and the checkout say it again, and the checkout decides.
  const holding = sessionKey === null ? null : (data ?? null);
  useEffect(() => onChange(holding), [onChange, holding]);
  return null;
}
