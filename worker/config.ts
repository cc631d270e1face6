// The worker's configuration, validated with zod at start-up. Only `SiteConfig` reaches the app and the browser.
import { z } from "zod";
import type { SiteConfig } from "~/lib/site-config";

const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema]);

const configSchema = z.object({
  SITE_TITLE: z.string().trim().min(1, "SITE_TITLE must not be empty").default("覺林書房"),
  SITE_DESCRIPTION: z.string().trim().min(1, "SITE_DESCRIPTION must not be empty"),
  SITE_URL: emptyOr(z.url({ protocol: /^https?$/ })).default(""),
  API_ORIGIN: emptyOr(z.url({ protocol: /^https?$/ })).default(""),
  ANALYTICS_ID: emptyOr(z.string().regex(/^G-[A-Z0-9]{4,20}$/, "ANALYTICS_ID must look like G-XXXXXXX")).default(""),
});

export interface WorkerConfig {
  site: SiteConfig;
  /** The bookstore API's origin; empty means the built-in API on D1. */
  apiOrigin: string;
}

const cache = new WeakMap<object, WorkerConfig>();

export function readConfig(env: Record<string, unknown>): WorkerConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v])),
  );
  if (!parsed.success) {
    throw new Error(`Invalid worker configuration: ${z.prettifyError(parsed.error)}`);
  }
  const vars = parsed.data;
  const config: WorkerConfig = {
    site: {
      siteTitle: vars.SITE_TITLE,
      siteDescription: vars.SITE_DESCRIPTION,
      siteUrl: vars.SITE_URL.replace(/\/+$/, ""),
      analyticsId: vars.ANALYTICS_ID,
      buildId: __BUILD_ID__,
    },
    apiOrigin: vars.API_ORIGIN.replace(/\/+$/, ""),
  };
  cache.set(env, config);
  return config;
}
