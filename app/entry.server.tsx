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
  // Crawlers get the whole document at once; people get the shell first and the deferred parts streamed. A form post
  // answered with a document is a browser without JavaScript (or not yet hydrated: the app posts for data otherwise),
  // which cannot swap a streamed part in, so it gets the whole document too (the order search's result).
  const userAgent = request.headers.get("user-agent");
  const documentPost = request.method !== "GET" && request.method !== "HEAD";
  const wholeDocument = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode || documentPost;
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
      // React outlines a large part even when it is ready before the first byte is sent (a hidden copy and a script
      // to swap it in); a whole document keeps every part in its place.
      progressiveChunkSize: wholeDocument ? Number.MAX_SAFE_INTEGER : undefined,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by React Router; log only those streamed later.
        if (shellRendered) log.error("render", failureFields(error));
      },
    },
  );
  shellRendered = true;
  body.allReady.finally(() => clearTimeout(timer));

  if (wholeDocument) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
