// /news/list: the news, pinned first then newest, optionally of one type (?type=1|2|3), ten a page (?page=).
// Type and page live in the URL; an unknown type or page falls back to all types, page 1.
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FilterTabs } from "~/components/filter-tabs";
import { NewsItem } from "~/components/news-item";
import { Pagination } from "~/components/pagination";
import { NEWS_TYPE_LABEL } from "~/domain/labels";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { choiceParam, listHref, listTitle, pageOrNone, pageParam, withinPages } from "~/lib/list-query";
import { canonicalUrl, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/news-list";

const NEWS_TYPES = ["1", "2", "3"] as const;
const PER_PAGE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typeParam = choiceParam(url, "type", NEWS_TYPES);
  const type = typeParam ? (Number(typeParam) as 1 | 2 | 3) : undefined;
  const api = serverApi(request, context);
  const news = await withinPages(pageParam(url), (page) =>
    critical(api.GET("/news", { params: { query: { type, page, per_page: PER_PAGE } } })),
  );
  return { type, news };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const type = loaderData?.type;
  const page = loaderData?.news.page ?? 1;
  return pageMeta(siteFromMatches(matches), {
    title: listTitle(routeTitle("news-list"), page),
    description: type ? `最新消息：${NEWS_TYPE_LABEL[type]}` : undefined,
    url: canonicalUrl(matches, listHref("/news/list", { type, page: pageOrNone(page) })),
  });
};

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { type, news } = loaderData;
  const title = routeTitle("news-list");
  const tabs = [
    { to: "/news/list", label: "全部", current: type === undefined },
    ...([1, 2, 3] as const).map((t) => ({
      to: listHref("/news/list", { type: t }),
      label: NEWS_TYPE_LABEL[t],
      current: type === t,
    })),
  ];
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: title }]} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold mt-0 mb-4">{title}</h1>
      <FilterTabs label="消息類型" tabs={tabs} />
      {news.items.length > 0 ? (
        <ul className="list-none m-0 p-0 max-w-4xl" aria-label={type ? `${NEWS_TYPE_LABEL[type]}列表` : "消息列表"}>
          {news.items.map((item) => (
            <li key={item.id}>
              <NewsItem news={item} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">目前沒有消息。</p>
      )}
      <Pagination page={news.page} totalPages={news.total_pages} />
    </div>
  );
}
