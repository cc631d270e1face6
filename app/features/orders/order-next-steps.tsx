// What happens next with a just-placed order (/order-complete), by its state: paid, the gateway's result not in yet,
// an ATM transfer to make (專戶匯款 with the account the gateway issued), a failed payment (with 重新付款 when it
// may be tried again), or an order placed without an online payment. The retry is a plain form post.

import { lazy, type ReactNode, Suspense } from "react";
import { Form, Link } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import * as ORDER_STATUS from "~/domain/order-statuses";
import { orderStatusLabel } from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import type { components } from "~/lib/api/schema";
import { useIsSubmitting } from "~/lib/form-submission";
import { formatDateTime, formatPrice } from "~/lib/format";
import { FormAlert } from "../../components/form-alert";
import { Fact, Facts, type OrderDetailData, PaidAt, paymentOverdue } from "./order-detail";

/** What an order that ended, or waits for stock, means for the reader. */
const ENDED_TEXT: Record<number, string> = {
  [ORDER_STATUS.interrupted]: "付款期限已過，訂單已自動取消。",
  [ORDER_STATUS.awaitingStock]: "已收到您的付款，預購商品到貨後出貨。",
  [ORDER_STATUS.cancelled]: "這張訂單已取消。",
};
// A digital order waits (訂單待進貨) for a pre-order title's release, not for stock; until then it is not in the bookcase.
const DIGITAL_PRE_ORDER_TEXT = "已收到您的付款，預購的電子書／有聲書上架後會放入「我的書櫃」。";

/** What ENDED_TEXT says of the order, or of a digital pre-order (category_type 1) waiting for its release. */
export function endedText({ status, category_type }: Pick<OrderDetailData, "status" | "category_type">) {
  return status === ORDER_STATUS.awaitingStock && category_type === 1 ? DIGITAL_PRE_ORDER_TEXT : ENDED_TEXT[status];
}

export type CompletionState = "paid" | "confirming" | "overdue" | "transfer" | "failed" | "pending" | "other";

/**
 * The order's state as /order-complete tells it. An order still 訂單待確認 whose payment never went to the gateway
 * (no `payment`: a total of 0, 貨到付款) is simply placed; one that did waits for the gateway's notify, or, for 專戶匯款
 * once the account is issued, for the reader's transfer.
 */
export function completionState(order: Pick<OrderDetailData, "status" | "pay_type" | "total" | "payment">) {
  const { status, payment } = order;
  if (status === ORDER_STATUS.paid) return "paid";
  if (status === ORDER_STATUS.failed) return "failed";
  if (status !== ORDER_STATUS.awaiting) return "other";
  if (order.total === 0 || payment === null) return "pending";
  if (paymentOverdue(order)) return "overdue";
  if (order.pay_type === PAY_TYPE.transfer && payment.account_no) return "transfer";
  return "confirming";
}

/** A gateway date `YYYY-MM-DD` as Taiwanese readers write it: 2026/11/30. */
function slashDate(date: string): string {
  return date.replaceAll("-", "/");
}

