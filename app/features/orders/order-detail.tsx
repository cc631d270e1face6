// One order: its facts, its lines, the amount parts of SPEC §9 as the API gives them, and who receives it and how it
// is invoiced. The member's detail page composes them (member-order-detail.tsx); they serve /order-complete and
// /order-search too.
// Each line's format comes from the product (deferred, with a placeholder) where the page looks it up.
import { Fragment, type ReactNode, Suspense } from "react";
import { Await, Link } from "react-router";
import { PRODUCT_FORMAT_LABEL, type ProductFormat } from "~/domain/labels";
import * as ORDER_STATUS from "~/domain/order-statuses";
import { orderStatusLabel } from "~/domain/order-statuses";
import { payTypeLabel } from "~/domain/pay-types";
import { orderAmountRows } from "~/features/orders/order-amounts";
import type { OrderDetailsView, OrderInvoice } from "~/features/orders/order-details";
import { refundsExtraPayment } from "~/features/orders/refund-kind";
import type { components } from "~/lib/api/schema";
import { formatDate, formatDateTime, formatPrice } from "~/lib/format";

export type OrderDetailData = components["schemas"]["OrderDetail"];

/** The page of an order number that is no order of the member's (or no order number at all), and a way on. */
export function MissingOrder({ orderNo, children }: { orderNo: string; children: ReactNode }) {
  return (
    <>
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-4">
        查無此訂單
      </h1>
      <p role="alert" className="border border-line px-4 py-3 max-w-xl m-0">
        找不到訂單編號「{orderNo}」的訂單，請確認連結是否正確。
      </p>
      <p className="mt-4">{children}</p>
    </>
  );
}

/** Each line's product format by product id; null when the product is no longer in the catalogue. */
export type LineFormats = Record<number, ProductFormat | null>;

