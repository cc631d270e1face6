// /cart: the cart's lines in two groups (實體商品, 數位商品), priced by /cart/summary, each with its subtotal and 結帳;
// /cart?checkout=0 or 1 is the checkout step of one group, for members only (a guest is sent to sign in first and
// comes back here). The cart lives in the browser, so the server renders the page's frame and the client the rest.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, redirect, useMatches, useSearchParams } from "react-router";
import { CART_GROUP_TITLE, CartGroup } from "~/components/cart-group";
import { QueryScope } from "~/components/query-scope";
import { cartIds, isPhysicalCategory } from "~/domain/cart";
import { type CartLineFacts, useCartLines } from "~/lib/cart-lines";
import { removeCartItems, useCart } from "~/lib/cart-store";
import { readCookie, returnUrlCookie, TOKEN_COOKIE } from "~/lib/cookies.server";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { useSignedIn } from "~/lib/session";
import { matchTitle } from "~/pages";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: matchTitle(matches.at(-1)?.id) });

// The checkout form (with the address data, the quote and the order code) is loaded on demand: the server never
// renders it (the cart is in the browser), and most visits of the cart never open a checkout step.
const loadCheckoutStep = () => import("~/components/checkout/checkout-step");
const CheckoutStep = lazy(() => loadCheckoutStep().then((module) => ({ default: module.CheckoutStep })));

/** The checkout step in the URL: 0 physical, 1 digital, or null for the cart itself. */
function checkoutStep(value: string | null): 0 | 1 | null {
  return value === "0" ? 0 : value === "1" ? 1 : null;
}

/** A guest at a checkout step signs in first and comes back to it (as a guest's 收藏 does, see login.tsx). */
export function loader({ request }: Route.LoaderArgs) {
  const step = checkoutStep(new URL(request.url).searchParams.get("checkout"));
  if (step !== null && readCookie(request, TOKEN_COOKIE) === null) {
    throw redirect("/login", { headers: { "Set-Cookie": returnUrlCookie(request, `/cart?checkout=${step}`) } });
  }
  return null;
}

function Status({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="text-ink-muted">
      {children}
    </p>
  );
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

// The cart lines (and the checkout's member data) come from the shared query client.
export default function Cart() {
  return (
    <QueryScope>
      <CartPage />
    </QueryScope>
  );
}

function CartPage() {
  const title = matchTitle(useMatches().at(-1)?.id);
  const [searchParams] = useSearchParams();
  const step = checkoutStep(searchParams.get("checkout"));
  const signedIn = useSignedIn();
  const { cart, ready, loading } = useCart();
  const ids = cartIds(cart);
  const { lines, pending, error, retry, removed } = useCartLines(ids);
  const [announcement, setAnnouncement] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  // At a checkout step the form's code loads while the cart lines do.
  useEffect(() => {
    if (step !== null) void loadCheckoutStep();
  }, [step]);

  const inCart = lines.filter((line) => String(line.id) in cart);
  const physical = inCart.filter((line) => isPhysicalCategory(line.category_id));
  const digital = inCart.filter((line) => !isPhysicalCategory(line.category_id));

  const remove = (line: CartLineFacts) => {
    removeCartItems([line.id]);
    setAnnouncement(`已移除《${line.title}》。`);
    // The removed line took the focus with it: start again from the top of the cart.
    headingRef.current?.focus();
  };

  let body: React.ReactNode;
  if (!ready) body = <Status>正在讀取購物車…</Status>;
  else if (step !== null && loading) body = <Status>正在同步會員購物車…</Status>;
  else if (ids.length === 0 && step === null) {
    body = (
      <div className="py-6">
        <p className="m-0 text-lg">購物車是空的。</p>
        <p className="mt-2">
          <Link to="/product/new-books" className="text-link underline">
            逛逛新書上架
          </Link>
        </p>
      </div>
    );
  } else if (error) body = <LinesUnavailable message={error.message} onRetry={retry} />;
  else if (pending) body = <Status>正在載入購物車內容…</Status>;
  else if (step !== null) {
    body = (
      <>
        <p>
          <Link to="/cart" className="text-link underline">
            返回購物車
          </Link>
        </p>
        <h2 className="text-xl font-bold">{CART_GROUP_TITLE[step]}結帳</h2>
        <Suspense fallback={<Status>正在載入結帳表單…</Status>}>
          <CheckoutStep categoryType={step} cart={cart} summary={lines} onOrdered={(taken) => removeCartItems(taken)} />
        </Suspense>
      </>
    );
  } else {
    body = (
      <>
        {!signedIn && <p className="text-sm text-ink-muted">結帳前需要登入會員；登入後購物車內容會保留。</p>}
        {physical.length > 0 && (
          <CartGroup categoryType={0} lines={physical} cart={cart} signedIn={signedIn} onRemove={remove} />
        )}
        {digital.length > 0 && (
          <CartGroup categoryType={1} lines={digital} cart={cart} signedIn={signedIn} onRemove={remove} />
        )}
      </>
    );
  }

  return (
    <section className="container py-8 max-w-4xl" aria-labelledby="page-title">
      <h1 id="page-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink mt-0 outline-none">
        {title}
      </h1>
      <p role="status" className="m-0" data-testid="cart-notice">
        {removed > 0 && `有 ${removed} 項商品已下架或查無資料，已從購物車移除。`}
        {announcement}
      </p>
      {body}
    </section>
  );
}
