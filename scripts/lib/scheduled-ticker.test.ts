import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cronsOf } from "./scheduled-ticker.mjs";

describe("the local Cron Trigger ticker", () => {
  it("reads the cron expressions of wrangler.toml's [triggers]", () => {
    expect(cronsOf(readFileSync("wrangler.toml", "utf8"))).toEqual(["*/5 * * * *"]);
    expect(cronsOf('[triggers]\ncrons = ["0 * * * *", "*/5 * * * *"]\n')).toEqual(["0 * * * *", "*/5 * * * *"]);
    expect(cronsOf("[vars]\n")).toEqual([]);
  });
});
