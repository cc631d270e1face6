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

export function reportPageView(measurementId: string, view: PageView, target: Window = window): boolean {
  if (!measurementId || typeof target.gtag !== "function") return false;
  target.gtag("event", "page_view", {
    send_to: measurementId,
    route_name: view.routeName,
    page_path: view.path,
    page_title: view.title,
    page_location: view.location,
  });
  return true;
}
