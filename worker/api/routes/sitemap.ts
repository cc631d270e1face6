// /sitemap and /sitemap/{kind}: what the storefront's sitemap.xml is built from.
import { Hono } from "hono";
import { z } from "zod";
import { ok } from "../envelope";
import { pageNumber } from "../params";
import { SITEMAP_KINDS, sitemapChunk, sitemapSummary } from "../queries/sitemap";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const kindParam = z.object({
  kind: z.enum(SITEMAP_KINDS as [string, ...string[]], { error: `kind 只能是 ${SITEMAP_KINDS.join("、")}` }),
});
const chunkQuery = z.object({ page: pageNumber });

export const sitemapRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => ok(c, await sitemapSummary(c.env.DB)))
  .get("/:kind", validate("param", kindParam), validate("query", chunkQuery), async (c) => {
    const kind = c.req.valid("param").kind as (typeof SITEMAP_KINDS)[number];
    return ok(c, await sitemapChunk(c.env.DB, kind, c.req.valid("query").page));
  });
