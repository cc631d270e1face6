import { useEffect, useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import "virtual:uno.css";
import "./styles/theme.css";
import type { Route } from "./+types/root";
import { RouteErrorPage, routeErrorTitle } from "./components/error-page";
import { NavigationProgress } from "./components/navigation-progress";
import { useMemberSession } from "./features/session/member-session";
import { readCookie, TOKEN_COOKIE } from "./http/cookies.server";
import { requestContext } from "./http/request-context.server";
import { siteOrigin } from "./http/site-origin.server";
import { bootScript, isChunkLoadError } from "./lib/boot-script";
import { useBuildUpdate } from "./lib/build-update";
import { pageMeta, siteFromMatches } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { skipRevalidationAfterOffline } from "./lib/offline-submission";
import { useRouteFocus } from "./lib/route-focus";
import { useFullLayoutWhileRestoringScroll } from "./lib/scroll-restore-layout";
import type { SiteConfig } from "./lib/site-config";
import { InlineStylesheet } from "./styles/inline-stylesheet";

/** Data requests the worker's route rules refused (e.g. /product/abc.data) are redirected here. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    const target = context.get(requestContext).routeRedirect;
    if (target) throw redirect(target);
  },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const site = context.get(requestContext).config;
  const token = readCookie(request, TOKEN_COOKIE);
  return {
    site,
    origin: siteOrigin(request, context),
    // Whether a member token cookie is present (the cookie never reaches scripts). Whose session it is, the browser
    // reads from the session marker cookie (app/features/session/session.ts), so a page from a shared cache knows it too.
    signedIn: token !== null,
  };
}

// The site configuration does not change between navigations; the signed-in state changes only by form posts (not by
// one the connection lost: lib/offline-submission.ts).
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.formMethod ? skipRevalidationAfterOffline(args) : false;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(siteFromMatches(matches), {
    title: error ? routeErrorTitle(error) : "",
  });

// The browser bundle does not carry the boot script: the server writes it, and the browser takes the text it was sent,
// so hydration keeps the same element and content (the same way as app/styles/inline-stylesheet.tsx).
const BOOT_SCRIPT_ID = "boot-script";
const bootScriptText = import.meta.env.SSR
  ? bootScript
  : (globalThis.document?.getElementById(BOOT_SCRIPT_ID)?.textContent ?? "");

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A member's page rendered for them is marked as one without scripts too; the boot script has the last word (the
  // session marker), which a page from the edge cache, rendered for a guest, needs. Taken once: the root's data may
  // later come from a cached `.data` reply (rendered for a guest), and only session-watch.ts changes the mark.
  const rendered = useRouteLoaderData<typeof loader>("root")?.signedIn ?? false;
  const [signedIn] = useState(rendered);
  useFullLayoutWhileRestoringScroll();
  return (
    <html lang="zh-Hant-TW" data-bg="paper" data-member={signedIn ? "" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Theme and chunk-load guard before first paint; see app/lib/boot-script.ts. */}
        <script
          id={BOOT_SCRIPT_ID}
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, not user input
          dangerouslySetInnerHTML={{ __html: bootScriptText }}
          suppressHydrationWarning
        />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="font-sans bg-page text-ink">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function usePageViews(site: SiteConfig | undefined) {
  const location = useLocation();
  const matches = useMatches();
  const routeName = matches.at(-1)?.id ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: one report per location; the route name belongs to it
  useEffect(() => {
    const measurementId = site?.analyticsId;
    if (!measurementId) return;
    // The page as it is now; the reporting module comes only to sites with an analytics id, after the first paint.
    const view = { routeName, path: location.pathname, title: document.title, location: window.location.href };
    import("./lib/analytics").then(
      ({ reportPageView }) => reportPageView(measurementId, view),
      () => {},
    );
  }, [location.key, site?.analyticsId]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  usePageViews(loaderData.site);
  useBuildUpdate(loaderData.site.buildId);
  useRouteFocus();
  // The session of the marker cookie: member data kept per session, dropped when it changes; the member's saved cart
  // is loaded and merged at start and at every sign-in, on every layout (SPEC §4).
  useMemberSession();
  // Declared last, so it runs after the effects above: styles and tests can tell the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The query client comes with the parts of a page that query the API (components/query-scope.tsx).
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  usePageViews(rootData?.site);
  useEffect(() => {
    if (isChunkLoadError(error)) window.__bookstoreReloadOnChunkError?.();
  }, [error]);
  return <RouteErrorPage error={error} />;
}
