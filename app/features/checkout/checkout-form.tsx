// The order form of the checkout step: the draft (temp order) as the reader fills it, priced by the quote, placed
// with POST /cart/checkout. Required fields are marked; each field is checked once the reader has left it, then live;
// placing the order checks them all, names the fields to fix and takes the reader to the first. The submit button
// is described by the amount to pay (訂單明細 holds nothing focusable, so moving by Tab would skip it), and once the
// order is placed focus goes to what replaced the form. The draft is kept in sessionStorage per category type, as a
// member value of the session (app/features/session/member-storage.ts), and let go of once the order is placed; so is
// the Idempotency-Key of an attempt whose outcome is not known, so a reload and a second press make no second order.
// An order refused because its amounts changed since the quote asks for the quote again: the page then shows (and
// the next press sends) the new amounts, and the alert names the new total. One refused for the stock (code 6) asks
// for the cart's lines again, so the form and the cart show what can still be ordered. The submit button keeps the
// focus while the order is sent (aria-disabled, not disabled), so a refusal leaves a keyboard reader on it.
import { type FocusEvent, type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { MarkRequired, REQUIRED_NOTE } from "~/components/form-field";
import type { CartMap } from "~/features/cart/cart";
import {
  checkoutLines,
  checkoutPayload,
  defaultTempOrder,
  type SummaryItem,
  type TempOrder,
} from "~/features/checkout/checkout";
import {
  CHECKOUT_FIELDS,
  type CheckoutField,
  type CheckoutProblems,
  checkoutProblems,
  problemsSummary,
} from "~/features/checkout/checkout-draft";
import {
  draftWithRecipient,
  isSavedAlready,
  type RecipientBody,
  recipientOfDraft,
  type SavedRecipient,
} from "~/features/checkout/checkout-recipient";
import {
  dropPendingKey,
  markOrderPlaced,
  orderSentFromTab,
  readCheckoutDraft,
  readPendingKey,
  writeCheckoutDraft,
  writePendingKey,
} from "~/features/checkout/draft-storage";
import { idempotencyKeyFor, type KeyedPayload } from "~/features/checkout/idempotency-key";
import {
  amountsChanged,
  type CheckoutResult,
  linesMayBeStale,
  newIdempotencyKey,
  orderFailureMessage,
  orderRefused,
  placeOrder,
  refusedField,
  stockRefused,
} from "~/features/checkout/place-order";
import { useCheckoutQuote } from "~/features/checkout/quote";
import { forcedPayTypeNotice, forcedPayTypeReason, orderForPayload } from "~/features/checkout/temp-order";
import { GatewayForm } from "~/features/orders/gateway-form";
import { orderPlaced } from "~/features/session/session-watch";
import { formatPrice } from "~/lib/format";
import { BuyerFieldset } from "./buyer-fieldset";
import { CouponFieldset } from "./coupon-fieldset";
import { InvoiceFieldset } from "./invoice-fieldset";
import { OrderSummary } from "./order-summary";
import { PaymentFieldset } from "./payment-fieldset";
import { ReceiverFieldset } from "./receiver-fieldset";

export interface CheckoutFormProps {
  /** The member's session: the draft is theirs (a form is never handed from one session to another). */
  sessionKey: string | null;
  categoryType: 0 | 1;
  cart: CartMap;
  summary: readonly SummaryItem[];
  onOrdered: (ids: number[]) => void;
  /**
   * The order or its quote was refused for what the lines may no longer be (sold out; an e-book bought meanwhile
   * elsewhere): the cart's lines, and so `summary`, are to be asked for again.
   */
  onLinesStale?: () => void;
  /** The member's name and e-mail, once the profile has loaded. */
  profile: { name: string; email: string } | null;
  /** The member's saved recipients, once loaded. */
  recipients: readonly SavedRecipient[] | null;
  saveRecipient: (body: RecipientBody) => Promise<boolean>;
}

const COUPON_NOT_APPLIED = "請按「套用」確認折價券代碼，或清除代碼";
const QUOTE_PENDING = "正在計算訂單金額，完成後即送出訂單。";
/** The quote the press waited for failed: the order was never sent. */
const QUOTE_FAILED = "網路連線失敗，訂單尚未送出，請稍後再試一次。";
const totalChanged = (total: number) => `應付金額已更新為 ${formatPrice(total)}，請確認後再送出訂單。`;
const stockAdjusted = (total: number) =>
  `已依目前庫存調整訂購內容，應付金額更新為 ${formatPrice(total)}，請確認後再送出訂單。`;
const isCheckoutField = (name: string): name is CheckoutField => (CHECKOUT_FIELDS as readonly string[]).includes(name);

/** What replaced the form once the order is placed: its number, and the form that takes the reader to pay. */
function OrderPlaced({ orderNo, payment }: { orderNo: string; payment: NonNullable<CheckoutResult["payment"]> }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form (and the focused button) is gone: focus, and the screen reader, go on from here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="order-placed-title" className="border border-line bg-surface p-4 md:p-6 grid gap-3">
      <h2 id="order-placed-title" ref={headingRef} tabIndex={-1} className="m-0 text-lg font-bold outline-none">
        訂單已成立
      </h2>
      <p className="m-0">訂單編號：{orderNo}</p>
      <GatewayForm payment={payment} />
    </section>
  );
}

