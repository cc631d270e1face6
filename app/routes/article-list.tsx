// /article/list: articles, newest first, optionally of one category (?category=), nine a page (?page=).
// A category that does not exist falls back to all articles.

import { ArticleCard } from "~/components/article-card";
import { CardListPage } from "~/components/card-list-page";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { listHref, listTitle, pageOrNone, pageParam, withinPages } from "~/lib/list-query";
import { canonicalUrl, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/article-list";

const PER_PAGE = 9;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("category")?.trim() || undefined;
  const page = pageParam(url);
  const api = serverApi(request, context);
  const listOf = (category: string | undefined) =>
    withinPages(page, (p) =>
      critical(api.GET("/articles", { params: { query: { category, page: p, per_page: PER_PAGE } } })),
    );
  // The categories (the tabs, and what a valid ?category= is) and the asked-for list are fetched together; an
  // unknown category is then read as 全部.
  const [categories, askedList] = await Promise.all([
    critical(api.GET("/articles/categories")),
    asked && asked.length <= 20 ? listOf(asked) : undefined,
  ]);
  const category = asked && categories.some((c) => c.name === asked) ? asked : undefined;
  const articles = category && askedList ? askedList : await listOf(undefined);
  return { categories, category, articles };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const category = loaderData?.category;
  const page = loaderData?.articles.page ?? 1;
  return pageMeta(siteFromMatches(matches), {
    title: listTitle(routeTitle("article-list"), page),
    description: category ? `文章分類：${category}` : undefined,
    url: canonicalUrl(matches, listHref("/article/list", { category, page: pageOrNone(page) })),
  });
};

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const { categories, category, articles } = loaderData;
  const title = routeTitle("article-list");
  const tabs = [
    { to: "/article/list", label: "全部", current: category === undefined },
    ...categories.map((c) => ({
      to: listHref("/article/list", { category: c.name }),
      label: c.name,
      current: c.name === category,
    })),
  ];
  return (
    <CardListPage
      title={title}
      welcome={{ label: routeTitle("article-welcome"), to: "/article/welcome" }}
      filterLabel="文章分類"
      tabs={tabs}
      list={articles}
      listLabel={category ? `${category}文章` : "全部文章"}
      emptyText="目前沒有文章。"
      card={(article) => <ArticleCard article={article} />}
    />
  );
}
