// /_dev/mail?to=<address>: what the send_email binding was given for one address (subject, text, HTML, headers),
// newest first, for local development and the test suite. Wrangler's local mode implements the binding: it sends
// nothing and keeps each mail in its local explorer, which this reads (worker/mail-delivery/local-explorer.ts); mail
// reaches it through the queue, about a second after it was written. Answers 404 unless DEV_MAILBOX is "on"
// (`config.devMailbox`); production never sets it.
import { Hono } from "hono";
import { LocalExplorerUnavailable, sentMailTo } from "./mail-delivery/local-explorer";
import type { WorkerEnv } from "./types";

export const devMailbox = new Hono<WorkerEnv>().get("/", async (c) => {
  if (!c.get("config").devMailbox) return c.notFound();
  const to = c.req.query("to")?.trim().toLowerCase();
  if (!to) return c.json({ error: "add ?to=<e-mail address>" }, 400);
  c.header("Cache-Control", "no-store");
  try {
    return c.json(await sentMailTo(new URL(c.req.url).origin, to));
  } catch (error) {
    if (!(error instanceof LocalExplorerUnavailable)) throw error;
    return c.json({ error: `${error.message}: the mailbox needs wrangler's local mode on localhost` }, 503);
  }
});
