// /article/welcome: the welcome text of the articles corner, the four latest articles (streamed in after the
// text), the categories, and the way to the full list.
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ARTICLE_CARD_LINES, ArticleCard } from "~/components/article-card";
import { SeeAll, StreamedCardSection, WelcomePage } from "~/components/welcome-page";
import { critical, deferred, deferredItems } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { listHref } from "~/lib/list-query";
import { editorialPageMeta } from "~/lib/meta";
import type { Route } from "./+types/article-welcome";

const LATEST_COUNT = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const latest = deferredItems(
    api.GET("/articles", { params: { query: { per_page: LATEST_COUNT } } }),
    "latest articles",
  );
  const categories = deferred(api.GET("/articles/categories"), [], "article categories");
  const page = await critical(api.GET("/pages/{slug}", { params: { path: { slug: "article-welcome" } } }));
  return { page, categories, latest };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  editorialPageMeta(matches, loaderData?.page, "/article/welcome");

export default function ArticleWelcome({ loaderData }: Route.ComponentProps) {
  const { page, categories, latest } = loaderData;
  return (
    <WelcomePage page={page}>
      <StreamedCardSection
        headingId="latest-articles-title"
        title="最新文章"
        items={latest}
        count={LATEST_COUNT}
        skeletonLines={ARTICLE_CARD_LINES}
        testId="latest-articles"
        wide
        emptyText="目前沒有文章。"
        card={(article) => <ArticleCard article={article} headingLevel={3} />}
      />
      <Suspense fallback={null}>
        <Await resolve={categories}>
          {(categories) =>
            categories.length > 0 && (
              <section className="mt-10" aria-labelledby="article-categories-title">
                <h2 id="article-categories-title" className="text-xl font-bold">
                  文章分類
                </h2>
                <ul className="list-none m-0 p-0 flex flex-wrap gap-3">
                  {categories.map((category) => (
                    <li key={category.name}>
                      <Link
                        to={listHref("/article/list", { category: category.name })}
                        className="inline-flex items-center h-control-sm px-4 border border-line bg-surface text-link"
                      >
                        {category.name}
                        <span className="ml-1 text-ink-muted">
                          （{category.article_count}
                          <span className="sr-only"> 篇</span>）
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )
          }
        </Await>
      </Suspense>
      <SeeAll to="/article/list" label="查看全部文章" className="mt-8 mb-0" />
    </WelcomePage>
  );
}
