// /sitemap.xml: the index of the sitemap's chunks (a resource route).

import { siteOrigin } from "~/http/site-origin.server";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { chunkFiles, SITEMAP_HEADERS, sitemapIndexXml } from "~/lib/sitemap.server";
import type { Route } from "./+types/sitemap-index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const summary = await critical(serverApi(request, context).GET("/sitemap"));
  const origin = siteOrigin(request, context);
  const xml = sitemapIndexXml(chunkFiles(summary).map((file) => `${origin}/sitemap/${file}`));
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
