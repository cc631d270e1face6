// /member/recipients (member layout): the member's saved recipients, with add, edit, delete and set-as-default.
// Everything is a link or a plain form post handled by the action, so it all works before hydration: ?edit=new or
// ?edit=<id> opens the form, ?delete=<id> asks for confirmation in a form of its own. A successful post returns
// to the list (?done=…), which says what was done.
import { lazy } from "react";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { FormAlert } from "~/components/form-alert";
import { DEFAULT_COUNTRY } from "~/domain/countries";
import { findCity, findDistrict, taiwanAddressLine } from "~/domain/tw-postal";
import {
  fieldOfApiMessage,
  type RecipientValues,
  readDistrictValue,
  recipientProblems,
} from "~/features/account/recipient-fields";
import type { RecipientFormReply } from "~/features/account/recipient-form";
import { readRecipient } from "~/features/account/recipient-read";
import { signInAgainIfEnded } from "~/features/session/sign-in-first.server";
import { available, submitted } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { formText, hasFieldErrors } from "~/lib/field-errors";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import type { RouteFocusState } from "~/lib/route-focus";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/member-recipients";

type Recipient = components["schemas"]["Recipient"];
type RecipientInput = components["schemas"]["RecipientInput"];

const PATH = "/member/recipients";
const MAX_RECIPIENTS = 10;

// The form (with the postal and country data) loads on demand: the list needs none of it. There is no Suspense
// boundary around it, so the server renders the form in the page itself (it works without JavaScript) and
// hydration waits for its module when the page opens with the form.
const RecipientForm = lazy(() => import("~/features/account/recipient-form"));

// Focus follows what the reader opened and closed: 刪除 to its confirmation, 取消 back to the 刪除, 編輯 or
// 新增收件人 that opened it (these ids name them).
const ADD_LINK_ID = "recipient-add";
const controlId = (id: number, control: "edit" | "delete" | "confirm") => `recipient-${id}-${control}`;

const DONE_MESSAGES: Record<string, string> = {
  saved: "收件人已儲存。",
  deleted: "收件人已刪除。",
  default: "已設為預設收件人。",
};

/** The API's body: the official names for a domestic address, and only what the address type carries. */
function recipientInput(v: RecipientValues): RecipientInput {
  const common = { name: v.name, cellphone: v.cellphone, address: v.address, is_default: v.is_default };
  if (v.area_type === "1") return { ...common, area_type: 1, country: v.country };
  const { city, district } = readDistrictValue(v.area, v.city);
  return {
    ...common,
    area_type: 0,
    country: DEFAULT_COUNTRY,
    city: findCity(city)?.name ?? city,
    area: findDistrict(city, district)?.name ?? district,
    tel_type: v.tel_type as RecipientInput["tel_type"],
    area_code: v.area_code,
    tel: v.tel,
  };
}

/** The address as a Taiwanese envelope reads: postal code, city, district, street; or country and street. */
function addressLine(r: Recipient) {
  if (r.area_type === 1) return `${r.country} ${r.address}`;
  return taiwanAddressLine(r.city ?? "", r.area ?? "", r.address);
}

// Each recipient comes with its address line, so the page needs no postal data in the browser.
export async function loader({ request, context }: Route.LoaderArgs) {
  const recipients = await available(serverApi(request, context).GET("/member/recipients"), "recipients");
  return { recipients: recipients?.map((r) => ({ ...r, address_line: addressLine(r) })) };
}

type ActionReply = ({ intent: "save" } & RecipientFormReply) | { intent: "delete" | "default"; formError: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = serverApi(request, context);
  const intent = formText(form, "intent");
  const id = Number(formText(form, "id")) || undefined;

  if (intent === "delete" || intent === "default") {
    const refuse = (formError: string, status: number) => data<ActionReply>({ intent, formError }, { status });
    if (!id) return refuse("找不到這位收件人", 404);
    if (intent === "delete") {
      const deleted = signInAgainIfEnded(
        request,
        await submitted(api.DELETE("/member/recipients/{id}", { params: { path: { id: String(id) } } })),
      );
      if (!deleted.ok) return refuse(deleted.message, deleted.status);
      throw redirect(`${PATH}?done=deleted`);
    }
    // The API replaces a recipient as a whole: send the saved one back, now the default.
    const list = signInAgainIfEnded(request, await submitted(api.GET("/member/recipients")));
    if (!list.ok) return refuse(list.message, list.status);
    const recipient = list.data.find((r) => r.id === id);
    if (!recipient) return refuse("找不到這位收件人", 404);
    const { id: _, ...fields } = recipient;
    const body = { ...fields, is_default: true } as RecipientInput;
    const saved = signInAgainIfEnded(
      request,
      await submitted(api.PUT("/member/recipients/{id}", { params: { path: { id: String(id) } }, body })),
    );
    if (!saved.ok) return refuse(saved.message, saved.status);
    throw redirect(`${PATH}?done=default`);
  }

  const values = readRecipient(form);
  const refuse = (reply: Omit<RecipientFormReply, "values">, status: number) =>
    data<ActionReply>({ intent: "save", values, ...reply }, { status });
  const errors = recipientProblems(values);
  if (hasFieldErrors(errors)) return refuse({ errors }, 400);
  const body = recipientInput(values);
  const saved = signInAgainIfEnded(
    request,
    await submitted(
      id
        ? api.PUT("/member/recipients/{id}", { params: { path: { id: String(id) } }, body })
        : api.POST("/member/recipients", { body }),
    ),
  );
  if (!saved.ok) {
    // The API says one thing per refusal: under its field when it is about one, else for the whole form.
    const field = fieldOfApiMessage(saved.message);
    return field
      ? refuse({ errors: { [field]: saved.message } }, saved.status)
      : refuse({ errors: {}, formError: saved.message }, saved.status);
  }
  throw redirect(`${PATH}?done=saved`);
}

