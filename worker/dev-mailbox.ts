// /_dev/mail?to=<address>: the mail queued for one address (recovery codes), for local development and the test
// suite, which have no mail delivery. Answers 404 unless DEV_MAILBOX is "on" (`config.devMailbox`); production never
// sets it.
import { Hono } from "hono";
import { latestMailTo } from "./api/mail";
import { PRIMARY } from "./d1-session";
import type { WorkerEnv } from "./types";

export const devMailbox = new Hono<WorkerEnv>().get("/", async (c) => {
  if (!c.get("config").devMailbox) return c.notFound();
  const to = c.req.query("to")?.trim().toLowerCase();
  if (!to) return c.json({ error: "add ?to=<e-mail address>" }, 400);
  c.header("Cache-Control", "no-store");
  return c.json(await latestMailTo(c.env.DB.withSession(PRIMARY), to));
});
