// The GA4 tag, injected into streamed HTML only when an analytics id is configured. The app reports page views
// itself (app/lib/analytics.ts), so the tag's automatic page view is turned off. Before the tag is configured, the
// page's location and referrer are set cleaned (app/domain/page-location.ts: no personal parameters, no e-mail
// address), so every event the tag sends carries those, not the raw address.
import { CLEANED_LOCATION_SCRIPT } from "~/domain/page-location-script";
import { escapeXml } from "~/http/xml";

export function analyticsSnippet(measurementId: string, nonce: string): string {
  const id = encodeURIComponent(measurementId);
  const nonceAttr = nonce ? ` nonce="${escapeXml(nonce)}"` : "";
  return (
    `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"${nonceAttr}></script>` +
    `<script${nonceAttr}>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}` +
    `(function(c){gtag("set",{page_location:c(location.href),page_referrer:c(document.referrer)})})(${CLEANED_LOCATION_SCRIPT});` +
    `gtag("js",new Date());gtag("config",${JSON.stringify(measurementId)},{send_page_view:false});</script>`
  );
}

const HEAD_END = "</head>";

/**
 * Inserts `html` just before the first `</head>` of a streamed document without buffering the whole page:
 * text is held back only while a `</head>` could still be split across chunks; once inserted, the rest streams on.
 */
export function injectBeforeHeadEnd(html: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      // Decoding in streaming mode keeps a multi-byte character that is split across chunks whole.
      const text = decoder.decode(chunk, { stream: true });
      if (done) {
        if (text) controller.enqueue(encoder.encode(text));
        return;
      }
      pending += text;
      const at = pending.indexOf(HEAD_END);
      if (at >= 0) {
        controller.enqueue(encoder.encode(pending.slice(0, at) + html + pending.slice(at)));
        pending = "";
        done = true;
        return;
      }
      const keep = HEAD_END.length - 1;
      if (pending.length > keep) {
        controller.enqueue(encoder.encode(pending.slice(0, -keep)));
        pending = pending.slice(-keep);
      }
    },
    flush(controller) {
      const rest = pending + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** The response with the tag injected, or unchanged when it is not HTML or no id is set. */
export function withAnalytics(response: Response, measurementId: string, nonce: string): Response {
  const type = response.headers.get("Content-Type") ?? "";
  if (!measurementId || !response.body || !type.startsWith("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(response.body.pipeThrough(injectBeforeHeadEnd(analyticsSnippet(measurementId, nonce))), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
