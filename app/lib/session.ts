// Whether the reader is signed in, as the root loader saw it (the token itself stays in its HttpOnly cookie).
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

export function useSignedIn(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.signedIn ?? false;
}
