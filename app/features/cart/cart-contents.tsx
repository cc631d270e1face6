// The cart's contents on /cart: its lines in two groups (priced by /cart/summary through the shared query client)
// or, at a checkout step, the order form. The page loads this module on demand once it has hydrated (the cart lives
// in the browser, so the server renders only the page's frame); the page keeps the heading and the notice.
import { lazy, type RefObject, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { QueryScope } from "~/components/query-scope";
import { cartIds, isPhysicalCategory } from "~/features/cart/cart";
import { CartGroup } from "~/features/cart/cart-group";
import { type CartLineFacts, useCartLines } from "~/features/cart/cart-lines";
import { removeCartItems, useCart } from "~/features/cart/cart-store";
import { CHECKOUT_SIGN_IN_REASON, CHECKOUT_STEP_TITLE } from "~/features/checkout/checkout-path";
import { useSignedIn } from "~/features/session/session";
import { CartStatus } from "./cart-status";
import { SignInToCheckout } from "./sign-in-to-checkout";

/** The checkout form's code (with the address data, the quote and the order code): most visits never need it. */
export const loadCheckoutStep = () => import("~/features/checkout/checkout-step");
const CheckoutStep = lazy(() => loadCheckoutStep().then((module) => ({ default: module.CheckoutStep })));

export interface CartContentsProps {
  /** The checkout step in the URL: 0 physical, 1 digital, or null for the cart itself. */
  step: 0 | 1 | null;
  /** The page's heading: the focus goes back to it when a line is removed. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** What the page's notice says: items that left the cart, or the line just removed. */
  onNotice: (notice: string) => void;
}

function LinesUnavailable({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="border border-error px-4 py-4 max-w-xl">
      <p className="m-0 font-bold text-error">暫時無法取得購物車內容</p>
      <p className="mt-1 mb-3 text-ink-muted">{message}。您的購物車內容仍保留著，請稍後再試。</p>
      <button type="button" className="btn-outline h-control-sm px-4" onClick={onRetry}>
        重試
      </button>
    </div>
  );
}

/**
 * A checkout step whose session ended under the page (signed out in another tab, or elsewhere): what the reload would
 * say, and the way to sign in and come back here — not the guest's empty checkout.
 */
function CheckoutSignIn({ step }: { step: 0 | 1 }) {
  return (
    <div role="alert" className="py-6">
      <p className="m-0 text-lg">{CHECKOUT_SIGN_IN_REASON}</p>
      <SignInToCheckout step={step} className="mt-3">
        登入會員
      </SignInToCheckout>
    </div>
  );
}

// The cart lines (and the checkout's member data) come from the shared query client.
export default function CartContents(props: CartContentsProps) {
  return (
    <QueryScope>
      <Contents {...props} />
    </QueryScope>
  );
}

function Contents({ step, headingRef, onNotice }: CartContentsProps) {
  const signedIn = useSignedIn();
  const { cart, ready, loading } = useCart();
  const ids = cartIds(cart);
  const { lines, pending, error, retry, removed } = useCartLines(ids);
  const [announcement, setAnnouncement] = useState("");
  const notice = `${removed > 0 ? `有 ${removed} 項商品已下架或查無資料，已從購物車移除。` : ""}${announcement}`;
  useEffect(() => onNotice(notice), [onNotice, notice]);

  const inCart = lines.filter((line) => String(line.id) in cart);
  const physical = inCart.filter((line) => isPhysicalCategory(line.category_id));
  const digital = inCart.filter((line) => !isPhysicalCategory(line.category_id));

  const stepped = (line: CartLineFacts, quantity: number, capped = false) =>
    setAnnouncement(
      capped
        ? `《${line.title}》最多可訂購 ${quantity} 件，數量改為 ${quantity}。`
        : `《${line.title}》數量改為 ${quantity}。`,
    );
  const remove = (line: CartLineFacts, moveFocus = true) => {
    removeCartItems([line.id]);
    setAnnouncement(`已移除《${line.title}》。`);
    // The removed line took the focus with it: start again from the top of the cart.
    if (moveFocus) headingRef.current?.focus();
  };

  if (!ready) return <CartStatus>正在讀取購物車…</CartStatus>;
  if (step !== null && !signedIn) return <CheckoutSignIn step={step} />;
  if (step !== null && loading) return <CartStatus>正在同步會員購物車…</CartStatus>;
  if (ids.length === 0 && step === null) {
    return (
      <div className="py-6">
        <p className="m-0 text-lg">購物車是空的。</p>
        <p className="mt-2">
          <Link to="/product/new-books" className="text-link underline">
            逛逛新書上架
          </Link>
        </p>
      </div>
    );
  }
  if (error) return <LinesUnavailable message={error.message} onRetry={retry} />;
  if (pending) return <CartStatus>正在載入購物車內容…</CartStatus>;
  if (step !== null) {
    return (
      <>
        <p>
          <Link to="/cart" className="text-link underline">
            返回購物車
          </Link>
        </p>
        <h2 className="text-xl font-bold">{CHECKOUT_STEP_TITLE[step]}</h2>
        <Suspense fallback={<CartStatus>正在載入結帳表單…</CartStatus>}>
          <CheckoutStep categoryType={step} cart={cart} summary={lines} onOrdered={(taken) => removeCartItems(taken)} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      {!signedIn && <p className="text-sm text-ink-muted">結帳前需要登入會員；登入後購物車內容會保留。</p>}
      {(
        [
          [0, physical],
          [1, digital],
        ] as const
      ).map(
        ([categoryType, group]) =>
          group.length > 0 && (
            <CartGroup
              key={categoryType}
              categoryType={categoryType}
              lines={group}
              cart={cart}
              signedIn={signedIn}
              onRemove={remove}
              onStep={stepped}
            />
          ),
      )}
    </>
  );
}
