// Puts the app's stylesheet (UnoCSS and app/styles/theme.css: ~17 KB, ~5 KB gzip) inline in every document's head,
// so the first paint waits for no stylesheet request. Lighthouse found the linked stylesheet render-blocking on every
// page, holding back the first paint and the LCP element while the page's scripts downloaded alongside it.
// Vite and UnoCSS build the stylesheet as usual. After the client build, this plugin takes the root route's CSS out of
// Vite's manifest (so React Router links none) and hands its text to the server build as `virtual:inline-css`.
// Under `react-router dev` nothing changes: the module exports undefined and the dev server delivers the CSS itself.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Manifest, Plugin } from "vite";

const MODULE_ID = "virtual:inline-css";
const RESOLVED_ID = `\0${MODULE_ID}`;
const ROOT_ROUTE = "app/root.tsx";
/** The client entry: the app's own or React Router's default one. */
const CLIENT_ENTRY = /(^|\/)entry\.client\.[jt]sx?$/;

/** The CSS files the root route and the client entry load, in the order React Router would link them. */
export function rootCssFiles(manifest: Manifest): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) walk(imported);
    for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
  };
  for (const key of Object.keys(manifest)) if (CLIENT_ENTRY.test(key)) walk(key);
  for (const key of Object.keys(manifest)) if (key.startsWith(ROOT_ROUTE)) walk(key);
  return files;
}

export function inlineCss(): Plugin {
  let inlined: string | undefined;
  return {
    name: "bookstore:inline-css",
    // One instance for the client and server builds: the server build reads what the client build left.
    sharedDuringBuild: true,
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      if (this.environment.mode === "dev" || this.environment.config.consumer === "client") {
        return "export const inlineCss = undefined;";
      }
      if (inlined === undefined) throw new Error(`${MODULE_ID}: the client build must run before the server build`);
      return `export const inlineCss = ${JSON.stringify(inlined)};`;
    },
    writeBundle(options) {
      if (this.environment.config.consumer !== "client" || !options.dir) return;
      // React Router reads this manifest when it builds the server; it then lists no stylesheet for these files.
      const manifestPath = join(options.dir, ".vite", "manifest.json");
      const manifest: Manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      const files = rootCssFiles(manifest);
      inlined = files.map((file) => readFileSync(join(options.dir as string, file), "utf8").trim()).join("\n");
      for (const chunk of Object.values(manifest)) {
        if (chunk.css) chunk.css = chunk.css.filter((css) => !files.includes(css));
      }
      writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    },
  };
}
