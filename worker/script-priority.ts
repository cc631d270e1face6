// The page's JavaScript is fetched after what the first screen shows. React Router's <Scripts> preloads every module
// of the route at the browser's default (high) priority, level with the cover image that is usually the largest
// paint; the HTML is complete without script (streaming SSR), so hydration can wait a few milliseconds and the
// image and the first paint go first. Lighthouse's model counts high-priority scripts as render-blocking too.

/** The HTML document with its module preloads asked for at low priority; any other reply unchanged. */
export function lowerScriptPriority(response: Response): Response {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html") || !response.body) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("fetchpriority", "low");
      },
    })
    .transform(response);
}
