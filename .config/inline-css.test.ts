// Which built CSS files go inline in the head: those of the client entry and the root route, with their imports.
import type { Manifest } from "vite";
import { describe, expect, it } from "vitest";
import { rootCssFiles } from "./inline-css";

const manifest: Manifest = {
  "node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx": {
    file: "assets/entry.client.js",
    isEntry: true,
    imports: ["_jsx.js"],
    css: ["assets/entry.css"],
  },
  "_jsx.js": { file: "assets/jsx.js" },
  "app/root.tsx": {
    file: "assets/root.js",
    isEntry: true,
    imports: ["_jsx.js", "_theme.js"],
    css: ["assets/root.css"],
  },
  "_theme.js": { file: "assets/theme.js", css: ["assets/theme.css", "assets/root.css"] },
  "app/routes/product.tsx": { file: "assets/product.js", isEntry: true, css: ["assets/product.css"] },
};

describe("rootCssFiles", () => {
  it("takes the client entry's and the root route's CSS with their imports' CSS, once each, imports first", () => {
    expect(rootCssFiles(manifest)).toEqual(["assets/entry.css", "assets/theme.css", "assets/root.css"]);
  });

  it("leaves another route's own CSS to its link", () => {
    expect(rootCssFiles(manifest)).not.toContain("assets/product.css");
  });

  it("finds nothing when the root loads no CSS", () => {
    expect(rootCssFiles({ "app/root.tsx": { file: "assets/root.js", isEntry: true } })).toEqual([]);
  });
});
