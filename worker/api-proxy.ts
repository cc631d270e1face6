// /api/frontend/*: to API_ORIGIN when it is set, else to the built-in API on D1, in-process.
// (Token cookie handling and edge caching come with the full proxy.)

import { builtInApi } from "./api";
import type { WorkerConfig } from "./config";

export function forwardToApi(request: Request, env: Env, config: WorkerConfig): Promise<Response> {
  if (!config.apiOrigin) return Promise.resolve(builtInApi.fetch(request, env));
  const url = new URL(request.url);
  return fetch(new Request(`${config.apiOrigin}${url.pathname}${url.search}`, request));
}
