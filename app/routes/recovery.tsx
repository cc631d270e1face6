// /recovery (guest layout, dark): a forgotten password in two steps. Step 1 mails a 10-digit code to the e-mail (the
// page says the same whether a member has that e-mail or not); step 2 sets a new password with the code and signs
// the member in. The step lives in the URL (?step=code) and the e-mail in a short-lived HttpOnly cookie
// (app/features/session/recovery-cookie.server.ts), never in the address, so step 2 survives a reload and needs no JavaScript.
// A guest's 收藏 that led to signing in is added once the new password signs them in; both steps say so.
import { useState } from "react";
import { data, Form, redirect, useSearchParams } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { FormField } from "~/components/form-field";
import { filterDigits } from "~/domain/input-filters";
import { checkEmail, tidyEmail } from "~/features/account/email-address";
import { checkRecoveryCode, RECOVERY_CODE_LENGTH } from "~/features/account/member-fields";
import { EmailField, FormFooterLink, SubmitButton } from "~/features/account/member-form-parts";
import {
  checkNewPasswordFields,
  NewPasswordFields,
  PasswordFormAlert,
  readNewPassword,
} from "~/features/account/new-password-fields";
import { forgetPendingLike, pendingLikeOf } from "~/features/favorites/pending-like.server";
import { FORGET_LIKE_INTENT, PendingLikeNotice } from "~/features/favorites/pending-like-notice";
import { signedInRedirect } from "~/features/session/after-sign-in.server";
import {
  clearRecoveryEmailCookie,
  readRecoveryEmail,
  recoveryEmailCookie,
} from "~/features/session/recovery-cookie.server";
import { API_CODE } from "~/http/api-codes";
import { submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { type FieldErrors, fieldErrors, formText, hasFieldErrors } from "~/lib/field-errors";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { useFieldErrors } from "~/lib/use-field-errors";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/recovery";

type Step = "email" | "code";
type EmailStepField = "email";
type ResetField = "code" | "password" | "confirmation";

interface RecoveryReply {
  step: Step;
  /** What the reader typed that is kept: never the passwords. */
  values: { email: string; code?: string };
  errors: FieldErrors<EmailStepField | ResetField>;
  /** A refusal that belongs to no one field (e.g. too many attempts). */
  formError?: string;
}

/** The paragraph saying which step the page is at (the heading's description). */
const STEP_ID = "recovery-step";

/** Step 2's address: the step alone (the e-mail the code went to is in the cookie). */
const CODE_STEP_PATH = "/recovery?step=code";

function checkEmailStep(form: FormData): FieldErrors<EmailStepField> {
  return fieldErrors<EmailStepField>({ email: checkEmail(formText(form, "email")) });
}

function readReset(form: FormData) {
  return { email: tidyEmail(formText(form, "email")), code: formText(form, "code").trim(), ...readNewPassword(form) };
}

/** Step 2's check, in the browser (before sending) and in the action (before calling the API). */
function checkResetStep(form: FormData): FieldErrors<ResetField> {
  return fieldErrors<ResetField>({ code: checkRecoveryCode(readReset(form).code), ...checkNewPasswordFields(form) });
}

/** Step 2 (the address says so, and the cookie still holds the e-mail) is titled as a step of its own. */
export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta(siteFromMatches(matches), {
    title:
      new URLSearchParams(location.search).get("step") === "code" && loaderData?.email
        ? `${routeTitle("recovery")}（步驟 2／2）`
        : routeTitle("recovery"),
  });

// The page shows the e-mail of this browser's own recovery: no shared cache or browser cache keeps it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The e-mail step 1 kept for step 2, and whether a guest's 收藏 waits for the sign-in. An address of an earlier release
 * with the e-mail in it goes to a clean one.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("email")) throw redirect(url.pathname, 303);
  return { email: readRecoveryEmail(request), likePending: pendingLikeOf(request) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === FORGET_LIKE_INTENT) {
    throw forgetPendingLike(
      request,
      new URL(request.url).searchParams.get("step") === "code" ? CODE_STEP_PATH : "/recovery",
    );
  }
  const refuse = (reply: RecoveryReply, status: number) => data<RecoveryReply>(reply, { status });
  // The proxy's Set-Cookie (the token of the session a reset starts) travels on to the browser with the redirect.
  const cookies = new Headers();
  const api = serverApi(request, context, { setCookies: cookies });
  const { email, code, password } = readReset(form);

  if (form.get("intent") !== "reset" || checkEmail(email)) {
    // Step 1 (or a step 2 whose e-mail was tampered with, which starts over).
    const errors = checkEmailStep(form);
    if (hasFieldErrors(errors)) return refuse({ step: "email", values: { email }, errors }, 400);
    const sent = await submitted(api.POST("/member/recovery/code", { body: { email } }));
    if (!sent.ok) {
      return sent.code === API_CODE.invalidInput
        ? refuse({ step: "email", values: { email }, errors: { email: sent.message } }, sent.status)
        : refuse({ step: "email", values: { email }, errors: {}, formError: sent.message }, sent.status);
    }
    throw redirect(CODE_STEP_PATH, { status: 303, headers: { "Set-Cookie": recoveryEmailCookie(request, email) } });
  }

  const values = { email, code };
  const errors = checkResetStep(form);
  if (hasFieldErrors(errors)) return refuse({ step: "code", values, errors }, 400);
  const reset = await submitted(api.POST("/member/recovery/reset", { body: { email, code, new_password: password } }));
  if (!reset.ok) {
    // A wrong, expired or used-up code is the code field's message; too many attempts is the form's.
    return reset.code === API_CODE.invalidInput
      ? refuse({ step: "code", values, errors: { code: reset.message } }, reset.status)
      : refuse({ step: "code", values, errors: {}, formError: reset.message }, reset.status);
  }
  cookies.append("Set-Cookie", clearRecoveryEmailCookie(request));
  throw await signedInRedirect(request, context, cookies);
}

