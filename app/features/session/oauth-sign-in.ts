// Signing in through another provider (OAuth 2.0 authorization code with PKCE, RFC 6749 and RFC 7636), the
// browser's half: the attempt kept in a short-lived cookie between the button and /oauth/login (a random `state`
// bound to this browser, and the PKCE code_verifier), the provider's sign-in address, and what a return to
// /oauth/login comes to. Framework-free (Web Crypto only), so the app and the unit tests share it.

/** The cookie of an attempt (named with `cookieName`, i.e. `__Host-` prefixed over https). */
export const OAUTH_ATTEMPT_COOKIE = "bookstore_oauth_attempt";
/** Long enough to sign in at the provider, short enough that a forgotten attempt does not linger. */
export const OAUTH_ATTEMPT_MAX_AGE_SECONDS = 10 * 60;

/** The cookie that carries a registration ticket from /oauth/login to /oauth/register (never in the URL). */
export const OAUTH_TICKET_COOKIE = "bookstore_oauth_ticket";
/** The API's tickets last 30 minutes; the cookie never outlives them. */
export const OAUTH_TICKET_MAX_AGE_SECONDS = 30 * 60;

/** Where every provider returns to: the same path the API accepts as redirect_uri. */
export const OAUTH_CALLBACK_PATH = "/oauth/login";

const PROVIDER_ID = /^[a-z][a-z0-9-]{1,19}$/;

// 32 random bytes in base64url: 43 characters, within RFC 7636's 43–128 unreserved characters for the verifier.
import { sha256Bytes } from "~/domain/sha256";

const RANDOM = /^[A-Za-z0-9_-]{43}$/;

/** What an attempt is for: signing in (the /login buttons) or linking to the signed-in member (/member/security). */
export type AttemptPurpose = "sign-in" | "link";

/** The form's `intent` (and the attempt cookie's marker) of a linking attempt. */
export const OAUTH_LINK_INTENT = "link";

export interface OAuthAttempt {
  provider: string;
  state: string;
  codeVerifier: string;
  purpose: AttemptPurpose;
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** 32 bytes from the platform's cryptographic random source, base64url without padding (43 characters). */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A new attempt for a provider: a fresh state and code_verifier. */
export function newAttempt(provider: string, purpose: AttemptPurpose = "sign-in"): OAuthAttempt {
  return { provider, state: randomToken(), codeVerifier: randomToken(), purpose };
}

/** The PKCE S256 code_challenge: base64url(SHA-256(ASCII(code_verifier))), RFC 7636 §4.2. */
export async function codeChallenge(codeVerifier: string): Promise<string> {
  return base64url(await sha256Bytes(codeVerifier));
}

/**
 * The cookie's value: `provider.state.verifier` for signing in, `provider.state.verifier.link` for linking (none of
 * the parts can contain a dot).
 */
export function serializeAttempt(attempt: OAuthAttempt): string {
  const parts = [attempt.provider, attempt.state, attempt.codeVerifier];
  if (attempt.purpose === "link") parts.push(OAUTH_LINK_INTENT);
  return parts.join(".");
}

/** The attempt a cookie holds, or null for anything that is not exactly what `serializeAttempt` writes. */
export function parseAttempt(value: string | null): OAuthAttempt | null {
  const [provider, state, codeVerifier, marker, ...rest] = (value ?? "").split(".");
  if (rest.length > 0 || !provider || !state || !codeVerifier) return null;
  if (marker !== undefined && marker !== OAUTH_LINK_INTENT) return null;
  if (!PROVIDER_ID.test(provider) || !RANDOM.test(state) || !RANDOM.test(codeVerifier)) return null;
  return { provider, state, codeVerifier, purpose: marker === undefined ? "sign-in" : "link" };
}

/**
 * The provider's sign-in page for this attempt: its published address (GET /env already carries client_id,
 * response_type and scope) plus redirect_uri, state and the S256 challenge.
 */
export async function authorizeUrl(publishedUrl: string, redirectUri: string, attempt: OAuthAttempt): Promise<string> {
  const url = new URL(publishedUrl);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", attempt.state);
  url.searchParams.set("code_challenge", await codeChallenge(attempt.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return url.href;
}

/** Equal strings, compared in time that does not depend on where they first differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

/** What a return to /oauth/login comes to, before any call to the API. */
export type CallbackOutcome =
  | { kind: "exchange"; provider: string; code: string; codeVerifier: string; purpose: AttemptPurpose }
  /** The reader declined or the provider failed (`?error=`): access_denied is told apart. */
  | { kind: "provider-error"; denied: boolean }
  /** No attempt in this browser, or a state that is not this attempt's: never exchanged. */
  | { kind: "bad-state" }
  | { kind: "missing-code" };

/** Checks a return to /oauth/login against the attempt this browser started (the cookie), in constant time. */
export function callbackOutcome(params: URLSearchParams, attempt: OAuthAttempt | null): CallbackOutcome {
  // An error ends the attempt whatever its state: nothing is exchanged, so there is nothing to protect.
  const error = params.get("error");
  if (error !== null) return { kind: "provider-error", denied: error === "access_denied" };
  if (!attempt || !sameSecret(params.get("state") ?? "", attempt.state)) return { kind: "bad-state" };
  const code = params.get("code");
  if (!code) return { kind: "missing-code" };
  const { provider, codeVerifier, purpose } = attempt;
  return { kind: "exchange", provider, code, codeVerifier, purpose };
}

/** A registration ticket as /oauth/register needs it: the API's ticket and the provider's verified e-mail. */
export interface PendingRegistration {
  ticket: string;
  email: string;
  /** The provider's name for the reader, offered as the name. */
  name: string | null;
  /** The provider's name for the page, e.g. LINE. */
  providerName: string;
}

export function serializeRegistration(pending: PendingRegistration): string {
  return JSON.stringify([pending.ticket, pending.email, pending.name, pending.providerName]);
}

/** The registration a cookie holds, or null for anything else. */
export function parseRegistration(value: string | null): PendingRegistration | null {
  try {
    const parsed: unknown = JSON.parse(value ?? "");
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [ticket, email, name, providerName] = parsed as unknown[];
    if (typeof ticket !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(ticket)) return null;
    if (typeof email !== "string" || !email.includes("@")) return null;
    if (typeof providerName !== "string" || (name !== null && typeof name !== "string")) return null;
    return { ticket, email, name, providerName };
  } catch {
    return null;
  }
}
