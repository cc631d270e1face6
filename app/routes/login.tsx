// /login (guest layout): sign in with e-mail and password; also ends a session (intent=logout), and says so here.
// A plain form post handled by the action, so it works before hydration too. When signing in leads back to the
// checkout (the stored return address), the page says so under its heading.
// Pages from the edge cache are rendered for a guest, and only the browser shows a member their parts
// (html[data-member], the live 收藏): without JavaScript, or before hydration, a member meets the guest's 登入 and
// 收藏. Neither asks a signed-in member to sign in again: the page sends them on (sendMemberOn), and the guest's 收藏
// adds the like (likedForMember) and shows it among their favourites (liked-from.ts).

import { useId, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import { FormAlert } from "~/components/form-alert";
import { FormField } from "~/components/form-field";
import { checkEmail, EMAIL_MAX_LENGTH, tidyEmail } from "~/features/account/email-address";
import { PasswordField } from "~/features/account/password-field";
import { CHECKOUT_SIGN_IN_REASON, isCheckoutReturn } from "~/features/checkout/checkout-path";
import { likedRedirect } from "~/features/favorites/favorites-notice.server";
import { type LikeTarget, likeTargetOf } from "~/features/favorites/like-target";
import {
  clearPendingLike,
  forgetPendingLike,
  pendingLikeCookie,
  pendingLikeOf,
} from "~/features/favorites/pending-like.server";
import { FORGET_LIKE_INTENT, ForgetLikeButton } from "~/features/favorites/pending-like-notice";
import { redirectAfterSignIn, signedInRedirect } from "~/features/session/after-sign-in.server";
import { OAuthButtons } from "~/features/session/oauth-buttons";
import { isSessionEndedLogin, SESSION_ENDED_LOGIN, SESSION_ENDED_REASON } from "~/features/session/session-ended";
import { SIGN_IN_AGAIN_INTENT } from "~/features/session/sign-in-again";
import { API_CODE } from "~/http/api-codes";
import {
  clearSessionCookies,
  RETURN_URL_COOKIE,
  readCookie,
  returnUrlCookie,
  TOKEN_COOKIE,
} from "~/http/cookies.server";
import { safeReturnPath } from "~/http/return-path";
import { ApiError } from "~/lib/api/client";
import { available, critical, submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { type FieldErrors, fieldErrors, formText, hasFieldErrors } from "~/lib/field-errors";
import { useIsSubmitting } from "~/lib/form-submission";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { useFieldErrors } from "~/lib/use-field-errors";
import type { Route } from "./+types/login";

type Field = "email" | "password";

interface SignInReply {
  /** The e-mail as sent, kept in the field (never the password). */
  email: string;
  /** What is wrong with a field, found before asking the API (the browser checks the same first). */
  errors: FieldErrors<Field>;
  /** The API's refusal (wrong e-mail or password, too many attempts): the form's message. */
  error?: string;
}

/** The form's own check, in the browser (before sending) and in the action: both fields filled, an e-mail's shape. */
function checkSignIn(form: FormData): FieldErrors<Field> {
  return fieldErrors<Field>({
    email: checkEmail(formText(form, "email")),
    password: formText(form, "password") ? undefined : "請輸入密碼",
  });
}

/**
 * Where 登出 leads: the sign-in form, saying the member has signed out. The page they left cannot say it (it may be
 * the edge cache's, the same for everyone), and the form is what a reader sharing a computer needs next.
 */
const SIGNED_OUT_LOGIN = "/login?session=signed-out";
const SIGNED_OUT_REASON = "您已登出。";
/** Why a guest sent here by a member's feature (收藏, a member page) must sign in, and where it leads after. */
const SIGN_IN_FIRST_REASON = "請先登入會員，登入後將回到剛才的頁面。";
/** A guest's 收藏 is kept and added once they have signed in (signedInRedirect). */
const SIGN_IN_TO_LIKE_REASON = "請先登入會員，登入後會為您加入收藏。";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), { title: "會員登入" });

/** A client navigation asks for `/login.data`, a page load for the page itself. */
const isPageLoad = (request: Request) => !new URL(request.url).pathname.endsWith(".data");

/**
 * The sign-in providers for the buttons (none when the environment is unavailable: the password form still works),
 * and why the reader is here, when the stored return address says (the checkout). A signed-in member loading the
 * page is sent on first (sendMemberOn).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.method === "GET" && isPageLoad(request) && readCookie(request, TOKEN_COOKIE) !== null) {
    await sendMemberOn(request, context);
  }
  const env = await available(serverApi(request, context).GET("/env"), "env");
  const url = new URL(request.url);
  const back = readCookie(request, RETURN_URL_COOKIE);
  const reason = isSessionEndedLogin(url)
    ? SESSION_ENDED_REASON
    : url.searchParams.get("session") === "signed-out"
      ? SIGNED_OUT_REASON
      : isCheckoutReturn(back)
        ? CHECKOUT_SIGN_IN_REASON
        : pendingLikeOf(request)
          ? SIGN_IN_TO_LIKE_REASON
          : back
            ? SIGN_IN_FIRST_REASON
            : null;
  return {
    providers: (env?.oauth_providers ?? []).map(({ id, name }) => ({ id, name })),
    reason,
    // A kept 收藏 the reader may decline (another reader's, in a shared browser).
    ...(reason === SIGN_IN_TO_LIKE_REASON ? { likePending: true } : {}),
  };
}

/**
 * A member who loads /login is not asked to sign in again: that is 登入 followed where the page could not show them
 * 會員中心 (no JavaScript), a bookmark or a typed address. While their session holds they go where signing in would
 * have taken them (the stored return address, spent, else their profile); an ended session's token is forgotten and
 * the form shown. A client navigation here is the app's own, which links 登入 for guests only: it keeps the form,
 * so signing in as another member over a session stays possible.
 */