// Sent while the connection is down: the form stays with what was typed, and says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(request, serverAction, (form): RecoveryReply | null => {
    if (form.get("intent") === FORGET_LIKE_INTENT) return null;
    const { email, code } = readReset(form);
    return form.get("intent") === "reset"
      ? { step: "code", values: { email, code }, errors: {}, formError: OFFLINE_NOT_SENT }
      : { step: "email", values: { email }, errors: {}, formError: OFFLINE_NOT_SENT };
  });

export const shouldRevalidate = skipRevalidationAfterOffline;

function EmailStep({ email, reply }: { email: string; reply: RecoveryReply | undefined }) {
  const { errors, fromServer, formProps } = useFieldErrors(reply, checkEmailStep);
  return (
    <>
      <p id={STEP_ID} className="text-ink-muted">
        步驟 1／2：輸入您註冊時使用的電子郵件，我們會寄出 {RECOVERY_CODE_LENGTH} 位數的驗證碼。
      </p>
      <FormAlert message={fromServer ? reply?.formError : undefined} fieldErrorCount={Object.keys(errors).length} />
      <Form method="post" className="grid gap-4" {...formProps}>
        <input type="hidden" name="intent" value="send-code" />
        <EmailField defaultValue={email} error={errors.email} />
        <SubmitButton label="寄送驗證碼" busyLabel="寄送中…" />
      </Form>
    </>
  );
}

function CodeStep({ email, reply }: { email: string; reply: RecoveryReply | undefined }) {
  const { errors, fromServer, formProps } = useFieldErrors(reply, checkResetStep);
  const [code, setCode] = useState(reply?.values.code ?? "");
  const refused = fromServer && !!reply;
  return (
    <>
      <p id={STEP_ID} className="text-ink-muted">
        步驟 2／2：輸入驗證碼並設定新密碼。
      </p>
      <p>
        若 <strong className="break-all">{email}</strong>{" "}
        {`是會員的電子郵件，${RECOVERY_CODE_LENGTH} 位數的驗證碼已寄到這個信箱，請在信中註明的時間內使用。`}
      </p>
      <PasswordFormAlert refusal={refused ? reply : undefined} errors={errors} />
      <Form method="post" className="grid gap-4" {...formProps}>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="email" value={email} />
        <FormField
          label="驗證碼"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(filterDigits(e.target.value))}
          error={errors.code}
        />
        <NewPasswordFields reply={reply} error={errors.password} confirmationError={errors.confirmation} />
        <SubmitButton label="重設密碼並登入" busyLabel="送出中…" />
      </Form>
      <FormFooterLink question="沒收到信，或驗證碼已失效？" to="/recovery">
        重新取得驗證碼
      </FormFooterLink>
    </>
  );
}

export default function Recovery({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const kept = loaderData.email ?? "";
  // A reply of the action names its step; otherwise the URL does (step 2 only while the cookie holds the e-mail).
  const step: Step = actionData?.step ?? (params.get("step") === "code" && kept ? "code" : "email");
  const email = actionData?.values.email ?? kept;
  const reply = actionData?.step === step ? actionData : undefined;
  return (
    <section className="max-w-md px-6 py-10 md:px-12" aria-labelledby="recovery-title">
      {/* The heading takes the focus when the step changes: it is read with the step it is at. */}
      <h1 id="recovery-title" aria-describedby={STEP_ID} className="text-2xl font-bold mt-0">
        忘記密碼
      </h1>
      {loaderData.likePending && <PendingLikeNotice>重設密碼並登入後，會為您加入收藏。</PendingLikeNotice>}
      {step === "code" ? <CodeStep email={email} reply={reply} /> : <EmailStep email={email} reply={reply} />}
      <FormFooterLink question="想起密碼了？" to="/login">
        會員登入
      </FormFooterLink>
    </section>
  );
}
