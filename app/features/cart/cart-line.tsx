// One item of the cart: cover, title (to its page), format, unit price, quantity (a stepper for physical items,
// always 1 for digital ones, SPEC §5) and 移除; an item checkout leaves out says why (SPEC §4): read on Readmoo,
// already held by the member (in their bookcase, or in an order of theirs), or not orderable now.
import { Link } from "react-router";
import { ApiImage } from "~/components/api-image";
import { PRODUCT_FORMAT_LABEL } from "~/domain/labels";
import { CART_QUANTITY_MAX, effectiveQuantity, quantityLimit } from "~/features/cart/cart";
import type { CartLineFacts } from "~/features/cart/cart-lines";
import { checkoutExclusion } from "~/features/cart/checkout-exclusion";
import { holdingNotice } from "~/features/orders/digital-holding";
import { formatPrice } from "~/lib/format";
import { CartQuantityStepper } from "./cart-quantity-stepper";

interface CartLineProps {
  line: CartLineFacts;
  stored: number;
  physical: boolean;
  onRemove: (line: CartLineFacts, moveFocus?: boolean) => void;
  onStep: (line: CartLineFacts, quantity: number, capped?: boolean) => void;
}

/**
 * Why a digital line the member already holds is left out (a member's summary says how): in the bookcase, or in an
 * order of theirs (paid and waiting for the release, or still to be paid), with the way there.
 */
function HeldNote({ holding }: { holding: NonNullable<CartLineFacts["holding"]> }) {
  const { text, to, label } = holdingNotice(holding);
  return (
    <p className="m-0 mt-2 text-sm text-error" data-testid="cart-line-held">
      {text}，不列入結帳。
      <Link to={to} className="text-link underline">
        {label}
      </Link>
    </p>
  );
}

export function CartLine({ line, stored, physical, onRemove, onStep }: CartLineProps) {
  const quantity = effectiveQuantity(line, stored);
  const limit = quantityLimit(line);
  const exclusion = checkoutExclusion(line, stored);
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-4 py-4 border-b border-line" data-testid={`cart-line-${line.id}`}>
      {line.cover ? (
        <ApiImage
          image={line.cover}
          alt=""
          loading="lazy"
          decoding="async"
          className="block w-16 h-auto border border-line bg-surface"
        />
      ) : (
        <span aria-hidden="true" className="block w-16 aspect-[5/7] bg-line" />
      )}
      <div className="min-w-0">
        <p className="m-0 font-bold leading-snug">
          <Link to={`/product/${line.id}`} className="text-link underline">
            {line.title}
          </Link>
        </p>
        <p className="m-0 mt-1 text-sm text-ink-muted">
          {PRODUCT_FORMAT_LABEL[line.category_id]} · 單價 {formatPrice(line.price_sale)}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          {physical && quantity > 0 ? (
            <CartQuantityStepper
              id={line.id}
              title={line.title}
              quantity={quantity}
              max={limit}
              onStep={(stepped, capped) => onStep(line, stepped, capped)}
              onRemove={(moveFocus) => onRemove(line, moveFocus)}
            />
          ) : (
            !exclusion && <span className="text-sm">數量 1</span>
          )}
          <button
            type="button"
            className="btn-outline h-control-sm px-3 text-sm"
            aria-label={`移除《${line.title}》`}
            onClick={() => onRemove(line)}
          >
            移除
          </button>
          {!exclusion && <span className="text-sm">小計 {formatPrice(line.price_sale * quantity)}</span>}
        </div>
        {physical && quantity > 0 && stored > limit ? (
          // The item's cap (its own, or the stock's, which the API gives as quantity_max) is below what the cart
          // held: say so where the number changed, without calling it a shortage (a cap of 5 is none of a stock of 4,999).
          <p className="m-0 mt-1 text-sm text-error" data-testid="stock-short">
            目前最多可訂購 {limit} 件，數量已調整為 {quantity} 件
          </p>
        ) : (
          physical &&
          quantity > 0 &&
          limit < CART_QUANTITY_MAX && <p className="m-0 mt-1 text-xs text-ink-muted">每筆訂單最多 {limit} 件</p>
        )}
        {exclusion === "reading-link" && line.readmoo_link && (
          <p className="m-0 mt-2 text-sm">
            此商品於 Readmoo 閱讀，不列入結帳。
            <a href={line.readmoo_link} className="text-link underline" target="_blank" rel="noopener noreferrer">
              前往 Readmoo 閱讀<span className="sr-only">（另開新視窗）</span>
            </a>
          </p>
        )}
        {exclusion === "held" && line.holding && <HeldNote holding={line.holding} />}
        {exclusion === "unavailable" && (
          <p className="m-0 mt-2 text-sm text-error">庫存不足或目前無法訂購，不列入結帳。</p>
        )}
      </div>
    </li>
  );
}