/** When an order was paid, written as 訂購時間 is (2026/11/26（四）03:36). */
export function PaidAt({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

export function Facts({ children }: { children: ReactNode }) {
  return <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="m-0">{children}</dd>
    </>
  );
}

/** Heading level of an order's sections: 2 on a page of their own, 3 inside /order-search's 查詢結果 (an h2). */
export type SectionLevel = 2 | 3;

export function Section({
  id,
  title,
  level = 2,
  children,
}: {
  id: string;
  title: string;
  level?: SectionLevel;
  children: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={id} className="mt-8">
      <Heading id={id} className="text-lg font-bold mt-0 mb-3">
        {title}
      </Heading>
      {children}
    </section>
  );
}

function FormatSkeleton() {
  return (
    <>
      <span aria-hidden="true" className="inline-block w-12 h-4 align-middle bg-line animate-pulse" />
      <span className="sr-only">載入中</span>
    </>
  );
}

/** The order's lines; with `formats`, each line also says its product format. */
export function OrderLines({ order, formats }: { order: OrderDetailData; formats?: Promise<LineFormats> }) {
  return (
    <ul className="list-none m-0 p-0 border-t border-line" aria-label="訂購商品">
      {order.lines.map((line) => (
        <li key={line.id} className="border-b border-line py-3" data-testid="order-line">
          <Link to={`/product/${line.id}`} className="text-link underline font-medium">
            {line.title}
          </Link>
          <dl className="m-0 mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {formats && (
              <div className="flex gap-2">
                <dt className="text-ink-muted">版本</dt>
                <dd className="m-0" data-testid="line-format">
                  <Suspense fallback={<FormatSkeleton />}>
                    <Await resolve={formats}>
                      {(byId: LineFormats) => {
                        const format = byId[line.id];
                        return format ? PRODUCT_FORMAT_LABEL[format] : "—";
                      }}
                    </Await>
                  </Suspense>
                </dd>
              </div>
            )}
            <div className="flex gap-2">
              <dt className="text-ink-muted">單價</dt>
              <dd className="m-0">{formatPrice(line.price_sale)}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-ink-muted">數量</dt>
              <dd className="m-0">{line.quantity}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-ink-muted">小計</dt>
              <dd className="m-0 font-bold">{formatPrice(line.subtotal)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function OrderAmounts({ order }: { order: OrderDetailData }) {
  // SPEC §9: the fee is removed for overseas orders, as the order answers them (area_type, never guessed).
  const rows = orderAmountRows(order);
  const last = rows.length - 1;
  return (
    <dl className="m-0 grid grid-cols-[auto_auto] justify-start gap-x-8 gap-y-1" data-testid="order-amounts">
      {rows.map(([label, value, note], i) => (
        <Fragment key={label}>
          <dt className={i === last ? "font-bold border-t border-line pt-1" : "text-ink-muted"}>{label}</dt>
          <dd className={`m-0 text-right${i === last ? " font-bold border-t border-line pt-1" : ""}`}>
            {value}
            {note && <span className="text-ink-muted">{note}</span>}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The order's number, time, status and pay type. */
export function OrderFacts({ order }: { order: OrderDetailData }) {
  return (
    <Facts>
      <Fact label="訂單編號">{order.order_no}</Fact>
      <Fact label="訂購時間">
        <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
      </Fact>
      <Fact label="訂單狀態">{orderStatusLabel(order.status) || order.status_label}</Fact>
      <Fact label="付款方式">{payTypeLabel(order.pay_type) || order.pay_type_label}</Fact>
    </Facts>
  );
}

/**
 * How the order is invoiced: the buyer's choice, then the e-invoice's state (with what the reader can do about it),
 * number and date once issued. `invoice` is the loader's view (order-details.ts), built on the server.
 */
export function InvoiceSection({ invoice, level }: { invoice: OrderInvoice; level?: SectionLevel }) {
  return (
    <Section id="order-invoice" title="發票資訊" level={level}>
      <Facts>
        <Fact label="發票類型">{invoice.label}</Fact>
        {invoice.fields.map((field) => (
          <Fact key={field.label} label={field.label}>
            {field.value}
          </Fact>
        ))}
        {invoice.status && (
          <Fact label="發票狀態">
            <span data-testid="invoice-state">{invoice.status.label}</span>
            {invoice.status.note && <span className="block text-sm text-ink-muted">{invoice.status.note}</span>}
          </Fact>
        )}
        {invoice.number && (
          <Fact label="發票號碼">
            <span data-testid="invoice-number">{invoice.number}</span>
          </Fact>
        )}
        {invoice.issuedAt && (
          <Fact label="開立日期">
            <time dateTime={invoice.issuedAt}>{formatDate(invoice.issuedAt)}</time>
          </Fact>
        )}
      </Facts>
    </Section>
  );
}

/** Who receives the order where, and how it is invoiced, as the loader's view says (masked ones shown as given). */
export function OrderParties({
  parties: { receiver, invoice },
  level,
}: {
  parties: OrderDetailsView;
  level?: SectionLevel;
}) {
  return (
    <>
      {receiver && (
        <Section id="order-receiver" title="收件資訊" level={level}>
          <Facts>
            <Fact label="收件人">{receiver.name}</Fact>
            {receiver.phones.length > 0 && <Fact label="聯絡電話">{receiver.phones.join("、")}</Fact>}
            {receiver.address && <Fact label="收件地址">{receiver.address}</Fact>}
          </Facts>
        </Section>
      )}
      {invoice && <InvoiceSection invoice={invoice} level={level} />}
    </>
  );
}

/**
 * An order still awaiting a payment whose deadline has passed: the API gives no `pay_by` once an attempt can no longer
 * be paid. The reconciler ends such an order at its next run, unless the gateway reports a payment made in time.
 */
export function paymentOverdue({ status, payment }: Pick<OrderDetailData, "status" | "payment">): boolean {
  return status === ORDER_STATUS.awaiting && !!payment && !payment.pay_by && !payment.paid_at;
}

/** The online payment as the gateway last reported it: its result, when it was paid, a 專戶匯款 account. */
export function OrderPayment({ order }: { order: OrderDetailData }) {
  const { payment } = order;
  if (!payment) return null;
  const retryHref = `/order-complete?${new URLSearchParams({ order_no: order.order_no })}`;
  return (
    <Section id="order-payment" title="付款資訊">
      <Facts>
        {payment.message && <Fact label="付款結果">{payment.message}</Fact>}
        {payment.paid_at && (
          <Fact label="付款時間">
            <PaidAt value={payment.paid_at} />
          </Fact>
        )}
        {payment.pay_by && !payment.paid_at && (
          <Fact label="付款期限">
            <time dateTime={payment.pay_by}>{formatDateTime(payment.pay_by)}</time>
          </Fact>
        )}
        {paymentOverdue(order) && <Fact label="付款期限">已過，未付款的訂單將自動取消</Fact>}
        {payment.account_no && (
          <>
            <Fact label="銀行代碼">{payment.bank_code ?? "—"}</Fact>
            <Fact label="轉帳帳號">{payment.account_no}</Fact>
            <Fact label="繳費期限">{payment.expire_date?.replaceAll("-", "/") ?? "—"}</Fact>
          </>
        )}
      </Facts>
      {payment.can_retry && (
        <p className="mt-3 mb-0">
          <Link to={retryHref} className="text-link underline">
            前往重新付款
          </Link>
        </p>
      )}
    </Section>
  );
}

/**
 * 款項待退還: money was taken for an order that will not be delivered, and the store refunds it; or, on an order that
 * goes on, one payment too many (refund-kind.ts), and only that one is refunded.
 */
export function RefundNotice({ order }: { order: OrderDetailData }) {
  if (!order.refund_pending) return null;
  return (
    <p className="border border-primary px-4 py-3 mt-4 mb-0 max-w-2xl" data-testid="refund-pending">
      {refundsExtraPayment(order.status) ? (
        <>
          <strong>多收款項待退還</strong>：這張訂單多收到的一筆款項將由本店退還，訂單照常處理。
        </>
      ) : (
        <>
          <strong>款項待退還</strong>：這張訂單已收到的款項將由本店退還，退款完成前如有疑問，請聯絡客服中心。
        </>
      )}
    </p>
  );
}
