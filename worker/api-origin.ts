// Calls to API_ORIGIN, the bookstore backend over HTTP. Each call is given up after API_TIMEOUT_MS, reading the reply's
// body included, and whatever is not an envelope — no answer in time, a refused or reset connection, an HTML error
// page, broken JSON, JSON of another shape — becomes the proxy's own code-5 reply with Retry-After: HTTP 504 for a
// timeout, 502 for the rest. So neither a reader nor a loader ever waits for ever or reads plain text, and the edge
// cache sees an origin failure (>= 500) that it may answer with a stale copy. Envelopes pass as they came, except that
// the origin's own server error (HTTP 500) is the gateway's 502, its message kept; redirects (NewebPay's return call
// answers one) and HEAD replies pass as they are.
import { API_CODE } from "~/http/api-codes";
import { parseEnvelope } from "~/http/envelope";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "~/http/unavailable";
import { log } from "~/lib/log.server";

type OriginFailure = "timeout" | "unreachable" | "not-an-envelope";

const STATUS_OF: Record<OriginFailure, 502 | 504> = { timeout: 504, unreachable: 502, "not-an-envelope": 502 };

/** The proxy's reply when the API cannot be had for now: the envelope with code 5. */
export function unavailableReply(status: 502 | 503 | 504): Response {
  return Response.json(
    { code: API_CODE.serverError, message: UNAVAILABLE_MESSAGE },
    { status, headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}

function failed(request: Request, failure: OriginFailure, detail: string): Response {
  const { pathname } = new URL(request.url);
  log.warn("api-origin", { failure, method: request.method, path: pathname, detail });
  return unavailableReply(STATUS_OF[failure]);
}

const isRedirect = (status: number) => status >= 300 && status < 400;
/** An origin's 5xx other than 502–504 (its own server error), which the proxy reports as 502. */
const isOriginServerError = (status: number) => status >= 500 && ![502, 503, 504].includes(status);

/** Sends `request` to the origin it names; never throws, never waits longer than `timeoutMs`. */
export async function fetchOrigin(request: Request, timeoutMs: number): Promise<Response> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const reply = await fetch(request, { signal });
    if (isRedirect(reply.status) || request.method === "HEAD") return reply;
    // Read whole (API replies are small JSON) under the same signal: a body that trickles in times out as well.
    const text = await reply.text();
    if (parseEnvelope(text) === null) {
      return failed(
        request,
        "not-an-envelope",
        `HTTP ${reply.status}, ${reply.headers.get("Content-Type") ?? "no type"}`,
      );
    }
    const headers = new Headers(reply.headers);
    headers.delete("Content-Length");
    if (!isOriginServerError(reply.status)) return new Response(text, { status: reply.status, headers });
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return new Response(text, { status: 502, headers });
  } catch (error) {
    return failed(request, signal.aborted ? "timeout" : "unreachable", String(error));
  }
}
