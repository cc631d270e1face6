import { describe, expect, it } from "vitest";
import { flakyTests } from "./flaky-tests.mjs";

const spec = (line: number, title: string, status: string) => ({
  file: "e2e/cart.spec.ts",
  line,
  title,
  tests: [{ status, projectName: "e2e" }],
});

describe("flakyTests", () => {
  it("names the tests that passed only on their retry, in nested suites too", () => {
    const report = {
      suites: [
        {
          specs: [spec(3, "first", "expected"), spec(9, "second", "flaky")],
          suites: [{ specs: [spec(20, "inner", "flaky"), spec(30, "failed", "unexpected")] }],
        },
      ],
    };
    expect(flakyTests(report)).toEqual(["e2e/cart.spec.ts:9 second [e2e]", "e2e/cart.spec.ts:20 inner [e2e]"]);
  });

  it("finds none in a run without retries", () => {
    expect(flakyTests({ suites: [{ specs: [spec(1, "only", "expected")] }] })).toEqual([]);
    expect(flakyTests({})).toEqual([]);
  });
});
