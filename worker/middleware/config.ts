import { createMiddleware } from "hono/factory";
import { readConfig } from "../config";
import type { WorkerEnv } from "../types";

/** Validates the configuration once per isolate and puts it on the context. */
export const configMiddleware = createMiddleware<WorkerEnv>(async (c, next) => {
  c.set("config", readConfig(c.env as unknown as Record<string, unknown>));
  await next();
});
