// /oauth/login (no layout): both ends of signing in through another provider.
// - POST (the provider buttons on /login, a plain form post): starts an attempt — a random state and a PKCE
//   code_verifier kept in a short-lived HttpOnly cookie — and sends the reader to the provider's sign-in page.
// - GET (the provider returns here): the state must be this browser's attempt (constant-time compare); the attempt
//   cookie is spent either way; the code is exchanged by the API. A linked reader is signed in and continues to
//   the return address; a new reader goes on to /oauth/register with the ticket (kept in a cookie, not the URL).
//   Anything else is a page that says what happened, with no session.
// - Linking (issue 9): the 連結 buttons on /member/security post here with intent=link; the attempt cookie is then
//   marked as linking, and its return links the provider account to the signed-in member (never signs anyone in)
//   and goes back to /member/security?linked=<provider>. A guest's linking attempt is refused and links nothing.
import { data, Link, redirect } from "react-router";
import { signedInRedirect } from "~/features/session/after-sign-in.server";
import {
  attemptCookie,
  callbackUrl,
  clearAttemptCookie,
  readAttempt,
  registrationCookie,
} from "~/features/session/oauth-cookies.server";
import { authorizeUrl, callbackOutcome, newAttempt, OAUTH_LINK_INTENT } from "~/features/session/oauth-sign-in";
import { API_CODE } from "~/http/api-codes";
import { readCookie, TOKEN_COOKIE } from "~/http/cookies.server";
import { available, submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { formText } from "~/lib/field-errors";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/oauth-login";

/** Why no one was signed in (or nothing was linked): the page's heading and what to do. */
interface Failure {
  title: string;
  message: string;
  /** A linking attempt's page leads back to the security page rather than to sign in. */
  linking?: boolean;
}

const FAILURES = {
  badState: {
    title: "登入連結已失效",
    message:
      "這個登入連結無效、已使用過或已過期（例如在其他視窗或裝置開始登入），為了您的帳號安全，我們沒有讓您登入。請回到登入頁重新登入。",
  },
  denied: {
    title: "您已取消登入",
    message: "您在第三方登入頁面沒有同意授權，因此沒有登入。您可以回到登入頁重新登入，或改用電子郵件與密碼登入。",
  },
  providerError: {
    title: "第三方登入失敗",
    message: "第三方登入服務回報錯誤，沒有完成登入。請稍後再試，或改用電子郵件與密碼登入。",
  },
  missingCode: {
    title: "第三方登入失敗",
    message: "第三方登入服務沒有提供授權碼，沒有完成登入。請回到登入頁重新登入。",
  },
  linkNeedsSession: {
    title: "請先登入",
    message: "連結第三方登入前，請先登入本站會員，再到「帳號安全」連結。我們沒有連結任何帳號。",
  },
} satisfies Record<string, Failure>;

const failed = (failure: Failure, status: number, headers?: Headers) => data({ failure }, { status, headers });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: routeTitle("oauth-login") });

/** A provider button: start an attempt and go to the provider's sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = serverApi(request, context);
  const env = await available(api.GET("/env"), "env");
  const provider = env?.oauth_providers.find((p) => p.id === formText(form, "provider"));
  if (!provider) {
    return failed(
      { title: "無法完成登入", message: "不支援這個登入方式，或第三方登入暫時無法使用，請改用電子郵件與密碼登入。" },
      400,
    );
  }
  const linking = formText(form, "intent") === OAUTH_LINK_INTENT;
  if (linking && !readCookie(request, TOKEN_COOKIE)) return failed(FAILURES.linkNeedsSession, 401);
  const attempt = newAttempt(provider.id, linking ? "link" : "sign-in");
  const location = await authorizeUrl(provider.authorize_url, callbackUrl(request), attempt);
  throw redirect(location, { status: 303, headers: { "Set-Cookie": attemptCookie(request, attempt) } });
}

/** The provider's return. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The attempt is spent whatever happens next: a code or state can be tried once per attempt.
  const cookies = new Headers({ "Set-Cookie": clearAttemptCookie(request) });
  const params = new URL(request.url).searchParams;
  const outcome = callbackOutcome(params, readAttempt(request));
  // A plain visit (no return from a provider at all) is no refusal: the same advice, as an ordinary page.
  if (outcome.kind === "bad-state") return failed(FAILURES.badState, params.size === 0 ? 200 : 400, cookies);
  if (outcome.kind === "provider-error") {
    return failed(outcome.denied ? FAILURES.denied : FAILURES.providerError, 400, cookies);
  }
  if (outcome.kind === "missing-code") return failed(FAILURES.missingCode, 400, cookies);

  // The proxy's Set-Cookie (the token, when a linked reader signs in) travels on with the redirect.
  const api = serverApi(request, context, { setCookies: cookies });
  if (outcome.purpose === "link") {
    if (!readCookie(request, TOKEN_COOKIE)) return failed(FAILURES.linkNeedsSession, 401, cookies);
    const linked = await submitted(
      api.POST("/member/identities/link", {
        body: {
          provider: outcome.provider,
          code: outcome.code,
          redirect_uri: callbackUrl(request),
          code_verifier: outcome.codeVerifier,
        },
      }),
    );
    if (linked.ok)
      throw redirect(`/member/security?linked=${encodeURIComponent(outcome.provider)}`, { headers: cookies });
    // Code 3: the session ended meanwhile; code 6: the provider account is another member's, or one is linked already.
    if (linked.code === API_CODE.unauthenticated) return failed(FAILURES.linkNeedsSession, 401, cookies);
    return failed({ title: "無法連結", message: linked.message, linking: true }, linked.status, cookies);
  }
  const exchange = await submitted(
    api.POST("/member/oauth/exchange", {
      body: {
        provider: outcome.provider,
        code: outcome.code,
        redirect_uri: callbackUrl(request),
        code_verifier: outcome.codeVerifier,
      },
    }),
  );
  if (!exchange.ok) {
    // Code 6: the provider's e-mail is a member's who has not linked this provider; the message says what to do.
    const title = exchange.code === API_CODE.conflict ? "這個電子郵件已是本站會員" : "無法完成登入";
    return failed({ title, message: exchange.message }, exchange.status, cookies);
  }
  const result = exchange.data;
  if (result.status === "signed_in") throw await signedInRedirect(request, context, cookies);

  const env = await available(api.GET("/env"), "env");
  const providerName = env?.oauth_providers.find((p) => p.id === result.provider)?.name ?? "第三方";
  cookies.append(
    "Set-Cookie",
    registrationCookie(request, { ticket: result.ticket, email: result.email, name: result.name, providerName }),
  );
  throw redirect("/oauth/register", { headers: cookies });
}

export default function OAuthLogin({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData?.failure ?? loaderData.failure;
  return (
    <main id="main" className="min-h-screen grid place-items-center bg-page text-ink px-6 py-10">
      <section className="max-w-lg w-full border border-line bg-surface p-8" aria-labelledby="oauth-login-title">
        <h1 id="oauth-login-title" className="text-2xl font-bold mt-0">
          {failure.title}
        </h1>
        <p role="alert" className="leading-relaxed">
          {failure.message}
        </p>
        <p className="mb-0 flex flex-wrap gap-4">
          {failure.linking ? (
            <Link to="/member/security" className="btn-primary no-underline">
              回到帳號安全
            </Link>
          ) : (
            <Link to="/login" className="btn-primary no-underline">
              回到登入頁
            </Link>
          )}
          <Link to="/" className="btn-outline no-underline">
            返回首頁
          </Link>
        </p>
      </section>
    </main>
  );
}
