// The order's quote (POST /cart/quote), asked again whenever what it prices changes (the lines, the address type,
// the coupon applied). One request in flight at a time: a newer question aborts the older one, and an answer that
// arrives late for an older question is dropped, so the last question's answer is the one shown. `retry` asks the same
// question again: after a failure, or when the API refused an order because the amounts changed since.
import { useCallback, useEffect, useRef, useState } from "react";
import type { components } from "~/lib/api/schema";
import { browserApi } from "../../lib/api/browser";
import { ApiError, unwrap } from "../../lib/api/client";

export type Quote = components["schemas"]["Quote"];
export type QuoteRequest = components["schemas"]["QuoteRequest"];

export interface QuoteState {
  quote: Quote | null;
  /** The coupon code the shown quote priced ("" for none). */
  pricedCoupon: string;
  /** A question is in flight (the shown quote, if any, is an older one's). */
  pending: boolean;
  error: string | null;
  retry: () => void;
}

export function useCheckoutQuote(request: QuoteRequest | null): QuoteState {
  const [state, setState] = useState<Omit<QuoteState, "retry">>({
    quote: null,
    pricedCoupon: "",
    pending: request !== null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // The question as text: a new object with the same contents is the same question.
  const question = request ? JSON.stringify(request) : null;

  useEffect(() => {
    // `attempt` asks the same question again (after a failure).
    void attempt;
    const id = ++latest.current;
    if (question === null) {
      setState({ quote: null, pricedCoupon: "", pending: false, error: null });
      return;
    }
    const body = JSON.parse(question) as QuoteRequest;
    const controller = new AbortController();
    setState((s) => ({ ...s, pending: true, error: null }));
    unwrap(browserApi.POST("/cart/quote", { body, signal: controller.signal }))
      .then((quote) => {
        if (id !== latest.current) return;
        setState({ quote, pricedCoupon: body.coupon_code ?? "", pending: false, error: null });
      })
      .catch((error: unknown) => {
        if (id !== latest.current || controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : "無法計算訂單金額，請檢查網路連線後再試一次。";
        setState((s) => ({ ...s, pending: false, error: message }));
      });
    return () => controller.abort();
  }, [question, attempt]);

  // Pending from the press on, not only once the question is sent: what waits for the answer sees it coming.
  const retry = useCallback(() => {
    setState((s) => ({ ...s, pending: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
