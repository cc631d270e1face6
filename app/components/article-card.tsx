// An article in a listing: cover, category, title, who wrote it, when, and its summary; and the byline the
// article page shares with it.
import { Link } from "react-router";
import type { components } from "~/lib/api/schema";
import { formatDate } from "~/lib/format";
import { CoverCard } from "./cover-card";

type ArticleSummary = components["schemas"]["ArticleSummary"];

/** Who signs the editors' own pieces. */
export const EDITORS_BYLINE = "編輯部";

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
  return (
    <CoverCard
      testId="article-card"
      cover={article.cover}
      title={article.title}
      href={`/article/${article.id}`}
      headingLevel={headingLevel}
      kicker={
        <p className="m-0 text-sm text-primary font-bold" data-testid="article-category">
          {article.category}
        </p>
      }
    >
      <ArticleByline article={article} />
      <p className="m-0 text-ink-muted">{article.summary}</p>
    </CoverCard>
  );
}

/** The placeholder lines of an article card: category, title, byline, summary. */
export const ARTICLE_CARD_LINES = ["h-3 w-1/5", "h-5 mt-3 w-4/5", "h-3 mt-3 w-2/5", "h-3 mt-3 w-full"] as const;
