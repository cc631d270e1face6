// Tells screen-reader and keyboard users that a client navigation changed the page (a full page load needs no help):
// focus moves to the new page's main heading, which is read out, and reading and tabbing go on from there. Every page
// has exactly one h1 (tests/e2e/shell.spec.ts checks each route). Scrolling is left to <ScrollRestoration>, so
// back/forward keep their place.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useRouteFocus() {
  const { pathname, search } = useLocation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new page (path or query), after it rendered
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    // Focusable by script, not by Tab (no heading of ours is a tab stop).
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname, search]);
}
