// /api/frontend/*: to API_ORIGIN when it is set, else to the built-in API on D1, in-process.
// (Token cookie handling and edge caching come with the full proxy.)

import { builtInApi } from "./api";
import type { WorkerConfig } from "./config";

export async function forwardToApi(request: Request, env: Env, config: WorkerConfig): Promise<Response> {
  if (!config.apiOrigin) return builtInApi.fetch(request, env);
  const url = new URL(request.url);
  const reply = await fetch(new Request(`${config.apiOrigin}${url.pathname}${url.search}`, request));
  // A fetched reply's headers are immutable; the worker's middleware still has to add its own.
  return new Response(reply.body, reply);
}
