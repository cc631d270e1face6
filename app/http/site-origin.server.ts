import type { RouterContextProvider } from "react-router";
import { requestContext } from "./request-context.server";

/** Absolute URLs (canonical, Open Graph, sitemap) use SITE_URL, or the origin the reader came in through. */
export function siteOrigin(request: Request, context: Readonly<RouterContextProvider>): string {
  return context.get(requestContext).config.siteUrl || new URL(request.url).origin;
}
