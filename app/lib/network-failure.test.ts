import { describe, expect, it } from "vitest";
import { isNetworkFailure } from "./network-failure";

describe("isNetworkFailure", () => {
  it("is fetch()'s rejection in Chromium, Firefox and Safari", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      expect(isNetworkFailure(new TypeError(message))).toBe(true);
    }
  });

  it("is not a failed chunk, a bug, a server's answer or anything else", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(false);
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
    expect(isNetworkFailure({ status: 503 })).toBe(false);
    expect(isNetworkFailure("Failed to fetch")).toBe(false);
  });
});
