import { describe, expect, it } from "vitest";
import { hottestFunctions } from "./cpu-profile.mjs";

const frame = (functionName: string, url = "", lineNumber = -1) => ({ functionName, url, lineNumber });

// (root) → render → push (self) and render → render (recursion) → push; plus idle and the runtime's own samples.
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 5, 6] },
    { id: 2, callFrame: frame("render", "file:///build/server.js", 9), children: [3, 7] },
    { id: 3, callFrame: frame("push", "file:///build/server.js", 19), children: [] },
    { id: 5, callFrame: frame("(idle)"), children: [] },
    { id: 6, callFrame: frame("(program)"), children: [] },
    { id: 7, callFrame: frame("render", "file:///build/server.js", 9), children: [8] },
    { id: 8, callFrame: frame("push", "file:///build/server.js", 19), children: [] },
  ],
  samples: [3, 3, 2, 5, 5, 5, 6, 8],
  timeDeltas: [100, 100, 200, 1000, 1000, 1000, 500, 400],
};

describe("hottestFunctions", () => {
  it("counts only the isolate's busy samples, by function and file line", () => {
    const hottest = hottestFunctions(profile);
    // 100 + 100 + 200 + 400 µs: idle and (program) are not the isolate running code.
    expect(hottest.busyMs).toBeCloseTo(0.8);
    expect(hottest.self).toEqual([
      { name: "push server.js:20", ms: 0.6, share: 0.75 },
      { name: "render server.js:10", ms: 0.2, share: 0.25 },
    ]);
  });

  it("counts a recursive function's time once in its total", () => {
    const { total } = hottestFunctions(profile);
    expect(total[0]).toEqual({ name: "render server.js:10", ms: 0.8, share: 1 });
    expect(total[1]).toEqual({ name: "push server.js:20", ms: 0.6, share: 0.75 });
  });

  it("keeps the top ones only", () => {
    expect(hottestFunctions(profile, 1).self).toHaveLength(1);
  });
});
