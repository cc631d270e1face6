// React Router's request handler over the server build. Handed a function, React Router derives its route tables
// (flattened, ranked, every path compiled) anew on each request, so that development's hot reload sees new routes; a
// CPU profile of a member page under load put that at about a tenth of the page's time. The built worker hands it the
// build itself, loaded once per isolate, so the tables are derived once.
import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";

/** The handler: derived once (`hotReload` false, the built worker) or on every request (development). */
export function pageHandler(
  load: () => Promise<ServerBuild>,
  mode: string,
  hotReload: boolean,
  create: typeof createRequestHandler = createRequestHandler,
): RequestHandler {
  if (hotReload) return create(load, mode);
  let handler: Promise<RequestHandler> | undefined;
  return async (request, context) => {
    handler ??= load().then(
      (build) => create(build, mode),
      (error: unknown) => {
        // A failed load is tried again by the next request rather than kept.
        handler = undefined;
        throw error;
      },
    );
    return (await handler)(request, context);
  };
}
