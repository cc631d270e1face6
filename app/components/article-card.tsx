// An article in a listing: cover, category, title, who wrote it, when, and its summary; and the byline the
// article page shares with it.
import { Link } from "react-router";
import type { components } from "~/lib/api/schema";
import { formatDate } from "~/lib/format";
import { WHOLE_CARD_LINK } from "./activity-card";

type ArticleSummary = components["schemas"]["ArticleSummary"];

/** Who signs the editors' own pieces. */
export const EDITORS_BYLINE = "編輯部";

const ARTICLE_COVER_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

export function ArticleByline({ article }: { article: Pick<ArticleSummary, "author" | "published_at"> }) {
  return (
    <p className="m-0 flex flex-wrap gap-x-3 text-sm text-ink-muted">
      <span>
        <span className="sr-only">作者：</span>
        {article.author ? (
          <Link to={`/author/${article.author.id}`} className="relative z-1 text-link underline text-ink">
            {article.author.name}
          </Link>
        ) : (
          EDITORS_BYLINE
        )}
      </span>
      <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>
    </p>
  );
}

/** headingLevel: 3 when the cards sit under a section's own h2. */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article className="relative h-full flex flex-col border border-line bg-surface" data-testid="article-card">
      <img
        src={article.cover.url}
        srcSet={`${article.cover.url} ${article.cover.width}w`}
        sizes={ARTICLE_COVER_SIZES}
        width={article.cover.width}
        height={article.cover.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="block w-full h-auto border-b border-line"
      />
      <div className="flex flex-col gap-2 p-4">
        <p className="m-0 text-sm text-primary font-bold" data-testid="article-category">
          {article.category}
        </p>
        <Heading className="text-lg font-bold m-0 leading-snug">
          <Link to={`/article/${article.id}`} className={`text-link ${WHOLE_CARD_LINK}`}>
            {article.title}
          </Link>
        </Heading>
        <ArticleByline article={article} />
        <p className="m-0 text-ink-muted">{article.summary}</p>
      </div>
    </article>
  );
}

export const ARTICLE_GRID = "list-none m-0 p-0 grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

export function ArticleGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div className={ARTICLE_GRID.replace("list-none m-0 p-0", "")} aria-busy="true">
      <span className="sr-only">{label}載入中</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={i} aria-hidden="true" className="animate-pulse border border-line">
          <div className="w-full aspect-[40/21] bg-line" />
          <div className="p-4">
            <div className="h-3 bg-line w-1/5" />
            <div className="h-5 mt-3 bg-line w-4/5" />
            <div className="h-3 mt-3 bg-line w-2/5" />
            <div className="h-3 mt-3 bg-line w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
