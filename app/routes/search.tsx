// /search?q=&sort=&page=: product results from GET /search, rendered on the server (the header's GET form works
// without JavaScript), with the matching authors, publishers and articles streamed in afterwards.
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-grid";
import { PAGE_MAX, parsePage } from "~/domain/paging";
import {
  cleanSearchQuery,
  parseSearchSort,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_TOO_LONG,
  SEARCH_SORTS,
  type SearchSort,
  searchHref,
  searchQueryCut,
} from "~/domain/search-query";
import { groupThousands } from "~/domain/thousands";
import type { ApiClient } from "~/lib/api/client";
import { critical, deferred } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { PAGES, routeTitle } from "~/pages";
import type { Route } from "./+types/search";

type Schemas = components["schemas"];

const PER_PAGE = 24;
const RELATED_LIMIT = 10;

const NO_SUGGESTIONS: Schemas["SearchSuggestions"] = { books: [], authors: [], publishers: [], articles: [] };

interface Results {
  items: Schemas["ProductCard"][];
  total: number;
  totalPages: number;
}

async function searchResults(api: ApiClient, q: string, sort: SearchSort, page: number): Promise<Results> {
  const reply = await critical(api.GET("/search", { params: { query: { q, sort, page, per_page: PER_PAGE } } }));
  // The API pages up to PAGE_MAX; links past it would fall back to page 1.
  return { items: reply.items, total: reply.total, totalPages: Math.min(reply.total_pages, PAGE_MAX) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = cleanSearchQuery(params.get("q"));
  // Longer than the API takes (a link or a bookmark): its start is searched, and the page says so.
  const cut = searchQueryCut(params.get("q"));
  const sort = parseSearchSort(params.get("sort"));
  const page = parsePage(params.get("page"));
  if (!q) return { q, cut, sort, page, results: null, related: null };
  const api = serverApi(request, context);
  // Both start at once; the products are awaited (the first screen), the other matches stream in.
  const related = deferred(
    api.GET("/search/suggestions", { params: { query: { q, limit: RELATED_LIMIT } } }),
    NO_SUGGESTIONS,
    "search suggestions",
  );
  const results = await searchResults(api, q, sort, page);
  return { q, cut, sort, page, results, related };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const q = loaderData?.q;
  if (!q) return pageMeta(site, { title: routeTitle("search") });
  // Result pages are for readers, not for search engines' indexes.
  return [
    ...pageMeta(site, { title: `${routeTitle("search")}：${q}` }),
    { name: "robots", content: "noindex, follow" },
  ];
};

function SortLinks({ q, sort }: { q: string; sort: SearchSort }) {
  return (
    <nav aria-label="排序方式" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-ink-muted" aria-hidden="true">
        排序：
      </span>
      <ul className="list-none m-0 p-0 flex flex-wrap gap-2">
        {SEARCH_SORTS.map((option) => (
          <li key={option.value}>
            {option.value === sort ? (
              <span
                aria-current="true"
                className="inline-flex items-center h-control-sm px-3 border border-primary bg-primary text-primary-on font-bold"
              >
                {option.label}
              </span>
            ) : (
              <Link
                to={searchHref(q, option.value)}
                className="text-link inline-flex items-center h-control-sm px-3 border border-line"
              >
                {option.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A listing to browse instead, by its page title. */
function BrowseLink({ page }: { page: "product-new-books" | "product-picks" | "product-type" }) {
  return (
    <Link to={PAGES[page].path} className="text-link underline">
      {routeTitle(page)}
    </Link>
  );
}

function EmptyQuery() {
  return (
    <div className="mt-4 max-w-2xl" data-testid="search-empty">
      <p>
        請在
        <a href="#site-search" className="text-link underline">
          上方的搜尋欄
        </a>
        輸入書名、作者、出版社或 ISBN，按下「搜尋」即可找書。
      </p>
      <p className="text-ink-muted">
        也可以逛逛
        <BrowseLink page="product-new-books" />、
        <BrowseLink page="product-picks" />或
        <BrowseLink page="product-type" />。
      </p>
    </div>
  );
}

function NoResults({ q }: { q: string }) {
  return (
    <div className="mt-6 border border-line bg-surface p-5 max-w-2xl" data-testid="search-no-results">
      <h2 className="text-lg font-bold m-0">找不到符合「{q}」的商品</h2>
      <p className="mb-1">您可以試試：</p>
      <ul className="my-0 pl-6 space-y-1">
        <li>檢查是否有錯別字；「台」與「臺」、「裡」與「裏」這類異體字，可以換一種寫法再試試。</li>
        <li>減少關鍵字，或改用較短、較常見的詞，例如只輸入書名的一部分或作者的姓名。</li>
        <li>
          看看最近的
          <BrowseLink page="product-new-books" />與
          <BrowseLink page="product-picks" />。
        </li>
      </ul>
    </div>
  );
}

function RelatedMatches({ suggestions }: { suggestions: Schemas["SearchSuggestions"] }) {
  const groups = [
    {
      key: "authors",
      title: "相關作者",
      items: suggestions.authors.map((a) => ({ id: a.id, name: a.name, href: `/author/${a.id}` })),
    },
    {
      key: "publishers",
      title: "相關出版社",
      items: suggestions.publishers.map((p) => ({ id: p.id, name: p.name, href: `/publisher/${p.id}` })),
    },
    {
      key: "articles",
      title: "相關文章",
      items: suggestions.articles.map((a) => ({ id: a.id, name: a.title, href: `/article/${a.id}` })),
    },
  ].filter((group) => group.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-3" data-testid="search-related">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`related-${group.key}`}>
          <h2 id={`related-${group.key}`} className="text-lg font-bold m-0 mb-2 border-b border-line pb-1">
            {group.title}
          </h2>
          <ul className="list-none m-0 p-0 space-y-1">
            {group.items.map((item) => (
              <li key={item.id}>
                <Link to={item.href} className="text-link underline">
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, cut, sort, page, results, related } = loaderData;
  return (
    <div className="container py-8">
      <h1 className="text-2xl font-bold m-0">{routeTitle("search")}</h1>
      {!q || !results ? (
        <EmptyQuery />
      ) : (
        <>
          {cut && (
            <p className="mt-2 mb-0" data-testid="search-query-cut">
              {SEARCH_QUERY_TOO_LONG}，以下只搜尋前 {SEARCH_QUERY_MAX} 個字。
            </p>
          )}
          <p className="mt-2 mb-0" data-testid="search-summary">
            「{q}」的搜尋結果，共 {groupThousands(results.total)} 筆
          </p>
          {results.total === 0 ? (
            <NoResults q={q} />
          ) : (
            <section aria-labelledby="search-results-title" className="mt-4">
              <h2 id="search-results-title" className="sr-only">
                書籍
              </h2>
              <SortLinks q={q} sort={sort} />
              {results.items.length > 0 ? (
                <div className="mt-4">
                  <ProductGrid products={results.items} label="搜尋結果" leading />
                </div>
              ) : (
                <p className="mt-4">
                  這一頁沒有結果，
                  <Link to={searchHref(q, sort)} className="text-link underline">
                    回到第 1 頁
                  </Link>
                  。
                </p>
              )}
              <Pagination page={page} totalPages={results.totalPages} />
            </section>
          )}
          {related && (
            <Suspense fallback={null}>
              <Await resolve={related}>{(suggestions) => <RelatedMatches suggestions={suggestions} />}</Await>
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
