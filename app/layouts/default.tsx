import { Outlet } from "react-router";
import { RouteErrorPage } from "~/components/error-page";
import { SiteChrome } from "~/components/site-chrome";
import { isChunkLoadError } from "~/lib/boot-script";
import type { Route } from "./+types/default";

export default function DefaultLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** Errors of the pages below keep the header and footer around the error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isChunkLoadError(error) && typeof window !== "undefined") window.__bookstoreReloadOnChunkError?.();
  return (
    <SiteChrome>
      <RouteErrorPage error={error} />
    </SiteChrome>
  );
}
