// /register (guest layout): sign up with e-mail, name and a password; the new member is signed in at once.
// A plain form post handled by the action, so it works before hydration; the browser checks the same rules first
// when it can. The e-mail and name are kept after a refusal, the passwords are not (the form says so). A guest's 收藏
// that led to signing in is added once the account is made; the page says so, and offers to forget it.
import { data, Form } from "react-router";
import { checkEmail, tidyEmail } from "~/features/account/email-address";
import { checkName } from "~/features/account/member-fields";
import { EmailField, FormFooterLink, NameField, SubmitButton } from "~/features/account/member-form-parts";
import {
  checkNewPasswordFields,
  NewPasswordFields,
  PasswordFormAlert,
  readNewPassword,
} from "~/features/account/new-password-fields";
import { forgetPendingLike, pendingLikeOf } from "~/features/favorites/pending-like.server";
import { FORGET_LIKE_INTENT, PendingLikeNotice } from "~/features/favorites/pending-like-notice";
import { signedInRedirect } from "~/features/session/after-sign-in.server";
import { API_CODE } from "~/http/api-codes";
import { submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { type FieldErrors, fieldErrors, formText, hasFieldErrors } from "~/lib/field-errors";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { useFieldErrors } from "~/lib/use-field-errors";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/register";

type Field = "email" | "name" | "password" | "confirmation";

interface RegisterReply {
  /** What the reader typed that is kept: never the passwords. */
  values: { email: string; name: string };
  errors: FieldErrors<Field>;
  /** A refusal that belongs to no one field (e.g. too many attempts). */
  formError?: string;
}

function readRegistration(form: FormData) {
  return { email: tidyEmail(formText(form, "email")), name: formText(form, "name").trim(), ...readNewPassword(form) };
}

/** The same check in the browser (before sending) and in the action (before calling the API). */
function checkRegistration(form: FormData): FieldErrors<Field> {
  const { email, name } = readRegistration(form);
  return fieldErrors<Field>({ email: checkEmail(email), name: checkName(name), ...checkNewPasswordFields(form) });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: routeTitle("register") });

/** Whether a guest's 收藏 waits for the new account (signedInRedirect adds it). */
export function loader({ request }: Route.LoaderArgs) {
  return { likePending: pendingLikeOf(request) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === FORGET_LIKE_INTENT) throw forgetPendingLike(request, "/register");
  const { email, name, password } = readRegistration(form);
  const refuse = (reply: Omit<RegisterReply, "values">, status: number) =>
    data<RegisterReply>({ values: { email, name }, ...reply }, { status });

  const errors = checkRegistration(form);
  if (hasFieldErrors(errors)) return refuse({ errors }, 400);

  // The proxy's Set-Cookie (the new member's token) travels on to the browser with the redirect.
  const cookies = new Headers();
  const api = serverApi(request, context, { setCookies: cookies });
  const signUp = await submitted(api.POST("/member/register", { body: { email, password, name } }));
  if (!signUp.ok) {
    // An e-mail that already has an account is the e-mail field's message; anything else is the form's.
    return signUp.code === API_CODE.conflict
      ? refuse({ errors: { email: signUp.message } }, signUp.status)
      : refuse({ errors: {}, formError: signUp.message }, signUp.status);
  }
  throw await signedInRedirect(request, context, cookies);
}

// Sent while the connection is down: the form stays with what was typed, and says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(request, serverAction, (form): RegisterReply | null => {
    if (form.get("intent") === FORGET_LIKE_INTENT) return null;
    const { email, name } = readRegistration(form);
    return { values: { email, name }, errors: {}, formError: OFFLINE_NOT_SENT };
  });

export const shouldRevalidate = skipRevalidationAfterOffline;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, fromServer, formProps } = useFieldErrors(actionData, checkRegistration);
  const refused = fromServer && !!actionData;
  return (
    <section className="max-w-md px-6 py-10 md:px-12" aria-labelledby="register-title">
      <h1 id="register-title" className="text-2xl font-bold mt-0">
        加入會員
      </h1>
      {loaderData.likePending && <PendingLikeNotice>加入會員後，會為您加入收藏。</PendingLikeNotice>}
      <PasswordFormAlert refusal={refused ? actionData : undefined} errors={errors} />
      <Form method="post" className="grid gap-4" {...formProps}>
        <EmailField defaultValue={actionData?.values.email ?? ""} error={errors.email} />
        <NameField defaultValue={actionData?.values.name ?? ""} error={errors.name} />
        <NewPasswordFields
          reply={actionData}
          label="密碼"
          confirmationLabel="確認密碼"
          error={errors.password}
          confirmationError={errors.confirmation}
        />
        <SubmitButton label="加入會員" busyLabel="送出中…" />
      </Form>
      <FormFooterLink question="已經是會員了？" to="/login">
        會員登入
      </FormFooterLink>
    </section>
  );
}
