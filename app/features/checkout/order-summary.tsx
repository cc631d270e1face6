// 訂單明細: the order's lines and amounts as the quote priced them (SPEC §9: subtotal + fee − discount + fee_extra +
// total_revise), with why the shipping fee is waived. Marked busy while a newer quote is on its way.

import type { Quote } from "~/features/checkout/quote";
import { feeWaivedReason } from "~/features/checkout/temp-order";
import { applicableFee } from "~/features/checkout/totals";
import { formatPrice } from "~/lib/format";

interface OrderSummaryProps {
  quote: Quote | null;
  pending: boolean;
  error: string | null;
  onRetry: () => void;
  areaType: 0 | 1;
  categoryType: 0 | 1;
  /** The id of the amount to pay (應付金額 and the amount), which describes the submit button. */
  totalId?: string;
}

interface RowProps {
  label: string;
  value: string;
  note?: string | null;
  strong?: boolean;
  id?: string;
}

function Row({ label, value, note, strong, id }: RowProps) {
  return (
    <div
      id={id}
      className={`flex flex-wrap justify-between gap-x-4 ${strong ? "text-lg font-bold border-t border-line pt-2" : ""}`}
    >
      <dt>
        {label}
        {note && <span className="block text-sm text-ink-muted font-normal">{note}</span>}
      </dt>
      <dd className="m-0 tabular-nums">{value}</dd>
    </div>
  );
}

export function OrderSummary(props: OrderSummaryProps) {
  const { quote, pending, error, onRetry, areaType, categoryType, totalId } = props;
  const parts = quote && { ...quote, area_type: areaType, category_type: categoryType };
  return (
    <section
      aria-labelledby="order-summary-title"
      aria-busy={pending}
      className="border border-line bg-surface p-4 md:p-6 grid gap-3"
    >
      <h2 id="order-summary-title" className="m-0 text-lg font-bold">
        訂單明細
      </h2>
      {error && (
        <div role="alert" className="grid gap-2 border border-error text-error px-3 py-2">
          <p className="m-0">{error}</p>
          <button type="button" className="btn-outline justify-self-start" onClick={onRetry}>
            重新計算
          </button>
        </div>
      )}
      {!parts ? (
        !error && <p className="m-0 text-ink-muted">金額計算中…</p>
      ) : (
        <>
          <ul className="m-0 p-0 list-none grid gap-2">
            {parts.lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-4">
                <span className="min-w-0">
                  {line.title}
                  <span className="text-ink-muted"> × {line.quantity}</span>
                </span>
                <span className="tabular-nums shrink-0">{formatPrice(line.subtotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="m-0 grid gap-2 border-t border-line pt-3">
            <Row label="商品小計" value={formatPrice(parts.subtotal)} />
            <Row label="運費" value={formatPrice(applicableFee(parts))} note={feeWaivedReason(parts)} />
            {parts.discount_price > 0 && <Row label="折價券折抵" value={`−${formatPrice(parts.discount_price)}`} />}
            {parts.fee_extra > 0 && <Row label="國際運費" value={formatPrice(parts.fee_extra)} />}
            {parts.total_revise !== 0 && (
              <Row
                label="金額調整"
                value={
                  parts.total_revise < 0 ? `−${formatPrice(-parts.total_revise)}` : formatPrice(parts.total_revise)
                }
              />
            )}
            <Row label="應付金額" value={formatPrice(parts.total)} strong id={totalId} />
          </dl>
          {pending && <p className="m-0 text-sm text-ink-muted">金額更新中…</p>}
        </>
      )}
    </section>
  );
}
