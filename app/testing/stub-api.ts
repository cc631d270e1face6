// A router context whose in-process API (the request context's apiFetch) answers as a test says, for unit tests of
// loaders, actions and the server API client. Test-only.
import { RouterContextProvider } from "react-router";
import { requestContext } from "~/http/request-context.server";

export interface StubReply {
  status?: number;
  body: unknown;
  /** Set-Cookie values of the reply, in order. */
  setCookies?: string[];
}

/** The context, and every request its API got, in order (in `calls`, when given). */
export function stubApi(reply: (request: Request) => StubReply, calls: Request[] = []) {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    config: {} as never,
    routeRedirect: null,
    nonce: "",
    requestId: "test",
    apiFetch: async (request) => {
      calls.push(request);
      const { status = 200, body, setCookies = [] } = reply(request);
      const headers = new Headers({ "Content-Type": "application/json" });
      for (const value of setCookies) headers.append("Set-Cookie", value);
      return new Response(JSON.stringify(body), { status, headers });
    },
  });
  return { context, calls };
}
