// One page of a product listing: the toolbar, the grid and the page links, or a friendly message when the
// listing is empty or the page is past its end.
import { Link, useLocation } from "react-router";
import { changedListHref, type ListQuery, type ProductPage } from "~/lib/product-list-query";
import { Pagination, pageHref } from "./pagination";
import { ProductGrid } from "./product-grid";
import { ProductListToolbar } from "./product-list-toolbar";

export function ProductListing({
  result,
  query,
  formats,
  label,
  emptyText = "目前沒有符合條件的商品。",
}: {
  result: ProductPage;
  query: ListQuery;
  formats: boolean;
  /** The grid's accessible name, e.g. the page title. */
  label: string;
  emptyText?: string;
}) {
  return (
    <>
      <ProductListToolbar query={query} total={result.total} formats={formats} />
      {result.items.length > 0 ? (
        <>
          <ProductGrid products={result.items} label={label} leading />
          <Pagination page={result.page} totalPages={result.total_pages} />
        </>
      ) : result.total > 0 ? (
        <PastTheEnd totalPages={result.total_pages} />
      ) : (
        <EmptyListing text={emptyText} filtered={query.format !== undefined} />
      )}
    </>
  );
}

function PastTheEnd({ totalPages }: { totalPages: number }) {
  const { search } = useLocation();
  return (
    <div className="border border-line bg-surface p-6" data-testid="list-empty">
      <p className="m-0">這一頁沒有商品了，這份清單只有 {totalPages} 頁。</p>
      <p className="m-0 mt-3">
        <Link to={pageHref(search, 1)} className="text-link underline">
          回到第 1 頁
        </Link>
      </p>
    </div>
  );
}

function EmptyListing({ text, filtered }: { text: string; filtered: boolean }) {
  const { search } = useLocation();
  return (
    <div className="border border-line bg-surface p-6" data-testid="list-empty">
      <p className="m-0">{text}</p>
      <p className="m-0 mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {filtered && (
          <Link to={changedListHref(search, { format: undefined })} className="text-link underline">
            查看全部類型
          </Link>
        )}
        <Link to="/product/type" className="text-link underline">
          瀏覽商品分類
        </Link>
      </p>
    </div>
  );
}
