// The query parameters each cached /api/frontend GET defines (its operation's `query` in
// worker/endpoints/endpoint-policies.ts; api-query-rules.test.ts checks them against openapi/frontend.yaml), and the
// normal form of a query kept in the edge cache's key. Any other parameter is dropped, so `?x=random` cannot turn
// every request into a miss. A value is normalised only where the API reads both forms alike, so the stored reply is
// the one the request would have had.
import { parseWholeNumber } from "~/domain/whole-number";
import { endpointOf, routesWith } from "../endpoints/endpoint-of-request";

/** How the API reads a parameter, and so which normal form cannot change its reply. */
export type QueryParamRule =
  /** A whole number the API reads with parseWholeNumber: its digits become canonical; the default is dropped. */
  | { kind: "integer"; default?: number }
  /** One of fixed strings, compared exactly: only the default is dropped. */
  | { kind: "choice"; default?: string }
  /** Free text the API trims: trimmed. */
  | { kind: "text" }
  /** An id of 1 to 15 digits read with Number(): leading zeros are dropped. */
  | { kind: "id" }
  /** Passed on as it is. */
  | { kind: "raw" };

type Rules = Readonly<Record<string, QueryParamRule>>;

/**
 * The rules by the contract's path template (`{name}` is one path segment), as the operations' policies write them
 * (worker/endpoints/endpoint-policies.ts, `query`). Paths without parameters have no entry.
 */
export const API_QUERY_RULES: Readonly<Record<string, Rules>> = Object.fromEntries(
  routesWith((policy) => policy.query).map(([route, rules]) => [route.slice(route.indexOf(" ") + 1), rules]),
);

/** The rules of the GET endpoint at `pathname` (under /api/frontend); none (so no parameter is kept) when it has none. */
export function queryRulesFor(pathname: string): Rules {
  return endpointOf("GET", pathname)?.policy.query ?? {};
}

/** The text of a raw query component as the API decodes it (`+` is a space), or null when it is not valid UTF-8. */
function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return null;
  }
}

/** The normal form of one value, or null when it is the default (the same as leaving the parameter out). */
function normalValue(value: string, rule: QueryParamRule): string | null {
  switch (rule.kind) {
    case "integer": {
      // A value the API refuses is kept as it is: its reply (a refusal) is never stored.
      const number = parseWholeNumber(value);
      if (number === null) return value;
      return number === rule.default ? null : String(number);
    }
    case "choice":
      return value === rule.default ? null : value;
    case "text":
      return value.trim();
    case "id":
      return /^\d{1,15}$/.test(value) ? String(Number(value)) : value;
    case "raw":
      return value;
  }
}

/**
 * The query string (with its `?`, or "") that the edge cache keys on and asks the API with: only the endpoint's own
 * parameters, sorted by name, each value in its normal form. A parameter given more than once is kept as given
 * (the API refuses it; dropping a copy would change that). Values that do not decode are kept byte for byte.
 */
export function normalApiQuery(url: URL, rules: Rules = queryRulesFor(url.pathname)): string {
  const found = new Map<string, string[]>();
  for (const part of url.search.slice(1).split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const name = decoded(equals === -1 ? part : part.slice(0, equals));
    if (name === null || !Object.hasOwn(rules, name)) continue;
    const raw = equals === -1 ? "" : part.slice(equals + 1);
    found.set(name, [...(found.get(name) ?? []), raw]);
  }
  const pairs: string[] = [];
  for (const [name, rule] of Object.entries(rules).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const raws = found.get(name) ?? [];
    for (const raw of raws) {
      const value = decoded(raw);
      if (value === null) {
        pairs.push(`${name}=${raw}`);
        continue;
      }
      const normal = raws.length === 1 ? normalValue(value, rule) : value;
      if (normal !== null) pairs.push(`${name}=${encodeURIComponent(normal)}`);
    }
  }
  return pairs.length ? `?${pairs.join("&")}` : "";
}
