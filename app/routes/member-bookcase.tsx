// /member/bookcase (member layout): the e-books and audio books of the member's paid orders, latest purchase first,
// paged (?page=). An API that fails says the data is unavailable instead of failing the page.
import { Link } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { Pagination } from "~/components/pagination";
import { BookcaseItem } from "~/features/account/bookcase-item";
import { available } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { pageParam } from "~/lib/list-query";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/member-bookcase";

const PER_PAGE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const page = pageParam(new URL(request.url));
  const fetchPage = (p: number) =>
    available(api.GET("/member/bookcase", { params: { query: { page: p, per_page: PER_PAGE } } }), "member bookcase");
  const bookcase = await fetchPage(page);
  // A page past the last one is read as the first (the bookcase may have changed since the link was made).
  return { bookcase: bookcase && page > 1 && page > bookcase.total_pages ? await fetchPage(1) : bookcase };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: routeTitle("member-bookcase"),
    description: "您購買的電子書與有聲書，隨時開啟閱讀與收聽。",
  });

export default function MemberBookcase({ loaderData }: Route.ComponentProps) {
  const { bookcase } = loaderData;
  const title = routeTitle("member-bookcase");
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-4">
        {title}
      </h1>
      {!bookcase ? (
        <DataUnavailable />
      ) : bookcase.items.length === 0 ? (
        <p className="text-ink-muted" data-testid="bookcase-empty">
          書櫃裡還沒有書。購買電子書或有聲書並完成付款後，就會出現在這裡。
          <Link to="/product/ebooks" className="text-link underline">
            逛逛電子書
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-0 text-ink-muted">共 {bookcase.total} 本</p>
          <ul className="list-none m-0 p-0 grid gap-4 lg:grid-cols-2" aria-label="書櫃">
            {bookcase.items.map((entry) => (
              <li key={entry.product.id}>
                <BookcaseItem entry={entry} />
              </li>
            ))}
          </ul>
          <Pagination page={bookcase.page} totalPages={bookcase.total_pages} />
        </>
      )}
    </section>
  );
}
