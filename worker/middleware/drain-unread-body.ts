// A request answered without reading its body (a refusal before any handler: another site's write, a wrong content
// type, a rate limit, a 405) still has its upload in flight. Left unread, the connection it came on is lost for the
// next request (locally wrangler's proxy reported "Network connection lost" for the following calls; clients and
// proxies do the same). The body is drained after the reply is made, up to the body limit's hard cap.
import { createMiddleware } from "hono/factory";
import { drainBody } from "../body-limit";
import type { WorkerEnv } from "../types";

export const drainUnreadBody = createMiddleware<WorkerEnv>(async (c, next) => {
  await next();
  await drainBody(c.req.raw);
});
