// Back and Forward put the reader back where they were: React Router's <ScrollRestoration> scrolls to the saved
// position once the page has rendered. Blocks below the first screen skip layout at an estimated height
// (content-visibility: auto, the below-fold shortcuts in .config/uno.config.ts), kept at most their real one so a page
// never shrinks under a reader at its end. A page rendered anew (Back renders the list again, with new elements) would
// then be too short for the saved position, or have its cards elsewhere. So while the scroll is restored, every block
// is laid out at its real height (html[data-restoring-scroll], app/styles/theme.css). Two frames later the mark is
// dropped: the blocks off screen skip again, at the real size the browser remembered for them (`auto`), and nothing
// moves. (A reload needs no mark: it comes back to the same place as it is, which tests/e2e/shell.spec.ts checks.)
import { useEffect } from "react";
import { useLocation } from "react-router";

export const RESTORING_SCROLL_ATTRIBUTE = "data-restoring-scroll";

export function useFullLayoutWhileRestoringScroll() {
  const { key } = useLocation();

  useEffect(() => {
    // React Router handles the same popstate (its listener came first) and renders the page after this one ran.
    const mark = () => document.documentElement.setAttribute(RESTORING_SCROLL_ATTRIBUTE, "");
    window.addEventListener("popstate", mark);
    return () => window.removeEventListener("popstate", mark);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page shown; runs after <ScrollRestoration>'s layout effect scrolled
  useEffect(() => {
    // The first frame lays the page out and records each block's real size; the mark goes in the second.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => document.documentElement.removeAttribute(RESTORING_SCROLL_ATTRIBUTE));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [key]);
}
