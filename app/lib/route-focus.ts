// Tells screen-reader and keyboard users that a client navigation changed the page (a full page load needs no help):
// focus moves to the new page's main heading, which is read out, and reading and tabbing go on from there. Every page
// has exactly one h1 (tests/e2e/shell.spec.ts checks each route). Scrolling is left to <ScrollRestoration>, so
// back/forward keep their place.
//
// A link that opens or closes something within the same page (a confirmation, a form) names where focus goes instead,
// in its navigation state (RouteFocusState): the confirmation it opened, or the control that opened what it
// closed (WCAG 2.4.3). The state is read here only, never rendered, so server and client render alike.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Navigation state (a Link's `state`) that sends focus to the element with this id instead of the page's h1. */
export interface RouteFocusState {
  routeFocus: string;
}

export function useRouteFocus() {
  const { pathname, search, state } = useLocation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new page (path or query), after it rendered
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // No id claimed looks up "", which no element has.
    const claimed = document.getElementById((state as Partial<RouteFocusState> | null)?.routeFocus ?? "");
    const target =
      claimed ?? document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!target) return;
    // A heading or a question becomes focusable by script, not by Tab; a link or button (tabIndex 0) stays as it is.
    if (target.tabIndex < 0) target.tabIndex = -1;
    // A claimed target may sit below the fold once the navigation scrolled to the top: focus brings it into view.
    target.focus({ preventScroll: !claimed });
  }, [pathname, search]);
}
