// A stored page carries the CSP nonce of the reply it was rendered for. Every reply gets its own nonce (made by
// worker/middleware/security-headers.ts and named in its CSP header), so each `nonce` attribute of a page served
// from the cache is rewritten with the current one as the HTML streams through.

/** The HTML document with every `nonce` attribute set to `nonce`; any other reply unchanged. */
export function restampNonces(response: Response, nonce: string): Response {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const rewritten = new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
  const headers = new Headers(rewritten.headers);
  headers.delete("Content-Length");
  return new Response(rewritten.body, { status: rewritten.status, statusText: rewritten.statusText, headers });
}
