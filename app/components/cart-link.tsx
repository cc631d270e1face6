// The header's 購物車 link with the number of items in the cart. The server renders no count (it has no cart); the
// client fills it in after hydration and keeps it current, in this tab and others. The header is on every page of
// the default layout, so it is also where the member's saved cart is kept in step with the session.
import { Link } from "react-router";
import { cartItemCount } from "~/domain/cart";
import { useCart, useCartMemberSync } from "~/lib/cart-store";
import { useSessionKey } from "~/lib/session";

export function CartLink() {
  useCartMemberSync(useSessionKey());
  const { cart, ready } = useCart();
  const count = cartItemCount(cart);
  return (
    <Link
      to="/cart"
      className="text-link inline-flex items-center gap-1"
      aria-label={ready ? `購物車，${count} 件商品` : undefined}
      data-testid="header-cart"
    >
      購物車
      {ready && count > 0 && (
        <span aria-hidden="true" className="min-w-5 px-1 text-center text-xs leading-5 bg-primary text-primary-on">
          {count}
        </span>
      )}
    </Link>
  );
}
