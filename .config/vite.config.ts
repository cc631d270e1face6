import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vite";
import { createBuildStamp } from "./build-stamp";
import { inlineCss } from "./inline-css";
import unoConfig from "./uno.config";

const build = createBuildStamp();

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, configPath: "./wrangler.toml" }),
    UnoCSS({ ...unoConfig, configFile: false }),
    reactRouter(),
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
});
