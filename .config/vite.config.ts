import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import UnoCSS from "unocss/vite";
import { defineConfig, type Plugin } from "vite";
import { createBuildStamp } from "./build-stamp";
import { inlineCss } from "./inline-css";
import { pageRegistryClient } from "./page-registry-client";
import { reactRouterProduction } from "./react-router-production";
import unoConfig from "./uno.config";

const build = createBuildStamp();

/**
 * The app modules the root route imports (statically, however deep) load on every page. Left to the automatic
 * chunking they become a dozen tiny chunks, one per set of routes that share them, each paying its own gzip and
 * import overhead; the client build puts them in one "shell" chunk instead, which no page loads more of.
 */
function appShellChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: "app-shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      shell.clear();
      const ids = [...this.getModuleIds()];
      const roots = ids.filter((id) => /[\\/]app[\\/]root\.tsx(\?|$)/.test(id));
      const pending = [...roots];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (shell.has(imported) || roots.includes(imported)) continue;
          shell.add(imported);
          pending.push(imported);
        }
      }
    },
  };
  // React DOM (the client entry's) and the bundler's runtime helpers load on every page too, and so does the one
  // submitting check of every form (a few bytes; as a chunk of its own it costs each form's page an extra request).
  const test = (id: string) =>
    (shell.has(id) && !/node_modules|\.css(\?|$)/.test(id)) ||
    /[\\/]app[\\/]lib[\\/]form-submission\.ts$/.test(id) ||
    /^\0?rolldown[\\/]runtime|node_modules[\\/](react-dom|react-router|scheduler)[\\/]/.test(id);
  return { plugin, test };
}

const shellChunk = appShellChunk();

/**
 * V8's explicit compile hint on the shell chunk: `//# allFunctionsCalledOnLoad`, which must be the file's first line,
 * has Chrome (136 and later) compile every function in it while the file streams in, on a background thread. Most of
 * the shell runs during hydration; without the hint each function was compiled on the main thread at its first call,
 * React DOM's 200 KB module body in one go (111 ms at 4x CPU slowdown, one task).
 */
function shellCompileHint(): Plugin {
  return {
    name: "shell-compile-hint",
    apply: "build",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    // After Vite's own generateBundle, which puts its preload map (`const __vite__mapDeps=…`) first in the file.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && chunk.name === "shell")
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, configPath: "./wrangler.toml" }),
    UnoCSS({ ...unoConfig, configFile: false }),
    reactRouter(),
    reactRouterProduction(),
    pageRegistryClient(),
    shellChunk.plugin,
    shellCompileHint(),
    inlineCss(),
  ],
  define: {
    __BUILD_ID__: JSON.stringify(build.id),
    __BUILD_TIMESTAMP__: JSON.stringify(build.timestamp),
  },
  publicDir: "app/public",
  resolve: { tsconfigPaths: true },
  optimizeDeps: {
    // Without these the first visit under `react-router dev` triggers a re-optimisation reload.
    include: ["@tanstack/react-query", "openapi-fetch"],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Imported constants (labels, ids, status codes) written where they are used rather than bound to a variable
          // of the module that declares them and referenced across chunks: ~130-180 bytes gzip less per page.
          optimization: { inlineConst: true },
          output: {
            codeSplitting: {
              groups: [
                { name: "shell", test: shellChunk.test },
                // Dates, prices and counts are written on most pages: one small chunk for all of them, rather than a
                // chunk of its own for the thousands separator (each file pays its own gzip and import overhead).
                { name: "pages", test: /[\\/]app[\\/]pages\.ts$/ },
                {
                  name: "chrome",
                  test: /[\\/]app[\\/](lib[\\/](format|after-next-paint)|domain[\\/](thousands|search-query)|components[\\/](site-chrome|search-box)|features[\\/]cart[\\/](cart-link|cart-sync-notice))\.tsx?$/,
                },
                // 收藏 on the product, article, author and publisher pages: the button, its live state and the session
                // store it reads always load together there (and only there, bar the favourites page), so one chunk
                // rather than three small ones, each with its own gzip and import overhead in the first load.
                {
                  name: "favorite",
                  test: /[\\/]app[\\/]features[\\/](favorites[\\/]favorite-(button|live)\.tsx|session[\\/]session\.ts)$/,
                },
                // Below, shared parts that rolldown would otherwise give a chunk per set of pages using them, merged where
                // the pages using them mostly overlap: fewer files (each pays its gzip and import overhead) on the
                // tightest pages. A group also takes the modules its members import, so a widely shared module that one
                // of them imports is a group of its own first (labels), or it drags the group into every page using it.
                // The form field, its input filters and error wiring: every account and checkout form loads all of them.
                {
                  name: "form-field",
                  test: /[\\/]app[\\/](components[\\/]form-field\.tsx|lib[\\/](typed-before-hydration|field-errors|use-field-errors)\.ts|domain[\\/]input-filters\.ts)$/,
                },
                // Breadcrumbs and structured data: the catalogue, article, activity and news pages show both.
                { name: "breadcrumbs", test: /[\\/]app[\\/]components[\\/](breadcrumbs|json-ld)\.tsx$/ },
                // A product card is mostly shown in a product grid.
                { name: "product-card", test: /[\\/]app[\\/]components[\\/](product-card|product-grid)\.tsx$/ },
                { name: "labels", test: /[\\/]app[\\/]domain[\\/]labels\.ts$/ },
                // An order's detail and the totals it reads: /order-complete, /member/orders and /order-search.
                {
                  name: "order-detail",
                  test: /[\\/]app[\\/](features[\\/](orders[\\/](order-detail\.tsx|order-amounts\.ts|refund-kind\.ts)|checkout[\\/]totals\.ts)|domain[\\/](order-statuses|pay-types)\.ts)$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
