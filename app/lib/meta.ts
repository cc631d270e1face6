// Page metadata: `頁面標題 - 站名`, the description, Open Graph and a large-image Twitter card on every page.
import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "./site-config";

export const ERROR_PAGE_TITLE = "查無內容";

interface PageMetaInput {
  title: string;
  description?: string;
  image?: string;
  type?: "website" | "book" | "article";
  /** The page's canonical absolute URL (without tracking or paging noise). */
  url?: string;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site configuration from the root route's data, wherever meta is computed. */
export function siteFromMatches(matches: readonly (MatchLike | undefined)[]): SiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteConfig } | undefined;
  return root?.site;
}

/** The absolute origin for URLs in metadata, from the root route's data. */
export function originFromMatches(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** A path or URL made absolute against the site's origin (as Open Graph and structured data want); as given when
 *  there is no origin to resolve against. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return origin ? new URL(pathOrUrl, origin).href : pathOrUrl;
}

/** The canonical URL of a path on this site, from the root route's origin (SITE_URL when set). */
export function canonicalUrl(matches: readonly (MatchLike | undefined)[], path: string): string | undefined {
  const origin = originFromMatches(matches);
  return origin ? `${origin}${path}` : undefined;
}

function pageTitle(title: string, siteTitle: string): string {
  return title ? `${title} - ${siteTitle}` : siteTitle;
}

export function pageMeta(site: SiteConfig | undefined, input: PageMetaInput): MetaDescriptor[] {
  const siteTitle = site?.siteTitle ?? "";
  const title = pageTitle(input.title, siteTitle);
  const description = input.description?.trim() || site?.siteDescription || "";
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: siteTitle },
    { property: "og:locale", content: "zh_TW" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (input.url) {
    tags.push({ tagName: "link", rel: "canonical", href: input.url }, { property: "og:url", content: input.url });
  }
  if (input.image) {
    tags.push({ property: "og:image", content: input.image }, { name: "twitter:image", content: input.image });
  }
  return tags;
}

/** An editorial page's metadata (about, instructions, legal, welcome): its title, its first paragraph, its URL. */
export function editorialPageMeta(
  matches: readonly (MatchLike | undefined)[],
  page: { title: string; sections: { paragraphs: string[] }[] } | undefined,
  path: string,
): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!page) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  return pageMeta(site, {
    title: page.title,
    description: page.sections[0]?.paragraphs[0]?.slice(0, 150),
    url: canonicalUrl(matches, path),
  });
}
