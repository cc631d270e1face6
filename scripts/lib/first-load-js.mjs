// First-load JavaScript per route, computed from the build's route manifest (the one React Router writes to
// build/client/assets/manifest-<version>.js; its server twin lives in the server build). A document request for a
// route loads what React Router's <Scripts> puts in the page: the client entry and its imports, then for every
// route of the match (root, layouts, the page) its module, its split client modules and their imports. The static
// imports of those files are followed too, so nothing the browser must fetch before hydrating is missed; dynamic
// `import()` chunks are not first-load and are not counted. Each file is gzipped at level 9 and the sizes summed.
// Used by scripts/check-js-budget.mjs and scripts/bench.mjs.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const SPLIT_MODULE_KEYS = [
  "clientActionModule",
  "clientLoaderModule",
  "clientMiddlewareModule",
  "hydrateFallbackModule",
];

/** Reads React Router's route manifest from a client build directory. */
export function readRouteManifest(clientDir = "build/client") {
  const assets = join(clientDir, "assets");
  const files = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (files.length !== 1) {
    throw new Error(`expected one React Router manifest in ${assets}, found ${files.length}: run \`npm run build\``);
  }
  const text = readFileSync(join(assets, files[0]), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json);
}

/** The routes a document can be requested for: pages with a component that no other route nests under. */
export function pageRouteIds(manifest) {
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport && !parents.has(route.id))
    .map((route) => route.id);
}

/** The route and its ancestors, outermost (root) first. */
export function routeChain(manifest, routeId) {
  const chain = [];
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) chain.unshift(route);
  if (chain.length === 0) throw new Error(`route ${routeId} is not in the manifest`);
  return chain;
}

/** The URL pattern of a route, from the paths along its chain. */
export function routePath(manifest, routeId) {
  const parts = routeChain(manifest, routeId)
    .map((route) => route.path)
    .filter(Boolean);
  return `/${parts.join("/")}`;
}

/** Static `import … from "./x.js"` and `import "./x.js"` of a built chunk (not dynamic `import()`), as asset hrefs. */
export function staticImportsOf(href, code) {
  const dir = href.slice(0, href.lastIndexOf("/") + 1);
  const found = [];
  for (const match of code.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\.?\/[^"']+\.js)["']/g)) {
    found.push(new URL(match[1], `http://x${dir}`).pathname);
  }
  return found;
}

/**
 * Every JS file the first load of `routeId` fetches, in load order. `importsOf(href)` lists a file's static imports
 * (the files themselves are read by the caller), so the walk can be tested without a build.
 * @param {any} manifest
 * @param {string} routeId
 * @param {(href: string) => string[]} [importsOf]
 * @returns {string[]}
 */
export function firstLoadFiles(manifest, routeId, importsOf = () => []) {
  const hrefs = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of routeChain(manifest, routeId)) {
    if (route.module) hrefs.push(route.module);
    for (const key of SPLIT_MODULE_KEYS) if (route[key]) hrefs.push(route[key]);
    hrefs.push(...(route.imports ?? []));
  }
  const seen = new Set();
  const visit = (href) => {
    if (seen.has(href)) return;
    seen.add(href);
    for (const imported of importsOf(href)) visit(imported);
  };
  for (const href of hrefs) visit(href);
  return [...seen];
}

/** First-load JS of every page route of a build: [{ id, path, files, raw, gzip }] in bytes, largest first. */
export function measureFirstLoadJs(clientDir = "build/client") {
  const manifest = readRouteManifest(clientDir);
  const sizes = new Map();
  const read = (href) => {
    if (!sizes.has(href)) {
      const bytes = readFileSync(join(clientDir, href));
      sizes.set(href, {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        imports: staticImportsOf(href, bytes.toString("utf8")),
      });
    }
    return sizes.get(href);
  };
  return pageRouteIds(manifest)
    .map((id) => {
      const files = firstLoadFiles(manifest, id, (href) => read(href).imports);
      const raw = files.reduce((sum, href) => sum + read(href).raw, 0);
      const gzip = files.reduce((sum, href) => sum + read(href).gzip, 0);
      return { id, path: routePath(manifest, id), files: files.length, raw, gzip };
    })
    .sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id));
}

/** Bytes as KiB with one decimal. */
export function kib(bytes) {
  return (bytes / 1024).toFixed(1);
}
