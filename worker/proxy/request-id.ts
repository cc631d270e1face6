// The worker's id of the request (worker/middleware/request-id.ts) travels on to the API as `X-Request-Id`, so the
// API's log lines carry it too.

/** The request's method, URL and headers with `X-Request-Id` set; its body travels apart (already read). */
export function withRequestId(request: Request, requestId: string | undefined): Request {
  if (!requestId || request.headers.get("X-Request-Id") === requestId) return request;
  const headers = new Headers(request.headers);
  headers.set("X-Request-Id", requestId);
  return new Request(request.url, { method: request.method, headers });
}
