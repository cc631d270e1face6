import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SIGN_IN_AGAIN_INTENT } from "./sign-in-again";

describe("SIGN_IN_AGAIN_INTENT", () => {
  it("is the intent the page posts to /login when its own call met an ended session (written out there)", () => {
    const source = readFileSync(new URL("./member-session.ts", import.meta.url), "utf8");
    expect(source).toContain(`intent: "${SIGN_IN_AGAIN_INTENT}"`);
  });
});
