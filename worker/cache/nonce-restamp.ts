// A stored page carries the CSP nonce of the reply it was rendered for. Every reply gets its own nonce (made by
// worker/middleware/security-headers.ts and named in its CSP header), so the nonce of a page served from the cache
// is replaced with the current one.
//
// The rendered page goes into the cache with its nonce in a header of its own. A served copy has those bytes
// overwritten with the reply's nonce, of the same length: the nonce is 128 random bits that nothing else in the page
// can hold, and overwriting bytes costs far less than parsing the page (HTMLRewriter took about a fifth of a cached
// page's throughput) or decoding and encoding it as text (a CPU profile of cached pages: Response's UTF-8 encoding,
// the replacement and the garbage they made were about 40% of the isolate's time). A stored page without that header,
// or whose nonce is too short to be unique or of another length, is parsed with HTMLRewriter: the elements that carry the
// rendered nonce get the reply's, and any other nonce is taken off.
import { overwriteAll } from "./overwrite-bytes";

/** The nonce a page was rendered with, carried into the cache; never sent to a reader. */
const RENDER_NONCE_HEADER = "X-Render-Nonce";
/** The shortest nonce overwritten as bytes: the 16 random bytes of Hono's secure-headers nonce are 24 in base64. */
const MIN_OVERWRITTEN_NONCE_LENGTH = 22;

const isHtml = (response: Response) => (response.headers.get("Content-Type") ?? "").startsWith("text/html");

function withHeaders(response: Response, body: BodyInit | null, edit: (headers: Headers) => void): Response {
  const headers = new Headers(response.headers);
  edit(headers);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The rendered page, marked with the nonce it was rendered with (HTML only). */
export function withRenderNonce(response: Response, nonce: string): Response {
  if (!isHtml(response) || !nonce) return response;
  return withHeaders(response, response.body, (headers) => headers.set(RENDER_NONCE_HEADER, nonce));
}

/** A reply as it is rendered (a miss): the nonce mark taken off. */
export function withoutRenderNonce(response: Response): Response {
  if (!response.headers.has(RENDER_NONCE_HEADER)) return response;
  return withHeaders(response, response.body, (headers) => headers.delete(RENDER_NONCE_HEADER));
}

const utf8 = new TextEncoder();

/** The HTML document with every nonce set to `nonce`; any other reply unchanged. */
export async function restampNonces(response: Response, nonce: string): Promise<Response> {
  if (!isHtml(response) || !response.body) return withoutRenderNonce(response);
  const rendered = utf8.encode(response.headers.get(RENDER_NONCE_HEADER) ?? "");
  const current = utf8.encode(nonce);
  let body: BodyInit | null;
  if (rendered.length >= MIN_OVERWRITTEN_NONCE_LENGTH && rendered.length === current.length) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    overwriteAll(bytes, rendered, current);
    body = bytes;
  } else {
    // Only what carries the rendered nonce is ours: any other nonce (markup that found its way into the page) is
    // taken off, never made valid. A page stored without the header: the first nonce, the boot script's, is ours.
    let ours = response.headers.get(RENDER_NONCE_HEADER) || null;
    body = new HTMLRewriter()
      .on("[nonce]", {
        element(element) {
          const value = element.getAttribute("nonce");
          ours ??= value;
          if (value === ours) element.setAttribute("nonce", nonce);
          else element.removeAttribute("nonce");
        },
      })
      .transform(response).body;
  }
  return withHeaders(response, body, (headers) => {
    headers.delete(RENDER_NONCE_HEADER);
    headers.delete("Content-Length");
  });
}
