// The app's stylesheet inline in the head (see .config/inline-css.ts), so no stylesheet request blocks the first paint.
import { inlineCss } from "virtual:inline-css";

const STYLE_ID = "app-css";

// The browser bundle does not carry the CSS: it takes the text the server sent, so hydration and any later render
// of the head keep the same element and content.
const text =
  inlineCss ?? (typeof document === "undefined" ? undefined : document.getElementById(STYLE_ID)?.textContent);

export function InlineStylesheet() {
  if (text == null) return null; // the dev server links the stylesheet itself
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built CSS, not user input
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
