// Values stamped at build time by .config/vite.config.ts (and by the vitest config in unit tests).
declare const __BUILD_ID__: string;
declare const __BUILD_TIMESTAMP__: number;

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  const build: ServerBuild;
  export = build;
}
