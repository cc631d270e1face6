// The two short-lived cookies of signing in through a provider (see app/features/session/oauth-sign-in.ts): the attempt
// (state and PKCE verifier) between the button and /oauth/login, and the registration ticket between /oauth/login
// and /oauth/register. HttpOnly, SameSite=Lax (the provider returns with a top-level GET), `__Host-` over https.

import {
  OAUTH_ATTEMPT_COOKIE,
  OAUTH_ATTEMPT_MAX_AGE_SECONDS,
  OAUTH_CALLBACK_PATH,
  OAUTH_TICKET_COOKIE,
  OAUTH_TICKET_MAX_AGE_SECONDS,
  type OAuthAttempt,
  type PendingRegistration,
  parseAttempt,
  parseRegistration,
  serializeAttempt,
  serializeRegistration,
} from "~/features/session/oauth-sign-in";
import { serializeCookie } from "~/http/cookies";
import { clearCookie, readCookie } from "../../http/cookies.server";

/**
 * The redirect_uri of every authorization request and its exchange: /oauth/login on the host the reader is on,
 * since the attempt cookie is bound to that host.
 */
export function callbackUrl(request: Request): string {
  return new URL(OAUTH_CALLBACK_PATH, request.url).href;
}

export function attemptCookie(request: Request, attempt: OAuthAttempt): string {
  return serializeCookie(
    new URL(request.url),
    OAUTH_ATTEMPT_COOKIE,
    serializeAttempt(attempt),
    OAUTH_ATTEMPT_MAX_AGE_SECONDS,
  );
}

export function readAttempt(request: Request): OAuthAttempt | null {
  return parseAttempt(readCookie(request, OAUTH_ATTEMPT_COOKIE));
}

export const clearAttemptCookie = (request: Request) => clearCookie(request, OAUTH_ATTEMPT_COOKIE);

export function registrationCookie(request: Request, pending: PendingRegistration): string {
  return serializeCookie(
    new URL(request.url),
    OAUTH_TICKET_COOKIE,
    serializeRegistration(pending),
    OAUTH_TICKET_MAX_AGE_SECONDS,
  );
}

export function readRegistration(request: Request): PendingRegistration | null {
  return parseRegistration(readCookie(request, OAUTH_TICKET_COOKIE));
}

export const clearRegistrationCookie = (request: Request) => clearCookie(request, OAUTH_TICKET_COOKIE);
