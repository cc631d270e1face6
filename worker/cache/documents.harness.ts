// A worker that wraps serveDocument for documents.test.ts, which runs it in workerd (Miniflare): the real Cache API
// and HTMLRewriter. Each request says its nonce (x-nonce), the time (x-now), how the renderer behaves (x-render) and
// whether the cache's put fails (x-put: fail). The stand-in renderer stamps the nonce it is given, as React does.
import { serveDocument } from "./documents";
import { defaultCache } from "./edge-cache";

let renders = 0;

function page(nonce: string, version: number, path: string): string {
  return (
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>` +
    `<script nonce="${nonce}">window.boot=1</script><style nonce="${nonce}">p{}</style></head>` +
    `<body><p>render ${version} of ${path}</p><script type="module" nonce="${nonce}">import("/assets/a.js")</script>` +
    `</body></html>`
  );
}

const failingPuts = (cache: Cache): Cache =>
  new Proxy(cache, {
    get(target, property) {
      if (property === "put") return () => Promise.reject(new Error("cache put failed"));
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/__renders") return Response.json({ renders });
    const nonce = request.headers.get("x-nonce") ?? "";
    const mode = request.headers.get("x-render") ?? "ok";
    const now = Number(request.headers.get("x-now") || Date.now());
    const background: Promise<unknown>[] = [];
    const response = await serveDocument({
      request,
      nonce,
      buildId: request.headers.get("x-build") ?? "build-1",
      routeRedirect: null,
      cache: request.headers.get("x-put") === "fail" ? failingPuts(defaultCache()) : defaultCache(),
      now: () => now,
      waitUntil: (promise) => background.push(promise),
      render: async (rendered) => {
        const version = ++renders;
        if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, 200));
        if (mode === "500") return new Response("down", { status: 500, headers: { "Content-Type": "text/html" } });
        // The page of an API that cannot be had for now (its origin hangs or fails): 暫時無法取得資料.
        if (mode === "503") {
          return new Response("暫時無法取得資料", {
            status: 503,
            headers: { "Content-Type": "text/html", "Retry-After": "30" },
          });
        }
        const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
        if (mode === "cookie") headers.set("Set-Cookie", "x=1; Path=/");
        const path = new URL(rendered.url);
        let html = page(nonce, version, `${path.pathname}${path.search}`);
        // What the renderer was given of the reader's cookies (a cached page must be rendered for a guest).
        html = html.replace("</body>", `<p>cookies: ${rendered.headers.get("Cookie") ?? "none"}</p></body>`);
        // Markup that found its way into the page with a nonce of its own (it must never be given a valid one).
        if (mode === "planted")
          html = html.replace("</body>", '<script nonce="planted-by-someone">alert(1)</script></body>');
        return new Response(html, { headers });
      },
    });
    // The reply is read whole first; then what the background stored is waited for, so the next request sees it.
    const body = await response.text();
    await Promise.all(background);
    return new Response(body, response);
  },
};
