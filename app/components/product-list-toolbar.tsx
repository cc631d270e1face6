// The controls above a product listing: the format filter as links, the sort order and page size as a GET form
// with a submit button, and the number of items. Everything is in the URL and works before hydration.
import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { PRODUCT_FORMAT_LABEL } from "~/domain/labels";
import { groupThousands } from "~/domain/thousands";
import {
  changedListHref,
  FORMAT_VALUES,
  type ListQuery,
  PER_PAGE_OPTIONS,
  SORT_OPTIONS,
} from "~/lib/product-list-query";

const CHIP = "inline-flex items-center h-control-sm px-3 border no-underline";
const SELECT = "h-control px-2 border border-line bg-page text-ink";

/** A filter link as a chip; the current choice is filled. */
export function chipClass(active: boolean): string {
  return active
    ? `${CHIP} border-primary bg-primary text-primary-on font-bold`
    : `${CHIP} border-line text-ink hover:border-primary`;
}

function FormatFilter({ format }: { format: ListQuery["format"] }) {
  const { search } = useLocation();
  const labelId = useId();
  const choices = [
    { value: undefined, label: "全部" },
    ...FORMAT_VALUES.map((value) => ({ value, label: PRODUCT_FORMAT_LABEL[value] })),
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span id={labelId} className="text-sm text-ink-muted">
        商品類型
      </span>
      <ul aria-labelledby={labelId} className="list-none m-0 p-0 flex flex-wrap gap-2" data-testid="format-filter">
        {choices.map((choice) => {
          const active = choice.value === format;
          return (
            <li key={choice.label}>
              <Link
                to={changedListHref(search, { format: choice.value === undefined ? undefined : String(choice.value) })}
                aria-current={active ? "true" : undefined}
                className={chipClass(active)}
              >
                {choice.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SortForm({ query }: { query: ListQuery }) {
  const id = useId();
  // Keyed by the applied values so the selects show them again after a back/forward navigation.
  return (
    <Form
      key={`${query.sort}:${query.perPage}`}
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label="排序與每頁數量"
    >
      {query.format && <input type="hidden" name="format" value={query.format} />}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="text-sm text-ink-muted">
          排序
        </label>
        <select id={`${id}-sort`} name="sort" defaultValue={query.sort} className={SELECT}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-per-page`} className="text-sm text-ink-muted">
          每頁顯示
        </label>
        <select id={`${id}-per-page`} name="per_page" defaultValue={query.perPage} className={SELECT}>
          {PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n} 項
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-outline">
        套用
      </button>
    </Form>
  );
}

export function ProductListToolbar({
  query,
  total,
  formats,
}: {
  query: ListQuery;
  total: number;
  /** Whether the listing offers the format filter (not on a listing of a single format). */
  formats: boolean;
}) {
  return (
    <div className="flex flex-col gap-4 border-y border-x-0 border-line py-4 mb-6">
      {formats && <FormatFilter format={query.format} />}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SortForm query={query} />
        <p className="m-0 text-ink-muted" data-testid="list-total">
          共 <strong className="text-ink">{groupThousands(total)}</strong> 項
        </p>
      </div>
    </div>
  );
}
