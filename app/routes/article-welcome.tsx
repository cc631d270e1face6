// /article/welcome: the welcome text of the articles corner, the four latest articles (streamed in after the
// text), the categories, and the way to the full list.
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ARTICLE_GRID, ArticleCard, ArticleGridSkeleton } from "~/components/article-card";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EditorialSections } from "~/components/editorial-sections";
import { listHref } from "~/components/list-query";
import { critical, deferred } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server";
import { editorialPageMeta } from "~/lib/meta";
import type { Route } from "./+types/article-welcome";

const LATEST_COUNT = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const latest = deferred(
    api.GET("/articles", { params: { query: { per_page: LATEST_COUNT } } }),
    { items: [], page: 1, per_page: LATEST_COUNT, total: 0, total_pages: 0 },
    "latest articles",
  ).then((articles) => articles.items);
  const categories = deferred(api.GET("/articles/categories"), [], "article categories");
  const page = await critical(api.GET("/pages/{slug}", { params: { path: { slug: "article-welcome" } } }));
  return { page, categories, latest };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  editorialPageMeta(matches, loaderData?.page, "/article/welcome");

export default function ArticleWelcome({ loaderData }: Route.ComponentProps) {
  const { page, categories, latest } = loaderData;
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: page.title }]} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold mt-0 mb-2">{page.title}</h1>
      <EditorialSections sections={page.sections} />
      <section className="mt-10" aria-labelledby="latest-articles-title">
        <h2 id="latest-articles-title" className="text-xl font-bold">
          最新文章
        </h2>
        <Suspense fallback={<ArticleGridSkeleton count={LATEST_COUNT} label="最新文章" />}>
          <Await resolve={latest}>
            {(items) =>
              items.length > 0 ? (
                <ul className={`${ARTICLE_GRID} xl:grid-cols-4`} aria-label="最新文章" data-testid="latest-articles">
                  {items.map((article) => (
                    <li key={article.id}>
                      <ArticleCard article={article} headingLevel={3} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-ink-muted">目前沒有文章。</p>
              )
            }
          </Await>
        </Suspense>
      </section>
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
      <p className="mt-8 mb-0">
        <Link to="/article/list" className="btn-outline">
          查看全部文章
        </Link>
      </p>
    </div>
  );
}
