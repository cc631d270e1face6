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

export function allowedMethods(routes: readonly RouteEntry[], pathname: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method !== "ALL" && !route.path.includes("*") && matches(route.path, pathname)) {
      methods.add(route.method);
    }
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}
