// /sitemap/{file}: one chunk of the sitemap — the static pages and product types, or up to 5,000 items of a kind.

import { siteOrigin } from "~/http/site-origin.server";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { KIND_PATH, parseChunkFile, SITEMAP_HEADERS, type SitemapUrl, urlsetXml } from "~/lib/sitemap.server";
import { STATIC_SITEMAP_PATHS } from "~/pages";
import type { Route } from "./+types/sitemap-chunk";

/** An unknown chunk, or a page of items past the last: a plain-text 404 (a resource route, no error page). */
const notFoundText = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const chunk = parseChunkFile(params.file);
  if (!chunk) return notFoundText();
  const api = serverApi(request, context);
  const origin = siteOrigin(request, context);
  let urls: SitemapUrl[];
  if (chunk.kind === "static") {
    const types = await critical(api.GET("/product-types"));
    const typeIds = types.flatMap((t) => [t.id, ...t.children.map((child) => child.id)]);
    urls = [...STATIC_SITEMAP_PATHS, ...typeIds.map((id) => `/product/type/${id}`)].map((path) => ({
      loc: `${origin}${path}`,
    }));
  } else {
    const { items } = await critical(
      api.GET("/sitemap/{kind}", { params: { path: { kind: chunk.kind }, query: { page: chunk.page } } }),
    );
    if (items.length === 0) return notFoundText();
    const base = `${origin}${KIND_PATH[chunk.kind]}`;
    urls = items.map((item) => ({ loc: `${base}${item.id}`, lastmod: item.last_modified }));
  }
  return new Response(urlsetXml(urls), { headers: SITEMAP_HEADERS });
}
