// /login (guest layout): sign in with e-mail and password; also ends a session (intent=logout).
// A plain form post handled by the action, so it works before hydration too. When signing in leads back to the
// checkout (the stored return address), the page says so under its heading.

import { useId, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { FormField } from "~/components/form-field";
import { EMAIL_MAX_LENGTH } from "~/features/account/member-fields";
import { PasswordField } from "~/features/account/password-field";
import { CHECKOUT_SIGN_IN_REASON, isCheckoutReturn } from "~/features/checkout/checkout-path";
import { redirectAfterSignIn } from "~/features/session/after-sign-in.server";
import { OAuthButtons } from "~/features/session/oauth-buttons";
import { RETURN_URL_COOKIE, readCookie, returnUrlCookie } from "~/http/cookies.server";
import { safeReturnPath } from "~/http/return-path";
import { available, submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { useIsSubmitting } from "~/lib/form-submission";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), { title: "會員登入" });

/**
 * The sign-in providers for the buttons (none when the environment is unavailable: the password form still works),
 * and why the reader is here, when the stored return address says (the checkout).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = await available(serverApi(request, context).GET("/env"), "env");
  return {
    providers: (env?.oauth_providers ?? []).map(({ id, name }) => ({ id, name })),
    reason: isCheckoutReturn(readCookie(request, RETURN_URL_COOKIE)) ? CHECKOUT_SIGN_IN_REASON : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // A guest who tried something that needs an account (a favourite): remember where they were, then sign in.
  if (form.get("intent") === "sign-in-first") {
    const back = safeReturnPath(String(form.get("return_to") ?? ""), "/");
    throw redirect("/login", { status: 303, headers: { "Set-Cookie": returnUrlCookie(request, back) } });
  }
  // The proxy's Set-Cookie (token set or cleared) travels on to the browser with the page's reply.
  const cookies = new Headers();
  const api = serverApi(request, context, { setCookies: cookies });
  if (form.get("intent") === "logout") {
    // Signed out either way: an already ended session (or an API failure) still leads home without the token.
    await submitted(api.GET("/member/logout"));
    throw redirect("/", { headers: cookies });
  }
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const signIn = await submitted(api.POST("/member/login", { body: { email, password } }));
  if (!signIn.ok) return data({ error: signIn.message, email }, { status: signIn.status });
  throw redirectAfterSignIn(request, cookies);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const errorId = useId();
  const [password, setPassword] = useState("");
  const submitting = useIsSubmitting();
  const error = actionData?.error;
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
      <FormAlert id={errorId} message={error} />
      <Form method="post" className="grid gap-4" aria-describedby={error ? errorId : undefined}>
        <FormField
          label="電子郵件"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={actionData?.email ?? ""}
          invalid={!!error}
          describedBy={error ? errorId : undefined}
        />
        <PasswordField
          label="密碼"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          invalid={!!error}
          describedBy={error ? errorId : undefined}
        />
        <button type="submit" className="btn-primary h-control-lg" disabled={submitting}>
          {submitting ? "登入中…" : "登入"}
        </button>
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
