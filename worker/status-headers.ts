// The headers a page's status calls for (RFC 9110): when to try again after a 503 or a 429, and which methods the
// page takes after a 405. React Router answers 405 only for a page without an action, which takes GET and HEAD.
import { RATE_LIMIT_PERIOD_SECONDS } from "~/http/rate-limit";
import { RETRY_AFTER_SECONDS } from "~/http/unavailable";

const HEADERS_BY_STATUS: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  503: { "Retry-After": String(RETRY_AFTER_SECONDS) }, // the API cannot be had for now
  429: { "Retry-After": String(RATE_LIMIT_PERIOD_SECONDS) }, // the page's call was past its rate limit
  405: { Allow: "GET, HEAD" }, // a POST (or PUT, DELETE…) to a page without an action
};

/** The rendered page with the headers its status calls for, where it does not have them already. */
export function withStatusHeaders(response: Response): Response {
  const wanted = Object.entries(HEADERS_BY_STATUS[response.status] ?? {}).filter(
    ([name]) => !response.headers.has(name),
  );
  if (wanted.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of wanted) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
