// The payment gateway's form (the checkout reply's `payment`): posted automatically once it is on the page, with a
// visible button for readers without JavaScript or whose browser blocked the automatic post.
import { useEffect, useRef } from "react";
import type { components } from "~/lib/api/schema";

export function GatewayForm({
  payment,
  autoSubmit = true,
}: {
  payment: components["schemas"]["PaymentForm"];
  autoSubmit?: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (autoSubmit) form.current?.submit();
  }, [autoSubmit]);
  return (
    <form ref={form} method={payment.method} action={payment.action} className="grid gap-3">
      {Object.entries(payment.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="m-0" role="status">
        正在前往付款頁面…若沒有自動前往，請按「前往付款」。
      </p>
      <button type="submit" className="btn-primary justify-self-start">
        前往付款
      </button>
    </form>
  );
}
