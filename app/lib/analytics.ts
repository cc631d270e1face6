// Page views by route name (SPEC §1). Nothing is sent unless the analytics tag was injected (an id is configured).
// Every event the tag sends, not only our page views, carries a cleaned page_location (app/domain/page-location.ts):
// the tag's configuration sets it for the first page (worker/analytics.ts), and each page view sets it again for the
// page the reader has moved to, before anything else can be sent from there.
import { cleanedLocation } from "~/domain/page-location";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

interface PageView {
  routeName: string;
  path: string;
  title: string;
  location: string;
}

/** The page's address as analytics may see it: without personal query parameters or e-mail addresses. */
export const reportableLocation = cleanedLocation;

export function reportPageView(measurementId: string, view: PageView, target: Window = window): boolean {
  if (!measurementId || typeof target.gtag !== "function") return false;
  const pageLocation = reportableLocation(view.location);
  // For every event from now on (scrolls, clicks, anything the tag measures by itself), not just this one.
  target.gtag("set", { page_location: pageLocation, page_title: view.title });
  target.gtag("event", "page_view", {
    send_to: measurementId,
    route_name: view.routeName,
    page_path: view.path,
    page_title: view.title,
    page_location: pageLocation,
  });
  return true;
}
