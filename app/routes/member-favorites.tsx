// /member/favorites (member layout): the liked books, authors and articles, one tab each (?tab=books|authors|articles,
// plain links, books by default), most recently liked first, paged (?page=). Each can be removed with the favourite
// toggle; a removed item leaves the list as soon as the reloaded likes no longer hold it. A like just added from a page
// rendered for a guest, or a removal posted without JavaScript, is said once (favorites-notice.server.ts).
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { FilterTabs } from "~/components/filter-tabs";
import { Pagination } from "~/components/pagination";
import { ProductCardView } from "~/components/product-card";
import { useLiveLikedIds } from "~/features/favorites/favorite-live";
import { FavoriteRemoveButton, REMOVE_FAVORITE_INTENT } from "~/features/favorites/favorite-remove-button";
import { removedNoticeCookie, takeFavoritesNotice } from "~/features/favorites/favorites-notice.server";
import type { LikeType } from "~/features/favorites/likes";
import { signInAgainIfEnded } from "~/features/session/sign-in-first.server";
import { available, submitted } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { formatDate } from "~/lib/format";
import { choiceParam, listHref, pageParam } from "~/lib/list-query";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/member-favorites";

type FavoriteItem = components["schemas"]["FavoritePage"]["items"][number];

const PER_PAGE = 12;
const NO_ITEMS: FavoriteItem[] = [];
const PATH = "/member/favorites";

const TABS = {
  books: {
    type: 0,
    label: "書籍",
    unit: "本",
    empty: "還沒有收藏的書。",
    browse: { to: "/product/new-books", label: "逛逛新書" },
  },
  authors: {
    type: 1,
    label: "作者",
    unit: "位",
    empty: "還沒有收藏的作者。",
    browse: { to: "/", label: "回到首頁找作者" },
  },
  articles: {
    type: 2,
    label: "文章",
    unit: "篇",
    empty: "還沒有收藏的文章。",
    browse: { to: "/article/list", label: "逛逛文章" },
  },
} as const satisfies Record<string, { type: LikeType; label: string; unit: string; empty: string; browse: object }>;
type Tab = keyof typeof TABS;
const TAB_NAMES = Object.keys(TABS) as Tab[];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = choiceParam(url, "tab", TAB_NAMES, "books");
  const page = pageParam(url);
  const api = serverApi(request, context);
  const fetchPage = (p: number) =>
    available(
      api.GET("/member/favorites", { params: { query: { type: TABS[tab].type, page: p, per_page: PER_PAGE } } }),
      "member favorites",
    );
  const favorites = await fetchPage(page);
  const taken = await takeFavoritesNotice(request);
  const shown = {
    tab,
    // A page past the last one is read as the first (likes may have been removed since the link was made).
    favorites: favorites && page > 1 && page > favorites.total_pages ? await fetchPage(1) : favorites,
    // A removal posted without JavaScript is said where the live removal says it.
    ...(taken?.notice ?? { likedFrom: null, removed: false }),
  };
  // The notice is said once: the reply that says it clears its cookie.
  return taken ? data(shown, { headers: { "Set-Cookie": taken.clear } }) : shown;
}

