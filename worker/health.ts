import { Hono } from "hono";
import type { WorkerEnv } from "./types";

/** Liveness: answers without touching the database or the renderer. */
export const health = new Hono<WorkerEnv>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ status: "ok", build: __BUILD_ID__ });
});
