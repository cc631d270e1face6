// React Router changes the address (history.pushState) first and renders the new page afterwards, in a transition
// that React's scheduler runs in slices, each resumed through a MessageChannel message. Until that render commits,
// the URL already names the new page while the DOM still shows the old one. On a busy machine the gap is long
// enough for a URL check to pass and the old page to be read, once in a few runs. Holding the scheduler's
// messages for a while after each pushState makes that gap certain, so a test that reads the page on the strength
// of the URL alone fails every time instead of now and then.
import type { Page } from "@playwright/test";

const HOLD_MS = 1_000;

/** From the next document on, every client-side navigation renders HOLD_MS after its URL change. */
export async function holdRenderAfterUrlChanges(page: Page) {
  await page.addInitScript((holdMs) => {
    let heldUntil = 0;
    const pushState = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History["pushState"]>) => {
      pushState(...args);
      heldUntil = performance.now() + holdMs;
    };
    const postMessage = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort["postMessage"]>) {
      const wait = heldUntil - performance.now();
      if (wait > 0) setTimeout(() => postMessage.apply(this, args), wait);
      else postMessage.apply(this, args);
    } as MessagePort["postMessage"];
  }, HOLD_MS);
}