async function sendMemberOn(request: Request, context: Route.LoaderArgs["context"]): Promise<void> {
  const session = await submitted(serverApi(request, context).GET("/member/profile"));
  if (session.ok) throw redirectAfterSignIn(request, new Headers());
  if (session.code === API_CODE.unauthenticated) {
    const headers = new Headers();
    clearSessionCookies(request, headers);
    throw redirect("/login", { headers });
  }
  // The API cannot say for now: the form, as for anyone.
}

/**
 * 收藏 pressed by a member on a page rendered for a guest (from the edge cache, before hydration or without
 * JavaScript): the like is added as the live toggle adds it. False when the session has ended. A like the API
 * refuses otherwise is the page's error (critical): 查無內容 for an item that is gone, 暫時無法取得資料 when the API
 * cannot answer.
 */
async function likedForMember(
  request: Request,
  context: Route.ActionArgs["context"],
  like: LikeTarget,
): Promise<boolean> {
  try {
    await critical(serverApi(request, context).POST("/member/favorites", { body: { ...like, status: 1 } }));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === API_CODE.unauthenticated) return false;
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // A guest who tried something that needs an account (a favourite): remember where they were, then sign in. A page
  // whose own API call met an ended session (SIGN_IN_AGAIN_INTENT) does the same, and /login says why.
  const intent = form.get("intent");
  if (intent === "sign-in-first" || intent === SIGN_IN_AGAIN_INTENT) {
    const back = safeReturnPath(String(form.get("return_to") ?? ""), "/");
    const like = likeTargetOf(form);
    const headers = new Headers({ "Set-Cookie": returnUrlCookie(request, back) });
    // A member's press of a guest's 收藏: liked, and back to the page.
    if (like && readCookie(request, TOKEN_COOKIE) !== null) {
      if (await likedForMember(request, context, like)) {
        // No return address to spend later: the favourites page leads back itself.
        const liked = await likedRedirect(request, like.type, back);
        const headers = new Headers({ "Set-Cookie": liked.cookie });
        headers.append("Set-Cookie", clearPendingLike(request));
        throw redirect(liked.location, { status: 303, headers });
      }
      // Their session has ended: forgotten, and the press goes on as a guest's.
      clearSessionCookies(request, headers);
    }
    // A guest's press of 收藏 is kept and added once they have signed in (signedInRedirect); any other way here
    // forgets an earlier one.
    headers.append("Set-Cookie", like ? pendingLikeCookie(request, like) : clearPendingLike(request));
    // Any other press that carries a member's token meets sendMemberOn at /login.
    throw redirect(intent === SIGN_IN_AGAIN_INTENT ? SESSION_ENDED_LOGIN : "/login", { status: 303, headers });
  }
  // 不要加入收藏: the kept press is forgotten, and the form shown again.
  if (intent === FORGET_LIKE_INTENT) throw forgetPendingLike(request, "/login");
  // The proxy's Set-Cookie (token set or cleared) travels on to the browser with the page's reply.
  const cookies = new Headers();
  const api = serverApi(request, context, { setCookies: cookies });
  if (form.get("intent") === "logout") {
    // Signed out either way: an already ended session (or an API failure) still leads on without the token.
    await submitted(api.GET("/member/logout"));
    // Nothing a reader pressed in this browser is added for whoever signs in next.
    cookies.append("Set-Cookie", clearPendingLike(request));
    throw redirect(SIGNED_OUT_LOGIN, { status: 303, headers: cookies });
  }
  const email = tidyEmail(formText(form, "email"));
  const password = formText(form, "password");
  const errors = checkSignIn(form);
  if (hasFieldErrors(errors)) return data<SignInReply>({ email, errors }, { status: 400 });
  const signIn = await submitted(api.POST("/member/login", { body: { email, password } }));
  if (!signIn.ok) return data<SignInReply>({ error: signIn.message, email, errors: {} }, { status: signIn.status });
  throw await signedInRedirect(request, context, cookies);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const errorId = useId();
  const [password, setPassword] = useState("");
  const submitting = useIsSubmitting();
  const { errors, fromServer, formProps } = useFieldErrors(actionData, checkSignIn);
  // The API's refusal answers the last post only: a new try that the browser's own check stops is about its fields.
  const error = fromServer ? actionData?.error : undefined;
  return (
    <section className="max-w-md px-6 py-10 md:px-12" aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-bold mt-0">
        會員登入
      </h1>
      {loaderData.reason && (
        <p className="mt-0 mb-4 border-l-4 border-primary bg-surface px-4 py-3" data-testid="login-reason">
          {loaderData.reason}
        </p>
      )}
      {loaderData.likePending && <ForgetLikeButton />}
      <FormAlert id={errorId} message={error} fieldErrorCount={Object.keys(errors).length} />
      <Form method="post" className="grid gap-4" aria-describedby={error ? errorId : undefined} {...formProps}>
        <FormField
          label="電子郵件"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={actionData?.email ?? ""}
          error={errors.email}
          invalid={!!error}
          describedBy={error ? errorId : undefined}
        />
        <PasswordField
          label="密碼"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
          invalid={!!error}
          describedBy={error ? errorId : undefined}
        />
        <BusySubmitButton className="btn-primary h-control-lg" busy={submitting}>
          {submitting ? "登入中…" : "登入"}
        </BusySubmitButton>
      </Form>
      <OAuthButtons providers={loaderData.providers} />
      <p className="mt-6 flex gap-4">
        <Link to="/register" className="text-link underline">
          加入會員
        </Link>
        <Link to="/recovery" className="text-link underline">
          忘記密碼
        </Link>
      </p>
    </section>
  );
}
