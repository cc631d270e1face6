import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { productionTwin } from "./react-router-production";

describe("productionTwin", () => {
  it("maps a file of React Router's development build to its production twin", () => {
    const dev = "/app/node_modules/react-router/dist/development/dom-export.mjs";
    expect(productionTwin(dev, () => true)).toBe("/app/node_modules/react-router/dist/production/dom-export.mjs");
  });

  it("keeps the development file when no twin exists, and leaves other packages alone", () => {
    expect(productionTwin("/app/node_modules/react-router/dist/development/x.mjs", () => false)).toBeUndefined();
    expect(productionTwin("/app/node_modules/react-dom/cjs/development/x.js", () => true)).toBeUndefined();
  });

  it("finds the twin of the installed React Router's entry files", () => {
    const require = createRequire(import.meta.url);
    const entry = require.resolve("react-router").replace(/index\.js$/, "index.mjs");
    expect(entry).toMatch(/dist[\\/]development[\\/]/);
    expect(productionTwin(entry)).toMatch(/dist[\\/]production[\\/]index\.mjs$/);
  });
});
