// /order-complete?order_no=… (default layout, a member's page): where checkout and the payment gateway's return
// lead. It shows the order as the API has it now and what happens next (see OrderNextSteps); a failed payment can be
// tried again (重新付款, a plain form post whose reply is the gateway's form). `?payment=unverified` is the gateway
// return that could not be verified: the page says the result is unknown and points to the member's orders.
// A guest is sent to sign in first and comes back here (the return's 303 is a top-level GET, so the member cookie,
// SameSite=Lax, is sent with it).
import { data, Link } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { memberOrder } from "~/features/orders/member-order.server";
import { orderCompleteTitle } from "~/features/orders/order-complete-title.server";
import {
  InvoiceSection,
  MissingOrder,
  OrderAmounts,
  OrderFacts,
  OrderLines,
  RefundNotice,
  Section,
} from "~/features/orders/order-detail";
import { OrderNextSteps, type RetryOutcome } from "~/features/orders/order-next-steps";
import { isOrderNo } from "~/features/orders/order-no";
import { requireMember, signInFirst } from "~/features/session/sign-in-first.server";
import { API_CODE } from "~/http/api-codes";
import { notFound, submitted, unavailable } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { formText } from "~/lib/field-errors";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/order-complete";

const MEMBER_ORDERS = "/member/orders";

/** The member's detail of an order on /member/orders. */
function detailHref(orderNo: string) {
  return `${MEMBER_ORDERS}?${new URLSearchParams({ no: orderNo })}`;
}

// Personal data: never stored by a shared cache, nor by the browser's.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const unverified = url.searchParams.get("payment") === "unverified";
  const orderNo = (url.searchParams.get("order_no") ?? "").trim();
  // No number (the unverified return gives none, it has no order that can be trusted): nothing personal to load,
  // so no sign-in either; the page points to the member's orders.
  if (!orderNo) {
    return {
      view: "no-order" as const,
      orderNo,
      unverified,
      title: orderCompleteTitle({ view: "no-order", unverified }),
    };
  }
  requireMember(request);
  const found = await memberOrder(serverApi(request, context), orderNo, "order-complete", "order");
  if (found.found === "order") {
    const { order } = found;
    const title = orderCompleteTitle({ view: "order", order });
    return { view: "order" as const, orderNo, unverified, title, order, invoice: found.parties.invoice };
  }
  if (found.found === "unauthenticated") throw signInFirst(request, { clearToken: true });
  if (found.found === "missing") {
    return notFound({ view: "missing" as const, orderNo, unverified, title: orderCompleteTitle({ view: "missing" }) });
  }
  const title = orderCompleteTitle({ view: "unavailable" });
  return unavailable({ view: "unavailable" as const, orderNo, unverified, title }, found.status);
}

/** 重新付款: a new gateway form for an order whose payment failed, or the API's refusal in Chinese. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const orderNo = formText(form, "order_no").trim();
  requireMember(request);
  if (form.get("intent") !== "retry-payment" || !isOrderNo(orderNo)) {
    return data<RetryOutcome>({ error: "找不到要付款的訂單，請重新整理頁面後再試。" }, { status: 400 });
  }
  const api = serverApi(request, context);
  const reply = await submitted(
    api.POST("/member/orders/{order_no}/payment", { params: { path: { order_no: orderNo } } }),
  );
  if (reply.ok) return { payment: reply.data } satisfies RetryOutcome;
  if (reply.code === API_CODE.unauthenticated) throw signInFirst(request, { clearToken: true });
  return data<RetryOutcome>({ error: reply.message }, { status: reply.status });
}

// 重新付款 sent while the connection is down says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(request, serverAction, (): RetryOutcome => ({ error: OFFLINE_NOT_SENT }));

export const shouldRevalidate = skipRevalidationAfterOffline;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(siteFromMatches(matches), {
    // The loader words it (order-complete-title.server.ts); a page without its data (an error) is this route's.
    title: loaderData?.title ?? routeTitle("order-complete"),
    description: "訂單的付款結果與後續處理。",
  }),
  { name: "robots", content: "noindex, nofollow" },
];

function UnverifiedNotice() {
  return (
    <div role="alert" className="border border-error px-4 py-3 my-4 max-w-2xl" data-testid="payment-unverified">
      <p className="m-0 font-bold text-error">無法確認付款結果</p>
      <p className="mt-1 mb-0">
        我們無法確認這次付款的結果，請勿重複付款。請至
        <Link to={MEMBER_ORDERS} className="text-link underline">
          會員訂單
        </Link>
        查看訂單的付款狀態；如有疑問，請聯絡客服中心。
      </p>
    </div>
  );
}

function NextLinks({ orderNo }: { orderNo?: string }) {
  return (
    <ul className="list-none m-0 mt-8 p-0 flex flex-wrap gap-3">
      {orderNo && (
        <li>
          <Link to={detailHref(orderNo)} className="btn-outline h-control px-4">
            查看訂單明細
          </Link>
        </li>
      )}
      <li>
        <Link to="/" className="btn-primary h-control px-4">
          繼續購物
        </Link>
      </li>
    </ul>
  );
}

export default function OrderComplete({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "missing") {
    return (
      <section aria-labelledby="page-title" className="container py-8">
        {loaderData.unverified && <UnverifiedNotice />}
        <MissingOrder orderNo={loaderData.orderNo}>
          <Link to={MEMBER_ORDERS} className="text-link underline">
            查看我的訂單
          </Link>
        </MissingOrder>
      </section>
    );
  }
  return (
    <section aria-labelledby="page-title" className="container py-8">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-4">
        {loaderData.title}
      </h1>
      {loaderData.unverified && <UnverifiedNotice />}
      {loaderData.view === "no-order" && !loaderData.unverified && (
        <p className="max-w-2xl">
          這個網址沒有指定訂單。您的訂單與付款狀態都可以在
          <Link to={MEMBER_ORDERS} className="text-link underline">
            會員訂單
          </Link>
          查看。
        </p>
      )}
      {loaderData.view === "unavailable" && <DataUnavailable />}
      {loaderData.view === "order" && (
        <>
          <OrderFacts order={loaderData.order} />
          {/* As on the member's order detail: a refund due, of the order or of one payment too many. */}
          <RefundNotice order={loaderData.order} />
          <OrderNextSteps order={loaderData.order} retry={actionData} />
          <Section id="order-lines" title="訂購商品">
            <OrderLines order={loaderData.order} />
          </Section>
          <Section id="order-amounts" title="金額明細">
            <OrderAmounts order={loaderData.order} />
          </Section>
          {loaderData.invoice && <InvoiceSection invoice={loaderData.invoice} />}
        </>
      )}
      <NextLinks orderNo={loaderData.orderNo || undefined} />
    </section>
  );
}
