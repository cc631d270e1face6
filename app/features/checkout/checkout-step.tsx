// The checkout step of /cart (/cart?checkout=0 or 1): the order form of one category type. The cart page renders it
// with the cart and the summary; the step reports the ids an order took so the cart can drop them.
import { useQueryClient } from "@tanstack/react-query";
import type { CartMap } from "~/features/cart/cart";
import { refreshCartLines } from "~/features/cart/cart-lines";
import type { SummaryItem } from "~/features/checkout/checkout";
import { useMemberProfile, useSavedRecipients } from "~/features/checkout/member-data";
import { useSessionKey } from "~/features/session/session";
import { CheckoutForm } from "./checkout-form";

export interface CheckoutStepProps {
  /** 0 physical (categories 1 and 4), 1 digital (2 and 3). */
  categoryType: 0 | 1;
  /** The whole local cart (item id → stored quantity). */
  cart: CartMap;
  /** /cart/summary's facts of the cart's items. */
  summary: readonly SummaryItem[];
  /** Called once the order exists, with the ids it took, before the reader goes on to pay. */
  onOrdered: (ids: number[]) => void;
}

export function CheckoutStep({ categoryType, cart, summary, onOrdered }: CheckoutStepProps) {
  const sessionKey = useSessionKey();
  const queryClient = useQueryClient();
  const profile = useMemberProfile().data;
  const { recipients, save } = useSavedRecipients();
  return (
    <CheckoutForm
      // A new category type or another session is a new form: its own draft, nothing of the last one's in memory.
      key={`${categoryType}:${sessionKey}`}
      sessionKey={sessionKey}
      categoryType={categoryType}
      cart={cart}
      summary={summary}
      onOrdered={onOrdered}
      onLinesStale={() => refreshCartLines(queryClient)}
      profile={profile ? { name: profile.name, email: profile.email } : null}
      recipients={recipients}
      saveRecipient={save}
    />
  );
}
