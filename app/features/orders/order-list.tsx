// A member's orders as rows: number (the link to its detail), date in Taipei time, status, payment and total. One
// row per order that reads top to bottom on a phone and as columns from md up.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { orderStatusLabel } from "~/domain/order-statuses";
import { payTypeLabel } from "~/domain/pay-types";
import type { components } from "~/lib/api/schema";
import { formatDateTime, formatPrice } from "~/lib/format";

type OrderSummary = components["schemas"]["OrderSummary"];

const COLUMNS = "md:grid md:grid-cols-[minmax(0,1.4fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.8fr)]";

function Field({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`flex gap-2 md:block ${className}`}>
      <dt className="text-ink-muted text-sm md:sr-only">{label}</dt>
      <dd className="m-0">{children}</dd>
    </div>
  );
}

export function OrderList({
  orders,
  detailHref,
}: {
  orders: readonly OrderSummary[];
  /** Where an order's detail is (its number in the URL, keeping the list's page). */
  detailHref: (orderNo: string) => string;
}) {
  return (
    <div>
      {/* Column names for sighted readers on wide screens; each row names its own fields for everyone else. */}
      <div
        aria-hidden="true"
        className={`hidden ${COLUMNS} gap-4 px-4 pb-2 text-sm text-ink-muted border-b border-line`}
      >
        <span>訂單編號</span>
        <span>訂購時間</span>
        <span>訂單狀態</span>
        <span>付款方式</span>
        <span className="text-right">訂單金額</span>
      </div>
      <ul className="list-none m-0 p-0" aria-label="訂單列表">
        {orders.map((order) => (
          <li key={order.order_no} className="border-b border-line px-4 py-3" data-testid="order-row">
            <dl className={`m-0 grid gap-1 ${COLUMNS} md:gap-4 md:items-center`}>
              <Field label="訂單編號">
                <Link to={detailHref(order.order_no)} className="text-link underline font-medium">
                  {order.order_no}
                  <span className="sr-only"> 訂單明細</span>
                </Link>
              </Field>
              <Field label="訂購時間">
                <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
              </Field>
              <Field label="訂單狀態">{orderStatusLabel(order.status) || order.status_label}</Field>
              <Field label="付款方式">{payTypeLabel(order.pay_type) || order.pay_type_label}</Field>
              <Field label="訂單金額" className="md:text-right font-bold">
                {formatPrice(order.total)}
              </Field>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
