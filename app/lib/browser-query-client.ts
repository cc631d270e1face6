// The browser's one TanStack Query client, shared by every part of a page that queries the API (suggestions, likes,
// cart lines, checkout). It lives in its own module so it is loaded with the first of them, not with every page:
// most first paints query nothing. The root only needs to reach it when the member session changes; see
// session-watch.ts, which looks it up through `existingBrowserQueryClient` without loading it.
import { QueryClient } from "@tanstack/react-query";
import { setExistingBrowserQueryClient } from "./query-client-ref";

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
}

let browserClient: QueryClient | undefined;

/** The browser's client (created on first use); on the server a new one each time (no request shares a cache). */
export function queryClientForRender(): QueryClient {
  if (typeof document === "undefined") return createQueryClient();
  if (!browserClient) {
    browserClient = createQueryClient();
    setExistingBrowserQueryClient(browserClient);
  }
  return browserClient;
}
