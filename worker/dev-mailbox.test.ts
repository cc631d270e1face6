import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { devMailbox } from "./dev-mailbox";
import { configMiddleware } from "./middleware/config";
import type { WorkerEnv } from "./types";

// The database is never reached when the mailbox is off or the address is missing.
const mailboxWith = (value: string) =>
  new Hono<WorkerEnv>()
    .use(configMiddleware(parseConfig({ SITE_DESCRIPTION: "歡迎光臨", DEV_MAILBOX: value })))
    .route("/", devMailbox);

describe("the development mailbox", () => {
  it("does not exist unless DEV_MAILBOX is on", async () => {
    for (const value of ["", "off", "true", "ON"]) {
      const res = await mailboxWith(value).request("/?to=demo@example.com");
      expect(res.status, value).toBe(404);
    }
  });

  it("asks for an address when on", async () => {
    const res = await mailboxWith("on").request("/");
    expect(res.status).toBe(400);
  });
});
