// One e-book or audio book in the member's bookcase: cover, title (to its page), format, when it was bought, and
// where to read or listen, which opens in a new tab and says so to screen readers.
import { Link } from "react-router";
import { ApiImage } from "~/components/api-image";
import { PRODUCT_FORMAT_LABEL } from "~/domain/labels";
import type { components } from "~/lib/api/schema";
import { formatDate } from "~/lib/format";

type BookcaseEntry = components["schemas"]["BookcaseItem"];

function NewTabIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className="shrink-0">
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}

export function BookcaseItem({ entry }: { entry: BookcaseEntry }) {
  const { product } = entry;
  const author = product.contributors.find((c) => c.role === 1)?.name;
  const verb = product.format === 3 ? "收聽" : "閱讀";
  return (
    <article
      className="grid grid-cols-[96px_1fr] gap-4 border border-line bg-surface p-3 h-full"
      data-testid="bookcase-item"
    >
      <ApiImage
        image={product.cover}
        loading="lazy"
        decoding="async"
        className="block w-full h-auto border border-line"
      />
      <div className="flex flex-col gap-1 min-w-0">
        <p className="m-0 text-sm text-ink-muted">{PRODUCT_FORMAT_LABEL[product.format]}</p>
        <h2 className="m-0 text-base font-bold leading-snug">
          <Link to={`/product/${product.id}`} className="text-link">
            {product.title}
          </Link>
        </h2>
        {author && <p className="m-0 text-sm text-ink-muted">{author}</p>}
        <p className="m-0 text-sm text-ink-muted">
          購買日期 <time dateTime={entry.purchased_at}>{formatDate(entry.purchased_at)}</time>
        </p>
        <p className="m-0 mt-auto pt-2">
          {entry.read_url ? (
            <a
              href={entry.read_url}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-primary h-control-sm px-4 no-underline"
            >
              開始{verb}
              <span className="sr-only">《{product.title}》（在新分頁開啟）</span>
              <NewTabIcon />
            </a>
          ) : (
            <span className="text-sm">請於本店 App {verb}</span>
          )}
        </p>
      </div>
    </article>
  );
}
