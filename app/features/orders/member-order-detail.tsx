// The member's detail of one order (/member/orders?no=…): the parts of order-detail.tsx, and 取消訂單 with its
// confirmation. Apart from order-detail.tsx so /order-complete and /order-search, which show the parts only, do not
// load the cancel form.

import { Form, Link } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import * as ORDER_STATUS from "~/domain/order-statuses";
import { useIsSubmitting } from "~/lib/form-submission";
import type { RouteFocusState } from "~/lib/route-focus";
import { PAGES, routeTitle } from "~/pages";
import {
  type LineFormats,
  OrderAmounts,
  type OrderDetailData,
  OrderFacts,
  OrderLines,
  OrderParties,
  OrderPayment,
  RefundNotice,
  Section,
} from "./order-detail";
import type { OrderDetailsView } from "./order-details";

/** Where the member is with 取消訂單: asked to confirm, just cancelled, or refused with the API's reason. */
export interface CancelState {
  confirming: boolean;
  cancelled: boolean;
  error?: string;
}

// Focus follows the confirmation: 取消這張訂單 moves it to the question, 不取消 back to 取消這張訂單.
const CANCEL_LINK_ID = "cancel-open";
const CANCEL_QUESTION_ID = "cancel-warning";

const detailHref = (orderNo: string, extra: Record<string, string> = {}) =>
  `/member/orders?${new URLSearchParams({ no: orderNo, ...extra })}`;

/**
 * 取消訂單, before the order ships: a link to a confirmation, whose button is a plain form post (with and without
 * JavaScript). A paid order is refunded by the store, and the confirmation says so. An order the API says may not be
 * cancelled online all the same (its cancel_notice: the invoice can no longer be voided) gets that sentence instead,
 * with the way to customer service; the rule itself stays on the server.
 */
function CancelOrder({ order, cancel }: { order: OrderDetailData; cancel: CancelState }) {
  const submitting = useIsSubmitting();
  if (cancel.cancelled && order.status === ORDER_STATUS.cancelled) {
    return (
      <p role="status" className="border border-primary px-4 py-3 mt-4 mb-0 max-w-2xl" data-testid="order-cancelled">
        訂單已取消。
      </p>
    );
  }
  if (!order.can_cancel) {
    if (!order.cancel_notice) return null;
    // Said at once (an alert) when it is why the cancel just pressed was refused: the confirmation it replaced is gone.
    return (
      <Section id="order-cancel" title="取消訂單">
        <p role={cancel.error ? "alert" : undefined} className="m-0 max-w-2xl" data-testid="cancel-notice">
          {order.cancel_notice}
          <Link to={PAGES["instructions-customer-service"].path} className="text-link underline ml-1">
            {routeTitle("instructions-customer-service")}
          </Link>
        </p>
      </Section>
    );
  }
  const paid = order.status === ORDER_STATUS.awaitingStock || order.status === ORDER_STATUS.paid;
  return (
    <Section id="order-cancel" title="取消訂單">
      {cancel.confirming ? (
        <Form method="post" action={detailHref(order.order_no)} className="grid gap-3 max-w-2xl">
          <p id={CANCEL_QUESTION_ID} className="m-0">
            確定要取消訂單 {order.order_no} 嗎？取消後無法復原。
            {paid ? "您已付款，款項將由本店退還。" : ""}
          </p>
          {cancel.error && (
            <p role="alert" className="m-0 border border-error text-error px-4 py-3">
              {cancel.error}
            </p>
          )}
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="order_no" value={order.order_no} />
          <div className="flex flex-wrap gap-3">
            <BusySubmitButton
              className="btn-primary h-control px-4"
              aria-describedby={CANCEL_QUESTION_ID}
              busy={submitting}
            >
              {submitting ? "取消中…" : "確定取消訂單"}
            </BusySubmitButton>
            <Link
              to={detailHref(order.order_no)}
              state={{ routeFocus: CANCEL_LINK_ID } satisfies RouteFocusState}
              className="btn-outline h-control px-4"
            >
              不取消
            </Link>
          </div>
        </Form>
      ) : (
        <p className="m-0">
          <Link
            id={CANCEL_LINK_ID}
            to={detailHref(order.order_no, { cancel: "1" })}
            state={{ routeFocus: CANCEL_QUESTION_ID } satisfies RouteFocusState}
            className="btn-outline h-control px-4"
          >
            取消這張訂單
          </Link>
        </p>
      )}
    </Section>
  );
}

/** The way back from an order to the member's list of orders, at the page it was on. */
export function BackToOrders({ href }: { href: string }) {
  return (
    <Link to={href} className="text-link underline">
      ← 返回訂單列表
    </Link>
  );
}

export function OrderDetail({
  order,
  parties,
  formats,
  backHref,
  cancel = { confirming: false, cancelled: false },
}: {
  order: OrderDetailData;
  parties: OrderDetailsView;
  formats: Promise<LineFormats>;
  backHref: string;
  cancel?: CancelState;
}) {
  return (
    <article aria-labelledby="page-title">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-2">
        訂單明細
      </h1>
      <p className="mt-0 mb-4">
        <BackToOrders href={backHref} />
      </p>
      <OrderFacts order={order} />
      <RefundNotice order={order} />
      <Section id="order-lines" title="訂購商品">
        <OrderLines order={order} formats={formats} />
      </Section>
      <Section id="order-amounts" title="金額明細">
        <OrderAmounts order={order} />
      </Section>
      <OrderPayment order={order} />
      <OrderParties parties={parties} />
      <CancelOrder order={order} cancel={cancel} />
    </article>
  );
}
