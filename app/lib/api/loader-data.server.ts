// How loaders and actions treat API replies (DESIGN: critical data fails the page, deferred data never does, an
// action's failure is the form's message). Outcomes are told apart by API_CODE only.
import { data } from "react-router";
import { API_CODE } from "~/http/api-codes";
import { failureFields, log } from "~/lib/log.server";
import { ApiError, unwrap } from "./client";

type Reply<T> = Promise<{ data?: { data?: T } }>;

/** A server error the proxy reports for an API origin that hangs, fails or answers garbage (worker/api-origin.ts). */
const isOriginUnavailable = (error: ApiError) =>
  error.code === API_CODE.serverError && [502, 503, 504].includes(error.status);

/** What a page says when its record is not there: an unknown, malformed or (for a member) someone else's id. */
export const isMissing = (reply: { code: number }) =>
  reply.code === API_CODE.notFound || reply.code === API_CODE.invalidInput;

/**
 * The page's 404. Thrown bare (`throw notFound()`), the route's error boundary renders the error page; returned with
 * a body, the page renders itself from the body with status 404.
 */
export function notFound<T = null>(body: T = null as T) {
  return data(body, { status: 404 });
}

/**
 * The page's answer when the API cannot answer for now: 503 by default (the error page's 暫時無法取得資料, with the
 * Retry-After that worker/status-headers.ts adds). Returned with a body and the failed reply's status, the page
 * renders itself and says where the data would be that it is unavailable (DataUnavailable).
 */
export function unavailable<T = null>(body: T = null as T, status = 503) {
  return data(body, { status });
}

/**
 * Critical data, awaited: an unknown or malformed id (notFound, invalidInput) is the page's 404; an API that cannot
 * be had for now is the page's 503 (暫時無法取得資料), a call past its rate limit (e.g. search) the page's 429
 * (操作太頻繁), both with Retry-After (worker/render.ts); anything else a 5xx.
 */
export async function critical<T>(reply: Reply<T>): Promise<T> {
  try {
    return await unwrap(reply);
  } catch (error) {
    if (error instanceof ApiError && isMissing(error)) throw notFound();
    if (error instanceof ApiError && isOriginUnavailable(error)) throw unavailable();
    if (error instanceof ApiError && error.code === API_CODE.tooManyAttempts) throw data(null, { status: 429 });
    throw error;
  }
}

/**
 * Deferred data: a promise to return from the loader as it is (rendered with <Suspense><Await>), never awaited there.
 * On any failure it resolves to the fallback (the failure is logged unless it is a plain notFound); it never rejects.
 */
export function deferred<T>(reply: Reply<T>, fallback: T, what: string): Promise<T> {
  return unwrap(reply).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.code === API_CODE.notFound)) {
      log.warn("loader", { message: `${what} unavailable`, ...failureFields(error) });
    }
    return fallback;
  });
}

/**
 * A page's own data that must not fail the page: awaited, so it is in the first HTML with or without JavaScript, but
 * any failure resolves to null and the page says where the data would be that it is unavailable for now. Failures
 * are logged, except a missing session: a member page's layout sends the reader to sign in (its loader runs beside
 * the page's), so nothing is unavailable then.
 */
export function available<T>(reply: Reply<T>, what: string): Promise<T | null> {
  return unwrap(reply).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.code === API_CODE.unauthenticated)) {
      log.warn("loader", { message: `${what} unavailable`, ...failureFields(error) });
    }
    return null;
  });
}

/** The items of a deferred page of a listing (the first few for a teaser); none when the listing is unavailable. */
export function deferredItems<T>(reply: Reply<{ items: T[] }>, what: string): Promise<T[]> {
  return deferred<{ items: T[] }>(reply, { items: [] }, what).then((page) => page.items);
}

/** What an action's call came to: the reply's data, or the reply's message for the form with the HTTP status. */
export type Submitted<T> = { ok: true; data: T } | { ok: false; code: number; message: string; status: number };

/**
 * An action's call: any error reply (and an unreadable one) becomes the form's message and a 4xx/5xx status, so
 * the page renders again with it; a failure that is not an API reply still throws.
 */
export async function submitted<T>(reply: Reply<T>): Promise<Submitted<T>> {
  try {
    return { ok: true, data: await unwrap(reply) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, code: error.code, message: error.message, status: Math.max(error.status, 400) };
  }
}
