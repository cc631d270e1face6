// A worker that passes the page it is sent (as the given type, with the given nonce) through
// withScriptsAfterFirstPaint, for scripts-after-first-paint.test.ts, which runs it in workerd (Miniflare) for the real
// HTMLRewriter. Test-only.
import { withScriptsAfterFirstPaint } from "./scripts-after-first-paint";

export default {
  async fetch(request: Request): Promise<Response> {
    const params = new URL(request.url).searchParams;
    const type = params.get("type") ?? "text/html; charset=utf-8";
    const nonce = params.get("nonce") ?? "n1";
    return withScriptsAfterFirstPaint(new Response(await request.text(), { headers: { "Content-Type": type } }), nonce);
  },
};
