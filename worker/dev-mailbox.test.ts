import { describe, expect, it } from "vitest";
import { devMailbox } from "./dev-mailbox";

// The database is never reached when the mailbox is off or the address is missing.
const env = (value: string) => ({ DEV_MAILBOX: value, DB: undefined }) as unknown as Env;

describe("the development mailbox", () => {
  it("does not exist unless DEV_MAILBOX is on", async () => {
    for (const value of ["", "off", "true", "ON"]) {
      const res = await devMailbox.request("/?to=demo@example.com", {}, env(value));
      expect(res.status, value).toBe(404);
    }
  });

  it("asks for an address when on", async () => {
    const res = await devMailbox.request("/", {}, env("on"));
    expect(res.status).toBe(400);
  });
});
