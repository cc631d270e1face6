// The API client for loaders and actions: built per request, calling the worker's /api/frontend handling in-process.
import type { RouterContextProvider } from "react-router";
import { requestContext } from "../../http/request-context.server";
import { createApiClient } from "./client";

interface ServerApiOptions {
  /**
   * Collects the Set-Cookie values of every reply (the proxy sets or clears the member's token on sign-in and
   * sign-out), so an action can pass them on to the browser with its own response.
   */
  setCookies?: Headers;
}

export function serverApi(request: Request, context: Readonly<RouterContextProvider>, options: ServerApiOptions = {}) {
  const { apiFetch } = context.get(requestContext);
  const cookie = request.headers.get("Cookie");
  return createApiClient({
    baseUrl: `${new URL(request.url).origin}/api/frontend`,
    fetch: async (apiRequest) => {
      // The proxy reads the member's token from the page request's cookie, as it does for the browser.
      if (cookie) apiRequest.headers.set("Cookie", cookie);
      const reply = await apiFetch(apiRequest);
      // Read before the envelope middleware sees the reply (it raises error codes and rebuilds success replies).
      for (const value of reply.headers.getSetCookie()) options.setCookies?.append("Set-Cookie", value);
      return reply;
    },
  });
}
