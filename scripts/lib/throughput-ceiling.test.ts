import { describe, expect, it } from "vitest";
import { throughputCeiling } from "./throughput-ceiling.mjs";

describe("throughputCeiling", () => {
  it("is the floor's cost over a bare render plus the page's calls, each less the floor", () => {
    // Floor 1 ms; a render with one 0.5 ms call costs 3 ms, so a bare render is 2.5 ms; the page's calls add 1 + 2 ms.
    const ceiling = throughputCeiling({
      healthz: 1000,
      render: 1000 / 3,
      renderCalls: [1000 / 1.5],
      calls: [500, 1000 / 3],
    });
    expect(ceiling).toBeCloseTo(1 / 5.5, 10);
  });

  it("is the bare render's ratio when the page makes no call", () => {
    expect(throughputCeiling({ healthz: 600, render: 300, renderCalls: [], calls: [] })).toBeCloseTo(0.5, 10);
  });
});
