// The app's scripts start loading once the first frame is painted, not while it is being drawn.
//
// Why: on a slow mobile link the 113 KiB of React, React Router and TanStack Query shared the bandwidth with the
// HTML and the main image, and the first paint waited for them (Lighthouse's model counts every high-priority script
// fetched before the first paint as holding it up: FCP and LCP 2.3 s, against 0.8–1.1 s without). The page is whole
// without scripts (server rendered, forms post), so drawing it first costs the reader nothing; hydration starts one
// frame later and then loads exactly what React Router asked for, preloads included.
//
// How: React Router writes `<link rel="modulepreload">` for every chunk and one inline `<script type="module">` that
// imports them, all with this reply's CSP nonce. As the HTML streams through, each preload gets an inert rel and the
// module script an inert type, and a small script placed right after it restores both once the first contentful paint
// is on screen. Scripts the page adds itself (the boot script, analytics) are left alone.
//
// Only what carries this reply's nonce is restored. The CSP says 'strict-dynamic', so a script that the starter
// creates is trusted whatever it holds: restoring every held script would run any module script that markup injected
// into the page (a stored text that slipped through, an extension, a compromised third party writing into the DOM)
// with the page's full trust. So a preload or module script without the nonce is held under another inert rel or type
// that nothing restores, and the starter itself checks each held element's nonce against its own before it restores
// it (the nonce is read from the element's `nonce` property: browsers hide the attribute from the DOM, so markup
// written later cannot copy it). A reply without a nonce (no CSP: the Vite dev server) is passed through unchanged.

import { escapeXml } from "~/http/xml";

export const HELD_PRELOAD_REL = "x-modulepreload-after-paint";
export const HELD_MODULE_TYPE = "x-module-after-paint";
/** A preload or module script without this reply's nonce: held for good, never restored. */
export const REFUSED_PRELOAD_REL = "x-modulepreload-without-nonce";
export const REFUSED_MODULE_TYPE = "x-module-without-nonce";

/**
 * Restores the held preloads (in document order, so the fetches start as React Router listed them), then runs each
 * held module script as a new script element with the same text and nonce; once. Only elements whose nonce is the
 * starter's own (this reply's) are restored; the others stay held. Each restore is a task of its own
 * (a MessageChannel turn, which has no timer clamp): one restore usually takes well under a millisecond, but under
 * load a single one took 10–17 ms and the whole batch 80 ms in one task, right after the first paint, where every
 * long task counts as blocking time.
 *
 * It starts when the browser reports the first contentful paint: the entry comes once the frame is on screen
 * (`buffered` also reports one that came before this script ran), and every page has text in its header, so there
 * always is one. Should none be reported (a tab opened in the background may never report it), the scripts start
 * anyway once the page has been visible for 3 s. Not at the load event: it can come before the frame is on screen. A
 * browser without paint timing starts in the frame after the next one is drawn.
 */
export const START_AFTER_PAINT =
  "(function(){var own=document.currentScript&&document.currentScript.nonce;if(!own)return;" +
  "var started=0;function start(){if(started)return;started=1;var steps=[];" +
  `document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){` +
  'if(l.nonce===own)steps.push(function(){l.rel="modulepreload"})});' +
  `document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]').forEach(function(s){` +
  "if(s.nonce===own)steps.push(function(){" +
  'var n=document.createElement("script");n.type="module";n.nonce=own;n.textContent=s.textContent;' +
  "s.replaceWith(n)})});" +
  "var c=new MessageChannel();c.port1.onmessage=next;function next(){var step=steps.shift();if(step){step();" +
  "if(steps.length)c.port2.postMessage(0)}}next()}" +
  "var P=window.PerformanceObserver,types=(P&&P.supportedEntryTypes)||[];" +
  'if(types.indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(start,0)});return}' +
  'new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();' +
  'start()}}).observe({type:"paint",buffered:true});' +
  'function whenShown(){if(document.visibilityState==="visible")setTimeout(start,3000)}' +
  'whenShown();document.addEventListener("visibilitychange",whenShown)})()';

/**
 * The HTML document with React Router's module preloads and module script held until after the first paint; those
 * without `nonce` (this reply's CSP nonce) held for good. Any other reply, or one without a nonce, unchanged.
 */
export function withScriptsAfterFirstPaint(response: Response, nonce: string): Response {
  if (!nonce || !response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    return response;
  }
  let starterWritten = false;
  const rewritten = new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("rel", element.getAttribute("nonce") === nonce ? HELD_PRELOAD_REL : REFUSED_PRELOAD_REL);
      },
    })
    .on('script[type="module"]', {
      element(element) {
        if (element.getAttribute("nonce") !== nonce) {
          element.setAttribute("type", REFUSED_MODULE_TYPE);
          return;
        }
        element.setAttribute("type", HELD_MODULE_TYPE);
        // One starter restores every held element: a second would start the same scripts again.
        if (starterWritten) return;
        starterWritten = true;
        element.after(`<script nonce="${escapeXml(nonce)}">${START_AFTER_PAINT}</script>`, { html: true });
      },
    })
    .transform(response);
  const headers = new Headers(rewritten.headers);
  headers.delete("Content-Length");
  return new Response(rewritten.body, { status: rewritten.status, statusText: rewritten.statusText, headers });
}
