// The quantity of a physical item in the cart: − / a number field / +, each labelled with the item's title. The
// buttons stay focusable at their limits (aria-disabled) so a keyboard reader does not lose their place.
import { useEffect, useState } from "react";
import { setCartItemQuantity } from "~/features/cart/cart-store";

interface StepperProps {
  id: number;
  title: string;
  /** The quantity that counts (the stored one within the cap). */
  quantity: number;
  /** The most this item may have (quantityLimit). */
  max: number;
  /** The quantity − or + has set: the buttons' names stay, so the page says the new quantity (typing says nothing). */
  onStep: (quantity: number) => void;
}

const STEP_BUTTON =
  "inline-flex items-center justify-center w-10 h-control-sm border border-line bg-surface text-ink text-lg " +
  "cursor-pointer aria-disabled:opacity-50 aria-disabled:cursor-not-allowed focus-visible:outline-2 " +
  "focus-visible:outline-primary";

export function CartQuantityStepper({ id, title, quantity, max, onStep }: StepperProps) {
  const [text, setText] = useState(String(quantity));
  useEffect(() => setText(String(quantity)), [quantity]);
  const set = (value: number) => setCartItemQuantity(id, Math.min(Math.max(value, 1), max));
  const step = (value: number) => {
    set(value);
    onStep(value);
  };

  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        className={STEP_BUTTON}
        aria-label={`減少《${title}》數量`}
        aria-disabled={quantity <= 1}
        onClick={() => quantity > 1 && step(quantity - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={text}
        aria-label={`《${title}》數量`}
        className="w-16 h-control-sm border-y border-x-0 border-line bg-surface text-ink text-center"
        onChange={(event) => {
          const value = event.target.value;
          const n = Number(value);
          if (value === "" || !Number.isInteger(n) || n < 1) {
            setText(value);
            return;
          }
          setText(String(Math.min(n, max)));
          set(n);
        }}
        // An empty or broken entry goes back to the quantity in the cart.
        onBlur={() => setText(String(quantity))}
      />
      <button
        type="button"
        className={STEP_BUTTON}
        aria-label={`增加《${title}》數量`}
        aria-disabled={quantity >= max}
        onClick={() => quantity < max && step(quantity + 1)}
      >
        +
      </button>
    </span>
  );
}
