// The API client for loaders: built per request, calling the worker's /api/frontend handling in-process.
import type { RouterContextProvider } from "react-router";
import { requestContext } from "../request-context.server";
import { createApiClient } from "./client";

export function serverApi(request: Request, context: Readonly<RouterContextProvider>) {
  const { apiFetch } = context.get(requestContext);
  const cookie = request.headers.get("Cookie");
  return createApiClient({
    baseUrl: `${new URL(request.url).origin}/api/frontend`,
    // The proxy reads the member's token from the page request's cookie, as it does for the browser.
    fetch: (apiRequest) => {
      if (cookie) apiRequest.headers.set("Cookie", cookie);
      return apiFetch(apiRequest);
    },
  });
}
