// The authorization-code exchange with a provider: code → access token → who the reader is there.
import { z } from "zod";
import { API_CODE } from "~/http/api-codes";
import { ApiFailure, invalidInput } from "../envelope";
import { email as memberEmail } from "../member-fields";
import type { OAuthProviderConfig } from "./providers";

export interface ProviderIdentity {
  subject: string;
  email: string | null;
  name: string | null;
}

const tokenReply = z.object({ access_token: z.string().min(1) });
const userinfoReply = z.object({
  sub: z.union([z.string().min(1), z.number()]).transform(String),
  email: z.string().nullish(),
  email_verified: z.boolean().nullish(),
  name: z.string().nullish(),
});

const unavailable = () => new ApiFailure(API_CODE.serverError, "第三方登入服務暫時無法使用，請稍後再試", 502);

/** One call to the provider, given up after `timeoutMs` (OAUTH_TIMEOUT_MS): a provider that hangs is unavailable. */
async function call(timeoutMs: number, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw unavailable();
  }
}

async function json<T>(reply: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await reply.json().catch(() => null));
  if (!parsed.success) throw unavailable();
  return parsed.data;
}

interface ExchangeRequest {
  code: string;
  redirect_uri: string;
  code_verifier?: string | undefined;
}

/** Each call to the provider may take `timeoutMs`; reading its JSON reply too (the signal covers the body). */
export async function exchangeCode(
  provider: OAuthProviderConfig,
  { code, redirect_uri: redirectUri, code_verifier: codeVerifier }: ExchangeRequest,
  timeoutMs: number,
): Promise<ProviderIdentity> {
  const tokenResponse = await call(timeoutMs, provider.token_url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: provider.client_id,
      client_secret: provider.client_secret,
      ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
    }),
  });
  // A provider refuses a used, expired or forged code (or a mismatching redirect_uri) with a 4xx.
  if (tokenResponse.status >= 400 && tokenResponse.status < 500) {
    throw invalidInput("授權碼無效或已過期，請重新登入");
  }
  if (!tokenResponse.ok) throw unavailable();
  const { access_token } = await json(tokenResponse, tokenReply);

  const userinfoResponse = await call(timeoutMs, provider.userinfo_url, {
    headers: { Authorization: `Bearer ${access_token}`, Accept: "application/json" },
  });
  if (!userinfoResponse.ok) throw unavailable();
  const info = await json(userinfoResponse, userinfoReply);
  // Only an e-mail the provider says it has verified is kept: it becomes the e-mail of an account made from this
  // provider account, and decides whether an exchange is refused for belonging to an existing member.
  const email = info.email_verified === true ? (memberEmail.safeParse(info.email).data ?? null) : null;
  return { subject: info.sub, email, name: info.name?.trim() || null };
}
