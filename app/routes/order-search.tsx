// /order-search (default layout, for anyone): look an order up by its number and the orderer's e-mail. A plain POST
// form, so it works without JavaScript and the e-mail never enters the page's address (history, logs, Referer,
// analytics); the action checks the fields (messages tied to them), asks POST /order-search with the same body, and
// the page renders its reply, which is masked (receiver, phones, address): shown as given. A wrong number and a wrong
// e-mail get the same not-found message. The page is personal once searched, so it is neither indexed nor cached.

import { lazy, Suspense, useEffect } from "react";
import { data, Form, redirect } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import { FormAlert } from "~/components/form-alert";
import { FormField } from "~/components/form-field";
import { checkEmail, EMAIL_MAX_LENGTH, tidyEmail } from "~/features/account/email-address";
import { type OrderDetailsView, readOrderDetails } from "~/features/orders/order-details";
import { isOrderNo, readOrderNo } from "~/features/orders/order-no";
import { isMissing, submitted } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { type FieldErrors, fieldErrors, formText, hasFieldErrors } from "~/lib/field-errors";
import { useIsSubmitting } from "~/lib/form-submission";
import { log } from "~/lib/log.server";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SEARCHED, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { useFieldErrors } from "~/lib/use-field-errors";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/order-search";

type Field = "order_no" | "email";

const ORDER_NO_EXAMPLE = "BK20261123-000042-7KQ3ZP";
const ORDER_NO_FORMAT_MESSAGE = `訂單編號格式為 BK、日期、序號與 6 碼英數字，例如 ${ORDER_NO_EXAMPLE}`;
/** Room for the longest order number (27 characters) and stray spaces around a pasted one. */
const ORDER_NO_MAX_LENGTH = 40;

interface OrderSearch {
  values: Record<Field, string>;
  errors: FieldErrors<Field>;
  /** The order found (masked by the API). */
  order?: components["schemas"]["OrderDetail"];
  /** Its receiver and invoice as the result shows them (built here, so their labels stay on the server). */
  parties?: OrderDetailsView;
  /** The API's answer when no order was found or it could not look: the form's message. */
  message?: string;
}

/**
 * The fields as the lookup reads them: the number as readOrderNo reads it (full-width as ASCII, in capitals), both
 * without spaces around.
 */
function readSearch(values: { get(name: string): unknown }): Record<Field, string> {
  const text = (name: Field) => {
    const value = values.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  return { order_no: readOrderNo(text("order_no")), email: tidyEmail(text("email")) };
}

function checkOrderNo(value: string): string | undefined {
  if (value.length === 0) return "請輸入訂單編號";
  return isOrderNo(value) ? undefined : ORDER_NO_FORMAT_MESSAGE;
}

function checkEmailField(value: string): string | undefined {
  return value.length === 0 ? "請輸入訂購人電子郵件" : checkEmail(value);
}

/** The form's check, in the browser (before sending) and in the action (before asking the API). */
function checkSearch(form: FormData): FieldErrors<Field> {
  const values = readSearch({ get: (name) => formText(form, name) });
  return fieldErrors<Field>({ order_no: checkOrderNo(values.order_no), email: checkEmailField(values.email) });
}

// A searched page holds an order and an e-mail address: no shared cache or browser cache keeps it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** An address of the earlier GET form (…?order_no=&email=) is answered with the blank page at a clean address. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("email") || url.searchParams.has("order_no")) throw redirect(url.pathname, 303);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = readSearch({ get: (name) => formText(form, name) });
  const errors = fieldErrors<Field>({ order_no: checkOrderNo(values.order_no), email: checkEmailField(values.email) });
  if (hasFieldErrors(errors)) return data<OrderSearch>({ values, errors }, { status: 400 });
  const reply = await submitted(serverApi(request, context).POST("/order-search", { body: values }));
  if (reply.ok) {
    const parties = readOrderDetails(reply.data.details, reply.data.invoice, reply.data.status);
    return { values, errors, order: reply.data, parties } satisfies OrderSearch;
  }
  if (!isMissing(reply)) {
    log.warn("order-search", { message: "order search unavailable", code: reply.code, status: reply.status });
  }
  return data<OrderSearch>({ values, errors, message: reply.message }, { status: reply.status });
}

// A search sent while the connection is down keeps what was typed and says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(
    request,
    serverAction,
    (form): OrderSearch => ({
      values: readSearch({ get: (name) => formText(form, name) }),
      errors: {},
      message: OFFLINE_NOT_SEARCHED,
    }),
  );

export const shouldRevalidate = skipRevalidationAfterOffline;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFromMatches(matches), {
    title: routeTitle("order-search"),
    description: "輸入訂單編號與訂購人電子郵件，查詢訂單狀態與明細。",
  }),
  { name: "robots", content: "noindex, follow" },
];

function SearchForm({ search }: { search: OrderSearch | undefined }) {
  const { errors, fromServer, formProps } = useFieldErrors(search, checkSearch);
  const searching = useIsSubmitting();
  // Each reply mounts a new form (below), which takes the focus the reader had in the old one with it: a keyboard
  // or screen-reader user is put back on the search button rather than at the top of the page. A field the reply
  // marked wrong takes the focus itself (useFieldErrors); an order found, its 查詢結果 heading (order-search-result.tsx).
  useEffect(() => {
    if (search && !search.order && document.activeElement === document.body) {
      formProps.ref.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
    }
  }, [search, formProps.ref]);
  return (
    <>
      <FormAlert message={fromServer ? search?.message : undefined} fieldErrorCount={Object.keys(errors).length} />
      <Form method="post" className="grid gap-4 max-w-md" aria-label="訂單查詢" {...formProps}>
        <FormField
          label="訂單編號"
          name="order_no"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={ORDER_NO_MAX_LENGTH}
          defaultValue={search?.values.order_no}
          hint={`例如 ${ORDER_NO_EXAMPLE}`}
          error={errors.order_no}
        />
        <FormField
          label="訂購人電子郵件"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={search?.values.email}
          error={errors.email}
        />
        <BusySubmitButton className="btn-primary h-control-lg justify-self-start px-8" busy={searching}>
          {searching ? "查詢中…" : "查詢訂單"}
        </BusySubmitButton>
      </Form>
    </>
  );
}

// The result is shown only after a search: its code loads then, not with the form (the page's first load is within a
// few bytes of the budget).
const FoundOrder = lazy(() =>
  import("~/features/orders/order-search-result").then((module) => ({ default: module.FoundOrder })),
);

export default function OrderSearchPage({ actionData }: Route.ComponentProps) {
  const search = actionData;
  return (
    <section aria-labelledby="page-title" className="container py-8">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-2">
        {routeTitle("order-search")}
      </h1>
      <p className="mt-0 mb-6 text-ink-muted">輸入訂單編號與訂購時填寫的電子郵件，即可查詢訂單狀態與明細。</p>
      {/* A new search starts with fresh messages (the hook keeps a reply's until the form is sent again). */}
      <SearchForm key={search ? `${search.values.order_no} ${search.values.email}` : ""} search={search} />
      {search?.order && search.parties && (
        <Suspense fallback={<p className="mt-10">查詢結果載入中…</p>}>
          <FoundOrder order={search.order} parties={search.parties} />
        </Suspense>
      )}
    </section>
  );
}
