// /cart: the cart's lines in two groups (實體商品, 數位商品), priced by /cart/summary, each with its subtotal and 結帳;
// /cart?checkout=0 or 1 is the checkout step of one group, for members only (a guest is sent to sign in first and
// comes back here). The cart lives in the browser, so the server renders the page's frame and the client the rest.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useMatches, useSearchParams } from "react-router";
import { CartStatus, NO_SCRIPT_CART } from "~/features/cart/cart-status";
import {
  CHECKOUT_STEP_TITLE,
  checkoutPath,
  checkoutStepOf,
  checkoutStepOfSearch,
} from "~/features/checkout/checkout-path";
import { requireMember } from "~/features/session/sign-in-first.server";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { matchTitle } from "~/pages";
import type { Route } from "./+types/cart";

// The checkout step is titled as its heading names it (實體商品結帳), so the tab and history say where the reader is.
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const step = checkoutStepOfSearch(location.search);
  return pageMeta(siteFromMatches(matches), {
    title: step === null ? matchTitle(matches.at(-1)?.id) : CHECKOUT_STEP_TITLE[step],
  });
};

// The contents (the lines with the query client and the API client; the checkout step) load on demand once the page
// has hydrated: the server never renders them (the cart is in the browser), so the frame and its status come first.
const loadContents = () => import("~/features/cart/cart-contents");
const CartContents = lazy(loadContents);

/** A guest at a checkout step signs in first and comes back to it (as a guest's 收藏 does, see login.tsx). */
export function loader({ request }: Route.LoaderArgs) {
  const step = checkoutStepOf(new URL(request.url).searchParams.get("checkout"));
  if (step !== null) requireMember(request, { returnTo: checkoutPath(step) });
  return null;
}

export default function Cart() {
  const title = matchTitle(useMatches().at(-1)?.id);
  const [searchParams] = useSearchParams();
  const step = checkoutStepOf(searchParams.get("checkout"));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [notice, setNotice] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  // At a checkout step the form's code loads while the contents' code and the cart lines do.
  useEffect(() => {
    if (step !== null) void loadContents().then((contents) => contents.loadCheckoutStep());
  }, [step]);
  const reading = <CartStatus>正在讀取購物車…</CartStatus>;

  return (
    <section className="container py-8 max-w-4xl" aria-labelledby="page-title">
      <h1 id="page-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink mt-0 outline-none">
        {title}
      </h1>
      <p role="status" className="m-0" data-testid="cart-notice">
        {notice}
      </p>
      {/* The cart lives in the browser (SPEC §3): without scripts it can be neither read nor changed. Say so. */}
      <p className="no-script-only border border-error px-4 py-3">{NO_SCRIPT_CART}</p>
      {hydrated ? (
        <Suspense fallback={reading}>
          <CartContents step={step} headingRef={headingRef} onNotice={setNotice} />
        </Suspense>
      ) : (
        <div className="script-only">{reading}</div>
      )}
    </section>
  );
}