/** 取消收藏 posted without JavaScript: the same removal as the toggle, then the same page again. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const type = Number(form.get("type"));
  const id = Number(form.get("id"));
  if (form.get("intent") !== REMOVE_FAVORITE_INTENT || ![0, 1, 2].includes(type) || !Number.isSafeInteger(id)) {
    return data({ error: "無法取消收藏，請重新整理後再試" }, { status: 400 });
  }
  const reply = signInAgainIfEnded(
    request,
    await submitted(
      serverApi(request, context).POST("/member/favorites", { body: { type: type as LikeType, id, status: 0 } }),
    ),
  );
  if (!reply.ok) return data({ error: reply.message }, { status: reply.status });
  const url = new URL(request.url);
  // The same list again, saying the removal.
  throw redirect(`${url.pathname}${url.search}`, {
    status: 303,
    headers: { "Set-Cookie": await removedNoticeCookie(request) },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: routeTitle("member-favorites"),
    description: "您收藏的書籍、作者與文章。",
  });

function idOf(item: FavoriteItem): number {
  if (item.type === 0) return item.product.id;
  if (item.type === 1) return item.author.id;
  return item.article.id;
}

function nameOf(item: FavoriteItem): string {
  if (item.type === 0) return item.product.title;
  if (item.type === 1) return item.author.name;
  return item.article.title;
}

function FavoriteEntry({ item }: { item: FavoriteItem }) {
  const remove = <FavoriteRemoveButton type={item.type} id={idOf(item)} name={nameOf(item)} />;
  if (item.type === 0) {
    return (
      <div className="grid gap-2 content-start">
        <ProductCardView product={item.product} />
        {remove}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3 border-b border-line">
      {item.type === 1 ? (
        <Link to={`/author/${item.author.id}`} className="text-link underline font-bold">
          {item.author.name}
        </Link>
      ) : (
        <span className="grid gap-1">
          <Link to={`/article/${item.article.id}`} className="text-link underline font-bold">
            {item.article.title}
          </Link>
          <time dateTime={item.article.published_at} className="text-sm text-ink-muted">
            {formatDate(item.article.published_at)}
          </time>
        </span>
      )}
      {remove}
    </div>
  );
}

/**
 * The items the likes still hold (all of them until the likes have loaded), a notice of the last removal, and the
 * element that loads the likes (on demand, after hydration).
 */
function useStillLiked(type: LikeType, items: FavoriteItem[]) {
  const [likedIds, likesLoader] = useLiveLikedIds(type);
  const shown = likedIds ? items.filter((item) => likedIds.has(idOf(item))) : items;
  const [notice, setNotice] = useState("");
  const previous = useRef({ items, shown });
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { items, shown };
    // Another tab or page is another list, not a removal: the notice of a removal from the last one goes.
    if (before.items !== items) {
      setNotice("");
      return;
    }
    const gone = before.shown.filter((item) => !shown.includes(item));
    if (gone.length === 0) return;
    setNotice(`已取消收藏「${gone.map(nameOf).join("」「")}」`);
    // The pressed button has left with its item: the keyboard goes on from the notice (seen, and above the list)
    // rather than from the page's top.
    if (document.activeElement === document.body) noticeRef.current?.focus();
  });
  return { shown, notice, noticeRef, likesLoader };
}

export default function MemberFavorites({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, favorites } = loaderData;
  const config = TABS[tab];
  const { shown, notice, noticeRef, likesLoader } = useStillLiked(config.type, favorites?.items ?? NO_ITEMS);
  const removed = (favorites?.items.length ?? 0) - shown.length;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-4">
        {routeTitle("member-favorites")}
      </h1>
      {loaderData.likedFrom && (
        <p role="status" className="border-l-4 border-primary bg-surface px-4 py-3" data-testid="liked-notice">
          已加入收藏。
          <Link to={loaderData.likedFrom} className="text-link underline">
            回到剛才的頁面
          </Link>
        </p>
      )}
      {actionData?.error && (
        <p role="alert" className="border border-error text-error px-4 py-3">
          {actionData.error}
        </p>
      )}
      <FilterTabs
        label="收藏類別"
        tabs={TAB_NAMES.map((name) => ({
          to: listHref(PATH, { tab: name }),
          label: TABS[name].label,
          current: name === tab,
        }))}
      />
      <h2 className="sr-only">收藏的{config.label}</h2>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role="status"
        className={notice || loaderData.removed ? "my-3 text-ink-muted" : "sr-only"}
      >
        {notice || (loaderData.removed && "已取消收藏。")}
      </p>
      {likesLoader}
      {!favorites ? (
        <DataUnavailable />
      ) : shown.length === 0 ? (
        <p className="text-ink-muted" data-testid="favorites-empty">
          {config.empty}
          <Link to={config.browse.to} className="text-link underline">
            {config.browse.label}
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-0 text-ink-muted">
            共 {favorites.total - removed} {config.unit}
          </p>
          <ul
            aria-label={`收藏的${config.label}`}
            className={`list-none m-0 p-0 ${tab === "books" ? "grid gap-6 grid-cols-2 sm:grid-cols-3 lg:grid-cols-4" : ""}`}
          >
            {shown.map((item) => (
              <li key={idOf(item)}>
                <FavoriteEntry item={item} />
              </li>
            ))}
          </ul>
          <Pagination page={favorites.page} totalPages={favorites.total_pages} />
        </>
      )}
    </section>
  );
}