/** Moves focus to the first control (in the form's order) of a field with a problem. */
function focusFirstProblem(form: HTMLFormElement, problems: CheckoutProblems) {
  for (const element of Array.from(form.elements)) {
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
      isCheckoutField(element.name) &&
      problems[element.name]
    ) {
      element.focus();
      return;
    }
  }
}

/** The choices that decide which invoice fields the form shows: a change of them ends a field's refusal. */
const REFUSAL_SCOPE: ReadonlySet<string> = new Set(["invoice_type", "invoice_carrier_type"]);

export function CheckoutForm(props: CheckoutFormProps) {
  const { sessionKey, categoryType, cart, summary, onOrdered, onLinesStale, profile, recipients, saveRecipient } =
    props;
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TempOrder>(() => defaultTempOrder(categoryType));
  const [restored, setRestored] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set());
  const [appliedCoupon, setAppliedCoupon] = useState(draft.coupon_code.trim());
  const [keepRecipient, setKeepRecipient] = useState(false);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // What the API refused in one field (a mobile barcode the government does not know): shown on the field until the
  // reader changes it.
  const [refused, setRefused] = useState<CheckoutProblems>({});
  // The form-wide count of fields to fix is said once the reader has tried to place the order, not at every blur.
  const [attempted, setAttempted] = useState(false);
  const [placed, setPlaced] = useState<CheckoutResult | null>(null);
  // Placing was asked for while the quote was being asked again: the total the reader saw then.
  const [awaitedTotal, setAwaitedTotal] = useState<number | null>(null);
  // The API refused the total sent (the amounts changed since the quote): that total, while the quote is asked again.
  const [refusedTotal, setRefusedTotal] = useState<number | null>(null);
  // The API refused the order for the stock: its total, until the lines asked for again have been priced.
  const [stockTotal, setStockTotal] = useState<number | null>(null);
  const inFlight = useRef(false);
  const lastKey = useRef<KeyedPayload | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const totalId = useId();

  // The member's draft of an earlier visit in this tab (a reload, Back from the gateway), then the profile's name and
  // e-mail where the draft has none.
  useEffect(() => {
    const stored = readCheckoutDraft(sessionKey, categoryType);
    setDraft(stored);
    setAppliedCoupon(stored.coupon_code.trim());
    setRestored(true);
  }, [sessionKey, categoryType]);
  const profileApplied = useRef(false);
  useEffect(() => {
    if (!restored || !profile || profileApplied.current) return;
    profileApplied.current = true;
    setDraft((d) => ({
      ...d,
      member_name: d.member_name || profile.name,
      member_email: d.member_email || profile.email,
    }));
  }, [restored, profile]);
  // The form belongs to one session (checkout-step.tsx keys it by the session), so its draft is stored under that one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: written when the draft changes, never on a new session
  useEffect(() => {
    if (restored) writeCheckoutDraft(sessionKey, draft);
  }, [restored, draft]);
  // Back from the gateway to a page kept in memory: the form again, as it was, not the sent-off payment form.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPlaced(null);
      setPending(false);
      inFlight.current = false;
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const items = useMemo(
    () => checkoutLines(categoryType, cart, summary).lines.map(({ id, quantity }) => ({ id, quantity })),
    [categoryType, cart, summary],
  );
  const quoteState = useCheckoutQuote(
    items.length > 0
      ? { category_type: categoryType, area_type: draft.area_type, coupon_code: appliedCoupon, items }
      : null,
  );
  const { quote } = quoteState;
  // A refused quote may come from lines out of date (an e-book bought meanwhile on another device): they are asked
  // again, and the cart marks what the member holds. Only a new refusal asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the callback is new with every render of the step
  useEffect(() => {
    if (quoteState.error) onLinesStale?.();
  }, [quoteState.error]);
  // Before the first quote only the address type is known.
  const forcedReason = forcedPayTypeReason(draft.area_type, quote?.total ?? 1);

  const couponProblem =
    quote?.coupon_message && quoteState.pricedCoupon === appliedCoupon && appliedCoupon
      ? quote.coupon_message
      : draft.coupon_code.trim() !== appliedCoupon
        ? COUPON_NOT_APPLIED
        : undefined;
  const problems: CheckoutProblems = { ...checkoutProblems(draft), ...refused };
  if (couponProblem) problems.coupon_code = couponProblem;
  const shown: CheckoutProblems = {};
  for (const field of CHECKOUT_FIELDS) {
    if (problems[field] && (touched.has(field) || (field === "coupon_code" && couponProblem !== COUPON_NOT_APPLIED))) {
      shown[field] = problems[field];
    }
  }

  const change = (patch: Partial<TempOrder>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A refusal goes when its field changes, or when the invoice choice that shows the field does.
    setRefused((r) => (Object.keys(patch).some((key) => key in r || REFUSAL_SCOPE.has(key)) ? {} : r));
    setFormError(null);
    setAwaitedTotal(null);
    setRefusedTotal(null);
    setStockTotal(null);
  };
  const applyCoupon = () => setAppliedCoupon(draft.coupon_code.trim());

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    if (isCheckoutField(target.name) && !touched.has(target.name)) setTouched(new Set(touched).add(target.name));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setTouched(new Set(CHECKOUT_FIELDS));
    setAttempted(true);
    if (Object.keys(problems).length > 0) {
      setFormError(null);
      focusFirstProblem(event.currentTarget, problems);
      return;
    }
    if (!quote) return;
    if (quoteState.pending) {
      // The order is placed once the new quote is in, and only at the total the reader saw (see the effect below).
      setAwaitedTotal(quote.total);
      setFormError(QUOTE_PENDING);
      return;
    }
    setAwaitedTotal(null);
    const order = orderForPayload(draft, quote, quoteState.pricedCoupon);
    const payload = checkoutPayload(order, quote.lines, quote);
    // The same payload as the attempt before, in this page or before a reload (the order may have been taken though
    // its reply never came), goes with the same key: the API then answers with that order rather than a second one.
    lastKey.current = idempotencyKeyFor(
      lastKey.current ?? readPendingKey(sessionKey, categoryType),
      payload,
      newIdempotencyKey,
    );
    writePendingKey(sessionKey, categoryType, lastKey.current);
    inFlight.current = true;
    setPending(true);
    setFormError(null);
    try {
      const result = await placeOrder(payload, lastKey.current.key);
      // The order holds what the draft held: the browser keeps none of it.
      orderPlaced(sessionKey);
      markOrderPlaced(sessionKey, categoryType);
      onOrdered(payload.items.map((item) => item.id));
      if (categoryType === 0 && keepRecipient && !isSavedAlready(order, recipients ?? [])) {
        await saveRecipient(recipientOfDraft(order, (recipients ?? []).length === 0));
      }
      if (result.payment) setPlaced(result);
      else navigate(`/order-complete?order_no=${encodeURIComponent(result.order_no)}`);
    } catch (error) {
      if (orderRefused(error)) {
        // Refused: no order holds the key. (A network failure or server error keeps it: the order may exist.)
        lastKey.current = null;
        dropPendingKey(sessionKey, categoryType);
      }
      const field = refusedField(error, isCheckoutField);
      if (field) setRefused({ [field]: orderFailureMessage(error) });
      else setFormError(orderFailureMessage(error));
      if (amountsChanged(error)) {
        // The shown amounts are out of date: ask again, so the page shows what the next press will send.
        setRefusedTotal(payload.total);
        quoteState.retry();
      }
      // Short of stock: the total the reader saw, to say how it changes once the lines are read again.
      if (stockRefused(error)) setStockTotal(payload.total);
      // The lines' stock, and what the member holds, come again (and with them the quote of what is left).
      if (linesMayBeStale(error)) onLinesStale?.();
      inFlight.current = false;
      setPending(false);
    }
  };

  // A refused field is where the reader goes next, once its message is on it.
  useEffect(() => {
    if (formRef.current && Object.keys(refused).length > 0) focusFirstProblem(formRef.current, refused);
  }, [refused]);

  // The quote the placing waited for: the same total places the order; any other result is the reader's to see first.
  useEffect(() => {
    if (awaitedTotal === null || quoteState.pending) return;
    setAwaitedTotal(null);
    if (quoteState.error || !quote) setFormError(quoteState.error ?? QUOTE_FAILED);
    else if (quote.total !== awaitedTotal) setFormError(totalChanged(quote.total));
    else formRef.current?.requestSubmit();
  }, [awaitedTotal, quoteState.pending, quoteState.error, quote]);

  // The quote asked again after the amounts were refused: a new total is named, so the reader checks it before the
  // next press (the server's message stays when the total itself did not change).
  useEffect(() => {
    if (refusedTotal === null || quoteState.pending) return;
    setRefusedTotal(null);
    if (quoteState.error || !quote) setFormError(quoteState.error ?? QUOTE_FAILED);
    else if (quote.total !== refusedTotal) setFormError(totalChanged(quote.total));
  }, [refusedTotal, quoteState.pending, quoteState.error, quote]);

  // The lines asked for again after a stock refusal: once they leave the order at another total (an item dropped or
  // capped at its stock), the alert says the order was changed and names the total the next press sends.
  useEffect(() => {
    if (stockTotal === null || quoteState.pending || !quote || quote.total === stockTotal) return;
    setStockTotal(null);
    setFormError(stockAdjusted(quote.total));
  }, [stockTotal, quoteState.pending, quote]);

  if (placed?.payment) return <OrderPlaced orderNo={placed.order_no} payment={placed.payment} />;

  if (items.length === 0) {
    // Placing an order takes its items out of the cart: a reader back from the gateway (Back) finds it empty here, so
    // say where that order is (its detail leads on to paying it), but only when this tab did send one; anyone else
    // is pointed back to shopping. A refusal that emptied it (the last item sold out) is still said. (This step is
    // rendered in the browser only, so the tab's storage can be read here.)
    return (
      <>
        <FormAlert message={formError ?? undefined} />
        <p className="m-0">
          購物車裡沒有可結帳的{categoryType === 0 ? "實體" : "數位"}商品。
          {orderSentFromTab(sessionKey, categoryType) ? (
            <>
              剛送出的訂單可在
              <Link to="/member/orders" className="text-link underline">
                我的訂單
              </Link>
              查看與付款。
            </>
          ) : (
            <Link to="/" className="text-link underline">
              繼續購物
            </Link>
          )}
        </p>
      </>
    );
  }

  const problemMessage = attempted ? problemsSummary(shown) : null;
  return (
    <MarkRequired value={true}>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        onBlur={onBlur}
        aria-label={categoryType === 0 ? "實體商品訂購資料" : "數位商品訂購資料"}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] items-start"
      >
        <div className="grid gap-6 min-w-0">
          <p className="m-0 text-sm text-ink-muted">{REQUIRED_NOTE}</p>
          <BuyerFieldset draft={draft} change={change} errors={shown} />
          {categoryType === 0 && (
            <ReceiverFieldset
              draft={draft}
              change={change}
              errors={shown}
              recipients={recipients}
              onPickRecipient={(r) => change(draftWithRecipient(draft, r))}
              saveRecipient={keepRecipient}
              onSaveRecipient={setKeepRecipient}
            />
          )}
          <InvoiceFieldset draft={draft} change={change} errors={shown} />
          <CouponFieldset
            code={draft.coupon_code}
            onCode={(code) => {
              change({ coupon_code: code });
              // Clearing the code needs no 套用.
              if (!code.trim()) setAppliedCoupon("");
            }}
            onApply={applyCoupon}
            error={shown.coupon_code}
            appliedCode={quote?.coupon_code ?? quoteState.pricedCoupon}
            appliedDiscount={quote?.discount_price ?? 0}
            pending={quoteState.pending}
          />
          <PaymentFieldset
            payType={draft.pay_type}
            onPayType={(payType) => change({ pay_type: payType })}
            forcedReason={forcedReason}
            forcedNotice={forcedPayTypeNotice(draft.area_type, quote?.total ?? 1)}
          />
        </div>
        <div className="grid gap-4 lg:sticky lg:top-4 min-w-0">
          <OrderSummary
            quote={quote}
            pending={quoteState.pending}
            error={quoteState.error}
            onRetry={quoteState.retry}
            areaType={draft.area_type}
            categoryType={categoryType}
            totalId={totalId}
          />
          <button
            type="submit"
            className="btn-primary h-control-lg w-full text-lg aria-disabled:opacity-60"
            // Enabled while a new quote is asked for: a press then waits for it rather than doing nothing. While the
            // order is sent it stays focusable (a press then does nothing, inFlight), so focus is not lost to the page.
            disabled={!quote}
            aria-disabled={pending || undefined}
            aria-busy={pending || quoteState.pending}
            // Read with the button: 應付金額 NT$…, the summary's last line.
            aria-describedby={quote ? totalId : undefined}
          >
            {pending ? "訂單送出中…" : quote?.total === 0 ? "送出訂單" : "送出訂單並前往付款"}
          </button>
          {/* Under the button, so its coming and going never moves the button away from a pointer about to press it. */}
          <FormAlert message={formError ?? problemMessage ?? undefined} />
        </div>
      </form>
    </MarkRequired>
  );
}
