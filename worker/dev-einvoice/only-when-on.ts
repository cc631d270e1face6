// The stand-in answers 404 unless DEV_EINVOICE is "on" (`config.devEinvoice`); production never sets it.
import { createMiddleware } from "hono/factory";
import type { WorkerEnv } from "../types";

export const onlyWhenOn = createMiddleware<WorkerEnv>(async (c, next) => {
  if (!c.get("config").devEinvoice) return c.notFound();
  await next();
});