// Sent while the connection is down: the form stays with what was typed, and says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(request, serverAction, (form): ActionReply => {
    const intent = formText(form, "intent");
    if (intent === "delete" || intent === "default") return { intent, formError: OFFLINE_NOT_SENT };
    return { intent: "save", values: readRecipient(form), errors: {}, formError: OFFLINE_NOT_SENT };
  });

export const shouldRevalidate = skipRevalidationAfterOffline;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: routeTitle("member-recipients"),
    description: "管理常用的收件人與收件地址，結帳時可直接選用。",
  });

export default function MemberRecipients({ loaderData, actionData }: Route.ComponentProps) {
  const { recipients } = loaderData;
  const [search] = useSearchParams();
  const edit = search.get("edit");
  const deleting = Number(search.get("delete")) || undefined;
  const done = DONE_MESSAGES[search.get("done") ?? ""];
  const editing = edit && edit !== "new" ? recipients?.find((r) => r.id === Number(edit)) : undefined;
  const adding = edit === "new";
  const saveReply = actionData?.intent === "save" ? actionData : undefined;
  const listError = actionData && actionData.intent !== "save" ? actionData.formError : undefined;
  const full = (recipients?.length ?? 0) >= MAX_RECIPIENTS;
  return (
    <section aria-labelledby="page-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="page-title" className="font-serif text-2xl font-bold m-0">
          {routeTitle("member-recipients")}
        </h1>
        {recipients && !adding && !full && (
          <Link id={ADD_LINK_ID} to={`${PATH}?edit=new`} className="btn-primary no-underline">
            新增收件人
          </Link>
        )}
      </div>
      <p role="status" className="m-0 empty:hidden font-bold" data-testid="recipients-status">
        {done ?? ""}
      </p>
      <FormAlert message={listError} />
      {full && <p className="m-0 text-ink-muted">最多只能儲存 {MAX_RECIPIENTS} 位收件人，請先刪除不用的收件人。</p>}
      {recipients && (adding || editing) && (
        <RecipientForm
          key={editing?.id ?? "new"}
          recipient={editing}
          reply={saveReply}
          cancelTo={PATH}
          openerId={editing ? controlId(editing.id, "edit") : ADD_LINK_ID}
        />
      )}
      {!recipients ? (
        <DataUnavailable />
      ) : recipients.length === 0 ? (
        <p className="text-ink-muted m-0" data-testid="recipients-empty">
          您還沒有儲存收件人。新增常用的收件人，結帳時就能直接選用。
        </p>
      ) : (
        <ul className="list-none m-0 p-0 grid gap-4 max-w-3xl" aria-label="收件人清單">
          {recipients.map((r) => (
            <li
              key={r.id}
              className="border border-line bg-surface p-4 grid gap-2"
              aria-labelledby={`recipient-${r.id}-name`}
            >
              <p className="m-0 flex flex-wrap items-center gap-2">
                <strong id={`recipient-${r.id}-name`}>{r.name}</strong>
                {r.is_default && <span className="border border-primary text-primary px-2 text-sm">預設</span>}
                <span className="text-sm text-ink-muted">{r.area_type === 1 ? "海外地址" : "國內地址"}</span>
              </p>
              <p className="m-0">{r.address_line}</p>
              <p className="m-0 text-ink-muted text-sm">
                手機 {r.cellphone}
                {r.tel ? `　${r.tel_type ?? "電話"} ${r.area_code ? `(${r.area_code}) ` : ""}${r.tel}` : ""}
              </p>
              {deleting === r.id ? (
                <Form method="post" className="border border-error p-3 grid gap-3" aria-label={`刪除 ${r.name}`}>
                  <p id={controlId(r.id, "confirm")} className="m-0 font-bold">
                    確定要刪除收件人「{r.name}」嗎？刪除後無法復原。
                  </p>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={r.id} />
                  <div className="flex flex-wrap gap-3">
                    <button type="submit" className="btn border-error text-error bg-transparent font-bold">
                      確認刪除
                    </button>
                    <Link
                      to={PATH}
                      state={{ routeFocus: controlId(r.id, "delete") } satisfies RouteFocusState}
                      preventScrollReset
                      className="btn-outline no-underline"
                    >
                      取消
                    </Link>
                  </div>
                </Form>
              ) : (
                <div className="flex flex-wrap gap-3">
                  <Link
                    id={controlId(r.id, "edit")}
                    to={`${PATH}?edit=${r.id}`}
                    className="btn-outline h-control-sm px-4 no-underline"
                    aria-label={`編輯 ${r.name}`}
                  >
                    編輯
                  </Link>
                  {!r.is_default && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="default" />
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        className="btn-outline h-control-sm px-4 no-underline"
                        aria-label={`將 ${r.name} 設為預設`}
                      >
                        設為預設
                      </button>
                    </Form>
                  )}
                  <Link
                    id={controlId(r.id, "delete")}
                    to={`${PATH}?delete=${r.id}`}
                    state={{ routeFocus: controlId(r.id, "confirm") } satisfies RouteFocusState}
                    preventScrollReset
                    className="btn-outline h-control-sm px-4 no-underline"
                    aria-label={`刪除 ${r.name}`}
                  >
                    刪除
                  </Link>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
