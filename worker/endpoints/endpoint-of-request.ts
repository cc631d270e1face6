// Which operation of the contract a request to /api/frontend is, by its method and path (HEAD is answered as GET),
// with its policy (endpoint-policies.ts). The path is the one the API's router reads (percent-escapes decoded), so
// an escaped path cannot slip past a policy.
import { ENDPOINT_POLICIES, type EndpointPolicy, type OperationId } from "./endpoint-policies";

/** Where the API lives on the storefront's origin. */
export const API_PREFIX = "/api/frontend";

export interface Endpoint {
  operationId: OperationId;
  policy: EndpointPolicy;
}

/** What a path parameter may be for the route to match; any other is one path segment. */
const PARAMETER_PATTERNS: Readonly<Record<string, string>> = {
  id: "\\d+",
  slug: "[a-z-]+",
  kind: "[a-z]+",
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

function routePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      return name === undefined ? escapeRegExp(part) : (PARAMETER_PATTERNS[name] ?? "[^/]+");
    })
    .join("");
  return new RegExp(`^${source}$`);
}

const endpoints = Object.entries(ENDPOINT_POLICIES).map(([operationId, policy]) => {
  const [method, path] = policy.route.split(" ") as [string, string];
  return { method, path, pattern: routePattern(path), endpoint: { operationId, policy } as Endpoint };
});
// Routes without parameters are looked up first, so `/articles/categories` is never read as an article's id.
const literal = new Map(
  endpoints.filter((e) => !e.path.includes("{")).map((e) => [`${e.method} ${e.path}`, e.endpoint] as const),
);
const templated = endpoints.filter((e) => e.path.includes("{"));

/** The endpoint of `method` on `path` (the whole path, /api/frontend included); null when the contract has none. */
export function endpointOf(method: string, path: string): Endpoint | null {
  if (!path.startsWith(`${API_PREFIX}/`)) return null;
  const verb = method === "HEAD" ? "GET" : method;
  const rest = path.slice(API_PREFIX.length);
  return (
    literal.get(`${verb} ${rest}`) ?? templated.find((e) => e.method === verb && e.pattern.test(rest))?.endpoint ?? null
  );
}

/** Each policy table as it was before the one table: for the tests and tools that read them by path. */
export function routesWith<T>(pick: (policy: EndpointPolicy) => T | undefined): [route: string, value: T][] {
  return endpoints.flatMap(({ endpoint }) => {
    const value = pick(endpoint.policy);
    return value === undefined ? [] : [[endpoint.policy.route, value] as [string, T]];
  });
}
