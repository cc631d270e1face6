// Which methods a path accepts, from the API's own route table: a known path asked with another method is a 405
// (code 2), not a 404.
interface RouteEntry {
  method: string;
  path: string;
}

function matches(pattern: string, pathname: string): boolean {
  const source = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  // Exact, as the API's router is: /products/ is not /products (a 404, not a 405 that allows GET).
  return new RegExp(`^${source}$`).test(pathname);
}

/**
 * Paths whose GET changes state (the logout): HEAD, which must be safe, is refused there (the route answers it 405)
 * rather than run as the GET, and no Allow header offers it.
 */
export const GET_WITHOUT_HEAD: ReadonlySet<string> = new Set(["/api/frontend/member/logout"]);

export function allowedMethods(routes: readonly RouteEntry[], pathname: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method !== "ALL" && !route.path.includes("*") && matches(route.path, pathname)) {
      methods.add(route.method);
    }
  }
  if (methods.has("GET") && !GET_WITHOUT_HEAD.has(pathname)) methods.add("HEAD");
  return [...methods].sort();
}
