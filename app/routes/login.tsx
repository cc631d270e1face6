// /login (guest layout): sign in with e-mail and password; also ends a session (intent=logout).
// A plain form post handled by the action, so it works before hydration too.
import { useId, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { API_CODE, unknownErrorMessage } from "~/domain/api-codes";
import { safeReturnPath } from "~/domain/cookies";
import { filterPassword } from "~/domain/input-filters";
import { readEnvelope } from "~/lib/api/client";
import { clearCookie, RETURN_URL_COOKIE, readCookie, returnUrlCookie } from "~/lib/cookies.server";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), { title: "會員登入" });

async function callApi(request: Request, context: Route.ActionArgs["context"], path: string, init: RequestInit) {
  const { apiFetch } = context.get(requestContext);
  const headers = new Headers(init.headers);
  const cookie = request.headers.get("Cookie");
  if (cookie) headers.set("Cookie", cookie);
  const reply = await apiFetch(new Request(`${new URL(request.url).origin}/api/frontend${path}`, { ...init, headers }));
  const envelope = await readEnvelope(reply.clone()).catch(() => ({
    code: API_CODE.serverError,
    message: "系統忙碌中，請稍後再試",
  }));
  // The proxy's Set-Cookie (token set or cleared) travels on to the browser with the page's reply.
  const cookies = new Headers();
  for (const value of reply.headers.getSetCookie()) cookies.append("Set-Cookie", value);
  return { envelope, cookies, status: reply.status };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // A guest who tried something that needs an account (a favourite): remember where they were, then sign in.
  if (form.get("intent") === "sign-in-first") {
    const back = safeReturnPath(String(form.get("return_to") ?? ""), "/");
    throw redirect("/login", { status: 303, headers: { "Set-Cookie": returnUrlCookie(request, back) } });
  }
  if (form.get("intent") === "logout") {
    const { cookies } = await callApi(request, context, "/member/logout", { method: "GET" });
    throw redirect("/", { headers: cookies });
  }
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const { envelope, cookies, status } = await callApi(request, context, "/member/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (envelope.code !== API_CODE.ok) {
    const message = envelope.message?.trim() || unknownErrorMessage(envelope.code);
    return data({ error: message, email }, { status: Math.max(status, 400) });
  }
  cookies.append("Set-Cookie", clearCookie(request, RETURN_URL_COOKIE));
  throw redirect(safeReturnPath(readCookie(request, RETURN_URL_COOKIE), "/member/profile"), { headers: cookies });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const ids = { email: useId(), password: useId(), error: useId() };
  const [password, setPassword] = useState("");
  const submitting = useNavigation().state === "submitting";
  const error = actionData?.error;
  return (
    <section className="max-w-md px-6 py-10 md:px-12" aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-bold mt-0">
        會員登入
      </h1>
      {error && (
        <p id={ids.error} role="alert" className="border border-error text-error px-4 py-3">
          {error}
        </p>
      )}
      <Form method="post" className="grid gap-4" aria-describedby={error ? ids.error : undefined}>
        <div className="grid gap-1">
          <label htmlFor={ids.email} className="font-medium">
            電子郵件
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={actionData?.email ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            className="h-control border border-line bg-surface text-ink px-3"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.password} className="font-medium">
            密碼
          </label>
          <input
            id={ids.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={64}
            value={password}
            onChange={(e) => setPassword(filterPassword(e.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            className="h-control border border-line bg-surface text-ink px-3"
          />
        </div>
        <button type="submit" className="btn-primary h-control-lg" disabled={submitting}>
          {submitting ? "登入中…" : "登入"}
        </button>
      </Form>
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
