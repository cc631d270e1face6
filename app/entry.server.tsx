import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { failureFields, log } from "~/lib/log.server";
import { requestContext } from "./http/request-context.server";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 10_000;

/**
 * Logs what went wrong while rendering, as React Router does by default, except a request the page refuses by its
 * status (a POST to a page without a form is a 405): that is the client's mistake, and logging it would let anyone
 * fill the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  log.error("render", failureFields(error));
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestContext);
  let shellRendered = false;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), streamTimeout + 1_000);
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext>,
    {
      nonce,
      signal: abort.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by React Router; log only those streamed later.
        if (shellRendered) log.error("render", failureFields(error));
      },
    },
  );
  shellRendered = true;
  body.allReady.finally(() => clearTimeout(timer));

  // Crawlers get the whole document at once; people get the shell first and the deferred parts streamed.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
