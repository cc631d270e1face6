// One news item in a listing: date, type, 置頂 when pinned, the title linking to the item, and its summary.
import { Link } from "react-router";
import type { components } from "~/lib/api/schema";
import { formatDate } from "~/lib/format";

type NewsSummary = components["schemas"]["NewsSummary"];

export function NewsItem({ news }: { news: NewsSummary }) {
  return (
    <article className="py-4 border-b border-line" data-testid="news-item">
      <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
        {news.is_pinned && (
          <span className="px-2 bg-primary text-primary-on font-bold" data-testid="news-pinned">
            置頂
          </span>
        )}
        <time dateTime={news.published_at}>{formatDate(news.published_at)}</time>
        <span className="px-2 border border-line text-ink" data-testid="news-type">
          {news.type_label}
        </span>
      </p>
      <h2 className="text-lg font-bold mt-2 mb-1 leading-snug">
        <Link to={`/news/${news.id}`} className="text-link">
          {news.title}
        </Link>
      </h2>
      <p className="m-0 text-ink-muted">{news.summary}</p>
    </article>
  );
}
