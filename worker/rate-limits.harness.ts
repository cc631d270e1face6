// A worker that answers every request with rateLimited's verdict, for rate-limits.workerd.test.ts, which runs it in
// workerd (Miniflare) with the real rate-limiting bindings. Test-only.
import { rateLimited } from "./rate-limits";

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    return (await rateLimited(request, env)) ?? new Response("passed");
  },
};
