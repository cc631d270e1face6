// /news/{id}: one news item with links to the newer and older items of its type; unknown id → 404.
import { Link, useRouteLoaderData } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { JsonLd } from "~/components/json-ld";
import { critical } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { formatDate } from "~/lib/format";
import { listHref } from "~/lib/list-query";
import { canonicalUrl, ERROR_PAGE_TITLE, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/news";

type NewsRef = components["schemas"]["NewsRef"];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const news = await critical(api.GET("/news/{id}", { params: { path: { id: params.id } } }));
  return { news };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { news } = loaderData;
  return pageMeta(site, {
    title: news.title,
    description: news.summary,
    type: "article",
    url: canonicalUrl(matches, `/news/${news.id}`),
  });
};

/** The link to the next newer or older item of the type, or the words that there is none. */
function Neighbour({ item, rel, label, none }: { item: NewsRef | null; rel: string; label: string; none: string }) {
  if (!item) return <span className="text-sm text-ink-muted">{none}</span>;
  return (
    <Link to={`/news/${item.id}`} className="text-link block" rel={rel}>
      <span className="block text-sm text-ink-muted">{label}</span>
      {item.title}
    </Link>
  );
}

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { news } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const listOfType = listHref("/news/list", { type: news.type });
  return (
    <div className="container py-8">
      <Breadcrumbs
        items={[
          { label: routeTitle("news-list"), to: "/news/list" },
          { label: news.type_label, to: listOfType },
          { label: news.title },
        ]}
      />
      <article aria-labelledby="news-title" className="max-w-3xl">
        <header>
          <p className="m-0 flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
            <span className="px-2 border border-line text-ink" data-testid="news-type">
              {news.type_label}
            </span>
            <time dateTime={news.published_at}>{formatDate(news.published_at)}</time>
          </p>
          <h1 id="news-title" className="font-serif text-2xl md:text-3xl font-bold mt-2 mb-4">
            {news.title}
          </h1>
        </header>
        <div className="leading-relaxed" data-testid="news-body">
          {news.body.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </article>
      <nav aria-label="其他消息" className="max-w-3xl mt-10 border-t border-line pt-4">
        <ul className="list-none m-0 p-0 grid gap-3 sm:grid-cols-2">
          <li>
            <Neighbour item={news.newer} rel="prev" label="較新" none="已是最新一則" />
          </li>
          <li className="sm:text-right">
            <Neighbour item={news.older} rel="next" label="較舊" none="已是最舊一則" />
          </li>
        </ul>
        <p className="mt-6 mb-0">
          <Link to={listOfType} className="btn-outline">
            返回{news.type_label}列表
          </Link>
        </p>
      </nav>
      <JsonLd
        data={{
          "@type": "NewsArticle",
          headline: news.title,
          description: news.summary,
          datePublished: news.published_at,
          articleSection: news.type_label,
          publisher: { "@type": "Organization", name: root?.site.siteTitle ?? "" },
          mainEntityOfPage: { "@type": "WebPage", "@id": `${root?.origin ?? ""}/news/${news.id}` },
        }}
      />
    </div>
  );
}
