import { createMiddleware } from "hono/factory";
import { inRequestScope } from "~/lib/log.server";
import type { WorkerEnv } from "../types";

const INCOMING = /^[\w-]{8,128}$/;

/**
 * A request id on the context and on every reply. Hono's own requestId sets the header before the handler, which
 * a handler returning its own Response (React Router, the API) drops; this one stamps it afterwards.
 */
export const requestId = createMiddleware<WorkerEnv>(async (c, next) => {
  const incoming = c.req.header("X-Request-Id");
  const id = incoming && INCOMING.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  // Every line logged while the request is handled (the API and the loaders included) names it.
  await inRequestScope(id, () => next());
  c.res.headers.set("X-Request-Id", id);
});
