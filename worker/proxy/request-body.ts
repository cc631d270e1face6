// The request's body, read at the edge within its operation's limit (worker/endpoints/endpoint-policies.ts; the
// general one, worker/body-limit.ts, for a call the contract does not have). Past it the proxy answers 413 and the
// API is never called.
import { API_BODY_LIMIT_BYTES, readLimitedBody, tooLarge } from "../body-limit";
import type { Endpoint } from "../endpoints/endpoint-of-request";

/** The body as bytes (null for GET and HEAD, which have none), or the 413 reply when it is over the limit. */
export async function readRequestBody(
  request: Request,
  endpoint: Endpoint | null,
): Promise<Uint8Array<ArrayBuffer> | null | Response> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const limit = endpoint?.policy.bodyLimitBytes ?? API_BODY_LIMIT_BYTES;
  return (await readLimitedBody(request, limit)) ?? tooLarge(limit);
}
