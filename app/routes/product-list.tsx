// /product/new-books, /product/picks and /product/ebooks: one listing module, told apart by the path. Sort, format
// filter, page size and page live in the URL; invalid values fall back to the defaults.
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ProductListing } from "~/components/product-listing";
import { critical, notFound } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { isPastTheEnd, listTitle } from "~/lib/list-query";
import { canonicalUrl, ERROR_PAGE_TITLE, pageMeta, siteFromMatches } from "~/lib/meta";
import { apiListQuery, canonicalListPath, parseListQuery } from "~/lib/product-list-query";
import { type PageId, routeTitle } from "~/pages";
import type { Route } from "./+types/product-list";

interface ListKind {
  id: PageId;
  /** What the listing always asks the API for. */
  filter: { is_new?: 1; is_pick?: 1; format?: 2 };
  /** A listing of a single format has no format filter. */
  formats: boolean;
  description: string;
  emptyText: string;
}

const LISTS: Record<string, ListKind> = {
  "new-books": {
    id: "product-new-books",
    filter: { is_new: 1 },
    formats: true,
    description: "最新出版的佛學、人文與生活好書，每週更新，可依出版日期、價格或書名排序瀏覽。",
    emptyText: "目前沒有符合條件的新書，歡迎稍後再來看看。",
  },
  picks: {
    id: "product-picks",
    filter: { is_pick: 1 },
    formats: true,
    description: "編輯群用心挑選的好書與好物，值得一讀再讀。",
    emptyText: "目前沒有符合條件的推薦選書，歡迎稍後再來看看。",
  },
  ebooks: {
    id: "product-ebooks",
    filter: { format: 2 },
    formats: false,
    description: "隨身閱讀的電子書，隨時隨地親近經典。",
    emptyText: "目前還沒有電子書，歡迎稍後再來看看。",
  },
};

/** The listing of a route pattern (/product/new-books …); the same module serves the three routes. */
function listKind(pattern: string): ListKind | undefined {
  const slug = pattern.replace(/\/+$/, "").split("/").at(-1) ?? "";
  return Object.hasOwn(LISTS, slug) ? LISTS[slug] : undefined;
}

export async function loader({ request, url, pattern, context }: Route.LoaderArgs) {
  const kind = listKind(pattern);
  if (!kind) throw notFound();
  const query = parseListQuery(url.searchParams, { formats: kind.formats });
  const api = serverApi(request, context);
  const result = await critical(
    api.GET("/products", { params: { query: { ...apiListQuery(query), ...kind.filter } } }),
  );
  const loaded = { kind, query, result };
  return isPastTheEnd(query.page, result) ? notFound(loaded) : loaded;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { kind, query } = loaderData;
  return pageMeta(site, {
    title: listTitle(routeTitle(kind.id), query.page),
    description: kind.description,
    url: canonicalUrl(matches, canonicalListPath(location.pathname, query)),
  });
};

export default function ProductListPage({ loaderData }: Route.ComponentProps) {
  const { kind, query, result } = loaderData;
  const title = routeTitle(kind.id);
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: title }]} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold m-0">{title}</h1>
      <p className="text-ink-muted mt-2 mb-6">{kind.description}</p>
      <ProductListing result={result} query={query} formats={kind.formats} label={title} emptyText={kind.emptyText} />
    </div>
  );
}
