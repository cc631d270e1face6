// The quantity of a physical item in the cart: − / a number field / +, each labelled with the item's title. The
// buttons stay focusable at their limits (aria-disabled) so a keyboard reader does not lose their place. A typed 0
// removes the item once the field is left or Enter is pressed (SPEC §4: quantity 0 removes it); a typed number past
// the cap is cut to the cap, and the page says so.
import { useEffect, useState } from "react";
import { setCartItemQuantity } from "~/features/cart/cart-store";

interface StepperProps {
  id: number;
  title: string;
  /** The quantity that counts (the stored one within the cap). */
  quantity: number;
  /** The most this item may have (quantityLimit). */
  max: number;
  /**
   * The quantity − or + has set (the buttons' names stay, so the page says the new quantity), or the cap a typed
   * number was cut to (`capped`). A quantity typed within the cap is in the field, and the page says nothing.
   */
  onStep: (quantity: number, capped?: boolean) => void;
  /** A typed 0 was entered: the item goes. `moveFocus` is false when the reader has already moved on elsewhere. */
  onRemove: (moveFocus: boolean) => void;
}

const STEP_BUTTON =
  "inline-flex items-center justify-center w-10 h-control-sm border border-line bg-surface text-ink text-lg " +
  "cursor-pointer aria-disabled:opacity-50 aria-disabled:cursor-not-allowed focus-visible:outline-2 " +
  "focus-visible:outline-primary";

export function CartQuantityStepper({ id, title, quantity, max, onStep, onRemove }: StepperProps) {
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
          if (n > max) onStep(max, true);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && isZero(text)) onRemove(true);
        }}
        onBlur={(event) => {
          // A 0 removes the item; any other empty or broken entry goes back to the quantity in the cart. Focus moves
          // to the cart's heading only when it was going to a control of this line, which leaves with it.
          if (isZero(text)) {
            const next = event.relatedTarget;
            onRemove(!(next instanceof Node) || !!event.currentTarget.closest("li")?.contains(next));
          } else {
            setText(String(quantity));
          }
        }}
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

/** A typed zero ("0", "00"): the reader asks for none of the item. */
const isZero = (text: string) => /^0+$/.test(text.trim());
