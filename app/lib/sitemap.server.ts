// sitemap.xml: an index of chunks, each at most 5,000 URLs (the protocol allows 50,000), and robots.txt.
import { PAGE_MAX } from "~/domain/paging";
import { escapeXml } from "~/http/xml";
import type { components } from "./api/schema";

type Kind = components["schemas"]["SitemapKind"];

/** Where each kind of item lives on the site. */
export const KIND_PATH: Record<Kind, string> = {
  products: "/product/",
  authors: "/author/",
  publishers: "/publisher/",
  news: "/news/",
  activities: "/activity/",
  articles: "/article/",
};

export const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
};

export interface SitemapUrl {
  loc: string;
  lastmod?: string | null;
}

export function urlsetXml(urls: SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: string[]): string {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** The chunk files of the index: `static.xml`, then `<kind>-<n>.xml` for every chunk of every kind. */
export function chunkFiles(summary: { kind: Kind; chunks: number }[]): string[] {
  return [
    "static.xml",
    ...summary.flatMap(({ kind, chunks }) => Array.from({ length: chunks }, (_, i) => `${kind}-${i + 1}.xml`)),
  ];
}

/** Reads a chunk file name back; null for anything that is not one. */
export function parseChunkFile(file: string): { kind: Kind | "static"; page: number } | null {
  if (file === "static.xml") return { kind: "static", page: 1 };
  const match = /^([a-z]+)-(\d{1,4})\.xml$/.exec(file);
  if (!match?.[1] || !match[2] || !Object.hasOwn(KIND_PATH, match[1])) return null;
  const page = Number(match[2]);
  return page >= 1 && page <= PAGE_MAX ? { kind: match[1] as Kind, page } : null;
}

/** Members' pages, the cart, sign-in and the API are not for search engines. */
export function robotsTxt(origin: string): string {
  const disallowed = [
    "/member/",
    "/cart",
    "/login",
    "/register",
    "/recovery",
    "/oauth/",
    "/order-complete",
    "/order-search",
    "/api/",
    "/_dev/",
  ];
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
