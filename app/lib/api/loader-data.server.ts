// How loaders treat API replies (DESIGN: critical data fails the page, deferred data never does).
import { data } from "react-router";
import { ApiError, unwrap } from "./client";

/** Critical data: an unknown or malformed id (codes 4 and 2) is the page's 404; anything else is a 5xx. */
export async function critical<T>(reply: Promise<{ data?: { data?: T } }>): Promise<T> {
  try {
    return await unwrap(reply);
  } catch (error) {
    if (error instanceof ApiError && (error.code === 4 || error.code === 2)) throw data(null, { status: 404 });
    throw error;
  }
}

/** Deferred data: on any failure it resolves to the fallback (and the failure is logged), never rejects. */
export function deferred<T>(reply: Promise<{ data?: { data?: T } }>, fallback: T, what: string): Promise<T> {
  return unwrap(reply).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.code === 4)) console.warn(`${what} unavailable`, error);
    return fallback;
  });
}
