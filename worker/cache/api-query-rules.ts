// The query parameters each cached /api/frontend GET defines (openapi/frontend.yaml; api-query-rules.test.ts checks
// this table against it), and the normal form of a query kept in the edge cache's key. Any other parameter is
// dropped, so `?x=random` cannot turn every request into a miss. A value is normalised only where the API reads
// both forms alike, so the stored reply is the one the request would have had.
import { parseWholeNumber } from "~/domain/whole-number";

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

const page: QueryParamRule = { kind: "integer", default: 1 };
const productPage: Rules = {
  sort: { kind: "choice", default: "newest" },
  page,
  per_page: { kind: "integer", default: 24 },
};
const listPage: Rules = { page, per_page: { kind: "integer", default: 10 } };

/** By the contract's path template (`{name}` is one path segment). Paths without parameters need no entry. */
export const API_QUERY_RULES: Readonly<Record<string, Rules>> = {
  "/products": {
    ids: { kind: "raw" },
    format: { kind: "integer" },
    type_id: { kind: "integer" },
    is_new: { kind: "choice", default: "0" },
    is_pick: { kind: "choice", default: "0" },
    ...productPage,
  },
  "/products/{id}/related": { limit: { kind: "integer", default: 8 } },
  "/authors/{id}/products": productPage,
  "/publishers/{id}/products": productPage,
  "/search": {
    q: { kind: "text" },
    sort: { kind: "choice", default: "relevance" },
    page,
    per_page: { kind: "integer", default: 24 },
  },
  "/search/suggestions": { q: { kind: "text" }, limit: { kind: "integer", default: 5 } },
  "/news": { type: { kind: "choice" }, ...listPage },
  "/activities": { when: { kind: "choice", default: "upcoming" }, ...listPage },
  "/articles": { category: { kind: "text" }, author_id: { kind: "id" }, ...listPage },
  "/sitemap/{kind}": { page },
};

const API_PREFIX = "/api/frontend";

const TEMPLATES = Object.keys(API_QUERY_RULES).map(
  (template) => [new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`), API_QUERY_RULES[template]] as const,
);

/** The rules of the endpoint at `pathname` (under /api/frontend); none (so no parameter is kept) when it has none. */
export function queryRulesFor(pathname: string): Rules {
  const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : pathname;
  return TEMPLATES.find(([pattern]) => pattern.test(path))?.[1] ?? {};
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
export function normalApiQuery(url: URL): string {
  const rules = queryRulesFor(url.pathname);
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
