// The public part of the worker's configuration: what the app may render and send to the browser.
export interface SiteConfig {
  siteTitle: string;
  siteDescription: string;
  /** Absolute origin of the storefront for canonical and Open Graph URLs; empty means "the request's origin". */
  siteUrl: string;
  /** GA4 measurement id; empty means no analytics at all. */
  analyticsId: string;
  /** The build the server is running (stamped at build time). */
  buildId: string;
}
