// /article/{id}: one article with the books it mentions; unknown id → 404. Search engines get a schema.org Article.
import { Link, useRouteLoaderData } from "react-router";
import { ApiImage } from "~/components/api-image";
import { ArticleByline, EDITORS_BYLINE } from "~/components/article-card";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { JsonLd } from "~/components/json-ld";
import { ProductGrid } from "~/components/product-grid";
import { FavoriteButton } from "~/features/favorites/favorite-button";
import { critical } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { listHref } from "~/lib/list-query";
import { absoluteUrl, canonicalUrl, ERROR_PAGE_TITLE, originFromMatches, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/article";

type ArticleDetail = components["schemas"]["ArticleDetail"];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const article = await critical(api.GET("/articles/{id}", { params: { path: { id: params.id } } }));
  return { article };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { article } = loaderData;
  const origin = originFromMatches(matches);
  return pageMeta(site, {
    title: article.title,
    description: article.summary,
    image: absoluteUrl(article.cover.url, origin),
    type: "article",
    url: canonicalUrl(matches, `/article/${article.id}`),
  });
};

/** The schema.org Article of an article (https://schema.org/Article). */
function articleData(article: ArticleDetail, origin: string, siteTitle: string) {
  const publisher = { "@type": "Organization", name: siteTitle, url: origin || undefined };
  return {
    "@type": "Article",
    headline: article.title,
    description: article.summary,
    image: [absoluteUrl(article.cover.url, origin)],
    datePublished: article.published_at,
    articleSection: article.category,
    author: article.author
      ? { "@type": "Person", name: article.author.name, url: `${origin}/author/${article.author.id}` }
      : { "@type": "Organization", name: `${siteTitle}${EDITORS_BYLINE}` },
    publisher,
    mainEntityOfPage: { "@type": "WebPage", "@id": `${origin}/article/${article.id}` },
  };
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const categoryList = listHref("/article/list", { category: article.category });
  return (
    <div className="container py-8">
      <Breadcrumbs
        items={[
          { label: routeTitle("article-list"), to: "/article/list" },
          { label: article.category, to: categoryList },
          { label: article.title },
        ]}
      />
      <article aria-labelledby="article-title" className="max-w-3xl">
        <header>
          <p className="m-0 text-sm font-bold">
            <Link to={categoryList} className="text-link text-primary" data-testid="article-category">
              {article.category}
            </Link>
          </p>
          <div className="flex items-start justify-between gap-4">
            <h1 id="article-title" className="font-serif text-2xl md:text-3xl font-bold mt-1 mb-2">
              {article.title}
            </h1>
            <FavoriteButton type={2} id={article.id} />
          </div>
          <ArticleByline article={article} />
        </header>
        <ApiImage
          image={article.cover}
          sizes="(min-width: 768px) 768px, 100vw"
          fetchPriority="high"
          className="block w-full h-auto mt-6 border border-line bg-surface"
        />
        <div className="mt-6 leading-relaxed" data-testid="article-body">
          {article.body.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </article>
      {article.products.length > 0 && (
        <section className="mt-10" aria-labelledby="mentioned-books-title">
          <h2 id="mentioned-books-title" className="text-xl font-bold">
            文中提到的書
          </h2>
          <ProductGrid products={article.products} label="文中提到的書" />
        </section>
      )}
      <p className="mt-8 mb-0">
        <Link to="/article/list" className="btn-outline">
          看更多文章
        </Link>
      </p>
      <JsonLd data={articleData(article, root?.origin ?? "", root?.site.siteTitle ?? "")} />
    </div>
  );
}
