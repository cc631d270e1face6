// Build-update endpoints: the client polls latest.json (never cached) and compares the id with its own.
import { Hono } from "hono";
import type { WorkerEnv } from "./types";

interface BuildStamp {
  id: string;
  timestamp: number;
}

export function buildsApp(build: BuildStamp) {
  return new Hono<WorkerEnv>()
    .get("/latest.json", (c) => {
      c.header("Cache-Control", "no-cache, no-store, must-revalidate");
      return c.json({ id: build.id, timestamp: build.timestamp });
    })
    .get("/meta/:file", (c) => {
      if (c.req.param("file") !== `${build.id}.json`) {
        c.header("Cache-Control", "no-store");
        return c.json({ code: 4, message: "找不到這個版本" }, 404);
      }
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      return c.json({ id: build.id, timestamp: build.timestamp });
    });
}
