// A guest's way to a checkout step: sign in first, the way a guest's 收藏 does, and come back to that step (the
// stored return address). A plain form post, so it works before hydration too.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { checkoutPath } from "~/features/checkout/checkout-path";

interface SignInToCheckoutProps {
  step: 0 | 1;
  /** The button's name when its text alone does not say where it leads. */
  label?: string;
  className?: string;
  children: ReactNode;
}

export function SignInToCheckout({ step, label, className, children }: SignInToCheckoutProps) {
  return (
    <Form method="post" action="/login" className={className}>
      <input type="hidden" name="intent" value="sign-in-first" />
      <input type="hidden" name="return_to" value={checkoutPath(step)} />
      <button type="submit" className="btn-primary" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
