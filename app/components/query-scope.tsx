// Gives its children the shared query client (app/lib/browser-query-client.ts). Wrap each part of a page that
// queries the API: the client and its cache come with the first such part instead of with every page.
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { queryClientForRender } from "~/lib/browser-query-client";

export function QueryScope({ children }: { children: React.ReactNode }) {
  const [client] = useState(queryClientForRender);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
