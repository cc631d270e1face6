// Back and Forward put the reader back where they were: React Router's <ScrollRestoration> scrolls to the saved
// position once the page has rendered. Blocks below the first screen skip layout at an estimated height
// (content-visibility: auto, the below-fold shortcuts in .config/uno.config.ts), kept at most their real one so a page
// never shrinks under a reader at its end. A page rendered anew (Back renders the list again, with new elements) would
// then be too short for the saved position, or have its cards elsewhere. So from the popstate until the page it leads
// to has rendered and been restored, every block is laid out at its real height (html[data-restoring-scroll],
// app/styles/theme.css). The boot script sets the mark at each popstate, before any other listener runs
// (app/lib/boot-script.ts, which also keeps it out of the scripts' first load). Two frames after the page is shown
// this hook drops it: the blocks off screen skip again, at the real size the browser remembered for them (`auto`), and
// nothing moves.
// A reload, or a Back to another document, is the browser's own restoring (React Router hands it back to the browser on
// pagehide), which retries while the page loads. The boot script marks such a document from the start (navigation type
// reload or back_forward), so that page too is whole while the browser restores it; this hook drops that mark the
// same way, once the page has hydrated. tests/e2e/shell.spec.ts checks that a reload comes back to its place.
import { useEffect } from "react";
import { useLocation, useNavigation } from "react-router";

/** html[data-restoring-scroll], as the key of the root element's dataset. */
export const RESTORING_SCROLL_KEY = "restoringScroll";

/** Used once, in the root layout beside <ScrollRestoration>, so an error page drops the mark too. */
export function useFullLayoutWhileRestoringScroll() {
  const location = useLocation();
  // React Router renders the page being left again while the next one loads (a new location object, and a scroll to
  // its top); the saved position is restored only with the page it leads to, once the navigation is idle.
  const idle = useNavigation().state === "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per location shown (a new object each time, hash-only changes included), after <ScrollRestoration>'s layout effect scrolled
  useEffect(() => {
    if (!idle) return;
    // The first frame lays the page out and records each block's real size; the mark goes in the second.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => delete document.documentElement.dataset[RESTORING_SCROLL_KEY]);
    });
    return () => cancelAnimationFrame(frame);
  }, [location, idle]);
}
