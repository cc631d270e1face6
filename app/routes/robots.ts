// /robots.txt (a resource route).
import { siteOrigin } from "~/http/site-origin.server";
import { robotsTxt } from "~/lib/sitemap.server";
import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request, context)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
