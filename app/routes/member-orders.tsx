// /member/orders (member layout): the member's orders, newest first, ten a page (?page=); `?no=<order_no>` shows one
// order in detail instead (a plain link, so it works before hydration). An unknown or malformed number says the
// order was not found (404); an API that fails says the data is unavailable instead of failing the page.
// `?no=…&cancel=1` asks to confirm 取消訂單; the confirmation is a plain form post (the action), so it works with and
// without JavaScript, and leads back to the detail (303) with the order as it is now.

import { data, Link, redirect } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { Pagination } from "~/components/pagination";
import { memberOrder } from "~/features/orders/member-order.server";
import { BackToOrders, OrderDetail } from "~/features/orders/member-order-detail";
import { type LineFormats, MissingOrder } from "~/features/orders/order-detail";
import { OrderList } from "~/features/orders/order-list";
import { isOrderNo } from "~/features/orders/order-no";
import { signInAgainIfEnded } from "~/features/session/sign-in-first.server";
import type { ApiClient } from "~/lib/api/client";
import { available, deferred, notFound, submitted, unavailable } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { formText } from "~/lib/field-errors";
import { listHref, pageParam } from "~/lib/list-query";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/member-orders";

const PER_PAGE = 10;
/** The contract's order number: BK, the date, a six-digit serial. */

type OrderLine = components["schemas"]["QuoteLine"];

/** The page of orders; a page past the last one is read as the first (the list may have shrunk). Null: unavailable. */
async function ordersPage(api: ApiClient, page: number) {
  const fetchPage = (p: number) =>
    available(api.GET("/member/orders", { params: { query: { page: p, per_page: PER_PAGE } } }), "member orders");
  const result = await fetchPage(page);
  return result && page > 1 && page > result.total_pages ? fetchPage(1) : result;
}

/** Each line's product format, looked up in the catalogue after the order (never fails; unknown → null). */
function lineFormats(api: ApiClient, lines: readonly OrderLine[]): Promise<LineFormats> {
  const ids = [...new Set(lines.map((line) => line.id))];
  return Promise.all(
    ids.map((id) =>
      deferred(api.GET("/products/{id}", { params: { path: { id: String(id) } } }), null, "order line product").then(
        (product) => [id, product?.format ?? null] as const,
      ),
    ),
  ).then(Object.fromEntries);
}

async function orderDetail(api: ApiClient, orderNo: string, page: number) {
  // A missing session is the member layout's to handle (it asks to sign in): the page itself says unavailable.
  const found = await memberOrder(api, orderNo, "member-orders", "member order");
  if (found.found === "order") {
    const { order, parties } = found;
    return { view: "detail" as const, orderNo, page, order, parties, formats: lineFormats(api, order.lines) };
  }
  return found.found === "missing"
    ? notFound({ view: "missing" as const, orderNo, page })
    : unavailable({ view: "unavailable" as const, orderNo, page }, found.status);
}

/** What the last 取消訂單 came to, when it did not go through: the API's reason in Chinese. */
export interface CancelOutcome {
  error: string;
}

/** 取消訂單: the API decides (the order state machine); back to the detail, which shows the new status. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const orderNo = formText(form, "order_no").trim();
  if (form.get("intent") !== "cancel" || !isOrderNo(orderNo)) {
    return data<CancelOutcome>({ error: "找不到要取消的訂單，請重新整理頁面後再試。" }, { status: 400 });
  }
  const reply = signInAgainIfEnded(
    request,
    await submitted(
      serverApi(request, context).POST("/member/orders/{order_no}/cancel", { params: { path: { order_no: orderNo } } }),
    ),
  );
  if (reply.ok) throw redirect(`/member/orders?${new URLSearchParams({ no: orderNo, cancelled: "1" })}`, 303);
  return data<CancelOutcome>({ error: reply.message }, { status: reply.status });
}

// 取消訂單 sent while the connection is down says so on the order (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(request, serverAction, (): CancelOutcome => ({ error: OFFLINE_NOT_SENT }));

export const shouldRevalidate = skipRevalidationAfterOffline;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageParam(url);
  const api = serverApi(request, context);
  const orderNo = url.searchParams.get("no");
  if (orderNo !== null) {
    const detail = await orderDetail(api, orderNo.trim(), page);
    const asks = {
      confirmCancel: url.searchParams.get("cancel") === "1",
      cancelled: url.searchParams.has("cancelled"),
    };
    return "view" in detail ? { ...detail, ...asks } : detail;
  }
  return { view: "list" as const, page, orders: await ordersPage(api, page) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const title =
    loaderData?.view === "detail"
      ? `訂單明細 ${loaderData.orderNo}`
      : loaderData?.view === "missing"
        ? "查無此訂單"
        : routeTitle("member-orders");
  return pageMeta(siteFromMatches(matches), { title, description: "查詢您在本店的訂單、付款狀態與明細。" });
};

/** The list's address on a page (the page is kept when a detail goes back to the list). */
function listAt(page: number) {
  return listHref("/member/orders", { page: page > 1 ? page : undefined });
}

export default function MemberOrders({ loaderData, actionData }: Route.ComponentProps) {
  const title = routeTitle("member-orders");
  if (loaderData.view === "detail") {
    return (
      <OrderDetail
        order={loaderData.order}
        parties={loaderData.parties}
        formats={loaderData.formats}
        backHref={listAt(loaderData.page)}
        cancel={{
          confirming: loaderData.confirmCancel,
          cancelled: loaderData.cancelled,
          error: actionData?.error,
        }}
      />
    );
  }
  if (loaderData.view === "missing") {
    return (
      <div>
        <MissingOrder orderNo={loaderData.orderNo}>
          <BackToOrders href={listAt(loaderData.page)} />
        </MissingOrder>
      </div>
    );
  }
  const orders = loaderData.view === "list" ? loaderData.orders : null;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-4">
        {loaderData.view === "list" ? title : "訂單明細"}
      </h1>
      {!orders ? (
        <DataUnavailable />
      ) : orders.items.length === 0 ? (
        <p className="text-ink-muted" data-testid="orders-empty">
          您還沒有訂單。
          <Link to="/product/new-books" className="text-link underline">
            逛逛新書
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-0 text-ink-muted">共 {orders.total} 筆訂單</p>
          <OrderList
            orders={orders.items}
            detailHref={(no) => listHref("/member/orders", { page: orders.page > 1 ? orders.page : undefined, no })}
          />
          <Pagination page={orders.page} totalPages={orders.total_pages} />
        </>
      )}
    </section>
  );
}
