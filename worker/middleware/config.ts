import { createMiddleware } from "hono/factory";
import { ConfigError, type WorkerConfig } from "../config";
import type { WorkerEnv } from "../types";

/** Puts the isolate's validated configuration on the context; an invalid one fails the request (a 500). */
export function configMiddleware(loaded: WorkerConfig | ConfigError) {
  return createMiddleware<WorkerEnv>(async (c, next) => {
    if (loaded instanceof ConfigError) throw loaded;
    c.set("config", loaded);
    await next();
  });
}
