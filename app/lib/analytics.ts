// Page views by route name (SPEC §1). Nothing is sent unless the analytics tag was injected (an id is configured).

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

/** Query parameters that name a person or an order (/order-search's e-mail, order numbers): never sent on. */
const PERSONAL_PARAMS = ["email", "order_no", "no"];

/** The page's address as analytics may see it: without the personal query parameters. */
export function reportableLocation(href: string): string {
  const url = new URL(href);
  for (const name of PERSONAL_PARAMS) url.searchParams.delete(name);
  return url.href;
}

export function reportPageView(measurementId: string, view: PageView, target: Window = window): boolean {
  if (!measurementId || typeof target.gtag !== "function") return false;
  target.gtag("event", "page_view", {
    send_to: measurementId,
    route_name: view.routeName,
    page_path: view.path,
    page_title: view.title,
    page_location: reportableLocation(view.location),
  });
  return true;
}
