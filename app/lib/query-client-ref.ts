// Where the browser's query client (browser-query-client.ts) is once it exists: the root's session handling reaches
// it through here, so neither the root nor a page that queries nothing loads TanStack Query's client.
import type { QueryClient } from "@tanstack/react-query";

let existing: QueryClient | null = null;

export function setExistingBrowserQueryClient(client: QueryClient) {
  existing = client;
}

/** The browser's query client if some part of the page has created it, else null (then no data is cached). */
export function existingBrowserQueryClient(): QueryClient | null {
  return existing;
}
