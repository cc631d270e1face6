// /oauth/register (guest layout): a reader who signed in through a provider but has no account yet finishes
// signing up: the account's e-mail is the provider's verified one (shown, not editable), the name is asked for.
// The registration ticket stays in an HttpOnly cookie set by /oauth/login and never reaches the page. A plain form
// post handled by the action, so it works without JavaScript; then signed in → the return address or the profile. A
// guest's 收藏 that led to signing in is added then; the page says so, and offers to forget it.
import { data, Form, Link } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { checkName } from "~/features/account/member-fields";
import { NameField, SubmitButton } from "~/features/account/member-form-parts";
import { forgetPendingLike, pendingLikeOf } from "~/features/favorites/pending-like.server";
import { FORGET_LIKE_INTENT, PendingLikeNotice } from "~/features/favorites/pending-like-notice";
import { signedInRedirect } from "~/features/session/after-sign-in.server";
import { clearRegistrationCookie, readRegistration } from "~/features/session/oauth-cookies.server";
import { submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { type FieldErrors, fieldErrors, formText, hasFieldErrors } from "~/lib/field-errors";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { useFieldErrors } from "~/lib/use-field-errors";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/oauth-register";

type Field = "name";

interface CompletionReply {
  values: { name: string };
  errors: FieldErrors<Field>;
  /** A refusal that belongs to no one field (an expired ticket, an e-mail taken meanwhile). */
  formError?: string;
}

const EXPIRED = "註冊憑證已過期，請重新以第三方帳號登入";

function checkCompletion(form: FormData): FieldErrors<Field> {
  return fieldErrors<Field>({ name: checkName(formText(form, "name").trim()) });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: routeTitle("oauth-register") });

/** What the page shows of the pending registration (never the ticket), and whether a guest's 收藏 waits for it. */
export function loader({ request }: Route.LoaderArgs) {
  const pending = readRegistration(request);
  return {
    pending: pending && { email: pending.email, name: pending.name, providerName: pending.providerName },
    likePending: pendingLikeOf(request) !== null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === FORGET_LIKE_INTENT) throw forgetPendingLike(request, "/oauth/register");
  const name = formText(form, "name").trim();
  const refuse = (reply: Omit<CompletionReply, "values">, status: number) =>
    data<CompletionReply>({ values: { name }, ...reply }, { status });

  const pending = readRegistration(request);
  if (!pending) return refuse({ errors: {}, formError: EXPIRED }, 400);
  const errors = checkCompletion(form);
  if (hasFieldErrors(errors)) return refuse({ errors }, 400);

  // The proxy's Set-Cookie (the new member's token) travels on to the browser with the redirect.
  const cookies = new Headers();
  const api = serverApi(request, context, { setCookies: cookies });
  const completion = await submitted(api.POST("/member/oauth/complete", { body: { ticket: pending.ticket, name } }));
  if (!completion.ok) return refuse({ errors: {}, formError: completion.message }, completion.status);
  cookies.append("Set-Cookie", clearRegistrationCookie(request));
  throw await signedInRedirect(request, context, cookies);
}

// Sent while the connection is down: the form stays with what was typed, and says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(request, serverAction, (form): CompletionReply | null =>
    form.get("intent") === FORGET_LIKE_INTENT
      ? null
      : { values: { name: formText(form, "name").trim() }, errors: {}, formError: OFFLINE_NOT_SENT },
  );

export const shouldRevalidate = skipRevalidationAfterOffline;

export default function OAuthRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, fromServer, formProps } = useFieldErrors(actionData, checkCompletion);
  const { pending } = loaderData;
  return (
    <section className="max-w-md px-6 py-10 md:px-12" aria-labelledby="oauth-register-title">
      <h1 id="oauth-register-title" className="text-2xl font-bold mt-0">
        完成註冊
      </h1>
      {pending ? (
        <>
          <p className="leading-relaxed">歡迎！您已透過{pending.providerName}登入，再填寫姓名即可成為會員。</p>
          {loaderData.likePending && <PendingLikeNotice>完成註冊後，會為您加入收藏。</PendingLikeNotice>}
          <FormAlert
            message={fromServer && actionData ? actionData.formError : undefined}
            fieldErrorCount={Object.keys(errors).length}
          />
          <Form method="post" className="grid gap-4" {...formProps}>
            <dl className="m-0 grid gap-1">
              <dt className="font-medium">電子郵件</dt>
              <dd className="m-0 break-all">{pending.email}</dd>
              <dd className="m-0 text-sm text-ink-muted">
                這是{pending.providerName}已驗證的電子郵件，將作為您的會員帳號，註冊後無法更改。
              </dd>
            </dl>
            <NameField defaultValue={actionData?.values.name ?? pending.name ?? ""} error={errors.name} />
            <SubmitButton label="完成註冊" busyLabel="送出中…" />
          </Form>
          <p className="mt-6 text-sm text-ink-muted">
            之後可以用{pending.providerName}登入；若想改用電子郵件與密碼登入，請在
            <Link to="/recovery" className="text-link underline">
              忘記密碼
            </Link>
            設定密碼。
          </p>
        </>
      ) : (
        <>
          <FormAlert message={actionData?.formError ?? EXPIRED} />
          <p>
            <Link to="/login" className="btn-primary no-underline">
              回到登入頁
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
