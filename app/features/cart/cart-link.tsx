// The header's 購物車 link with the number of items in the cart. The server renders no count (it has no cart); the
// client fills it in after hydration and keeps it current, in this tab and others.
import { Link } from "react-router";
import { cartItemCount } from "~/features/cart/cart";
import { useCart } from "~/features/cart/cart-store";

export function CartLink() {
  const { cart, ready } = useCart();
  // 項: different items, as the badge counts them (件 would be copies: the product page's 這項商品共 2 件).
  const count = cartItemCount(cart);
  return (
    <Link
      to="/cart"
      className="text-link inline-flex items-center gap-1"
      aria-label={ready ? `購物車，${count} 項商品` : undefined}
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