function Panel({ title, tone = "info", children }: { title: string; tone?: "info" | "error"; children: ReactNode }) {
  return (
    <section
      aria-labelledby="next-steps-title"
      className={`border px-4 py-4 my-6 max-w-2xl ${tone === "error" ? "border-error" : "border-primary"}`}
      data-testid="order-next-steps"
    >
      <h2 id="next-steps-title" className={`text-lg font-bold mt-0 mb-2 ${tone === "error" ? "text-error" : ""}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function RetryPayment({ orderNo, label = "重新付款" }: { orderNo: string; label?: string }) {
  const submitting = useIsSubmitting();
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="retry-payment" />
      <input type="hidden" name="order_no" value={orderNo} />
      <BusySubmitButton className="btn-primary h-control" busy={submitting}>
        {submitting ? "準備付款中…" : label}
      </BusySubmitButton>
    </Form>
  );
}

/** What the last 重新付款 came to: the new gateway form, or why there is none. */
export interface RetryOutcome {
  payment?: components["schemas"]["PaymentForm"];
  error?: string;
}

// Loaded when a 重新付款 brings a gateway form, not with the page (it is within a few bytes of the first-load budget).
const GatewayForm = lazy(() => import("./gateway-form").then((module) => ({ default: module.GatewayForm })));

function Retry({ orderNo, outcome, label }: { orderNo: string; outcome: RetryOutcome | undefined; label?: string }) {
  if (outcome?.payment) {
    return (
      <Suspense fallback={<p className="m-0">正在前往付款頁面…</p>}>
        <GatewayForm payment={outcome.payment} />
      </Suspense>
    );
  }
  return (
    <>
      <FormAlert message={outcome?.error} />
      <RetryPayment orderNo={orderNo} label={label} />
    </>
  );
}

export function OrderNextSteps({ order, retry }: { order: OrderDetailData; retry?: RetryOutcome }) {
  const { payment } = order;
  const reloadHref = `/order-complete?${new URLSearchParams({ order_no: order.order_no })}`;
  switch (completionState(order)) {
    case "paid":
      return (
        <Panel title="完成付款">
          <p className="m-0">感謝您的訂購，我們已收到您的付款。</p>
          {payment?.paid_at && (
            <p className="mt-1 mb-0 text-ink-muted">
              付款時間：
              <PaidAt value={payment.paid_at} />
            </p>
          )}
          <p className="mt-2 mb-0">
            {order.category_type === 1 ? (
              <>
                電子書與有聲書已放入
                <Link to="/member/bookcase" className="text-link underline">
                  我的書櫃
                </Link>
                ，現在就可以開始閱讀。
              </>
            ) : (
              "我們會盡快為您備貨出貨，出貨進度可在訂單明細查看。"
            )}
          </p>
        </Panel>
      );
    case "transfer":
      return (
        <Panel title="請於期限內轉帳">
          <p className="mt-0">訂單已成立，請於繳費期限內轉帳至下列專屬帳號，入帳後即完成付款。</p>
          <Facts>
            <Fact label="銀行代碼">{payment?.bank_code ?? "—"}</Fact>
            <Fact label="轉帳帳號">{payment?.account_no}</Fact>
            <Fact label="轉帳金額">{formatPrice(order.total)}</Fact>
            <Fact label="繳費期限">{payment?.expire_date ? slashDate(payment.expire_date) : "—"}</Fact>
          </Facts>
        </Panel>
      );
    case "confirming":
      return (
        <Panel title="付款結果確認中">
          <p className="m-0">
            若您已在付款頁面完成付款，我們正在向金流服務確認結果，通常只需要幾秒鐘。您可以稍後重新整理本頁查看最新狀態。
          </p>
          <p className="mt-3 mb-0">
            <a href={reloadHref} className="btn-outline h-control-sm px-4">
              重新整理
            </a>
          </p>
          {payment?.can_retry && (
            // The open attempt's form again (never a second payment), for a reader who left the gateway unpaid.
            <>
              <p className="mt-4 mb-0">
                尚未付款？請在
                {payment.pay_by ? <time dateTime={payment.pay_by}>{formatDateTime(payment.pay_by)}</time> : "期限"}
                前繼續付款。
              </p>
              <Retry orderNo={order.order_no} outcome={retry} label="繼續付款" />
            </>
          )}
        </Panel>
      );
    case "overdue":
      return (
        // The page's heading already says 付款期限已過 (order-complete-title.server.ts); landmarks' names differ.
        <Panel title="尚未收到付款">
          <p className="m-0">若您已在期限內完成付款，確認後會更新訂單狀態；未付款的訂單將自動取消。</p>
          <p className="mt-3 mb-0">
            <a href={reloadHref} className="btn-outline h-control-sm px-4">
              重新整理
            </a>
          </p>
        </Panel>
      );
    case "failed":
      return (
        <Panel title="交易失敗" tone="error">
          <p className="m-0">很抱歉，這筆訂單的付款沒有成功。</p>
          {payment?.message && <p className="mt-1 mb-0">付款結果：{payment.message}</p>}
          {payment?.can_retry ? (
            <Retry orderNo={order.order_no} outcome={retry} />
          ) : (
            <p className="mt-2 mb-0 text-ink-muted">如需協助，請聯絡客服中心。</p>
          )}
        </Panel>
      );
    case "pending":
      return (
        <Panel title="訂單已成立，待確認">
          <p className="m-0">感謝您的訂購，我們確認訂單後會盡快為您處理，處理進度可在訂單明細查看。</p>
        </Panel>
      );
    default:
      return (
        <Panel title={orderStatusLabel(order.status) || order.status_label}>
          <p className="m-0">{endedText(order) ?? "訂單的最新進度可在訂單明細查看。"}</p>
        </Panel>
      );
  }
}
