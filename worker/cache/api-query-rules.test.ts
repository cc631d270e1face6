// The cached endpoints' query parameters, checked against openapi/frontend.yaml, and their normal form checked
// against the built-in API itself: a normalised query must get the very reply the request would have had.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { callApi, testD1 } from "../api/testing/d1-harness";
import { API_QUERY_RULES, normalApiQuery, type QueryParamRule } from "./api-query-rules";
import { policyForApiRequest } from "./policies";

interface Schema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  $ref?: string;
}
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
  $ref?: string;
}

const spec = parse(readFileSync(new URL("../../openapi/frontend.yaml", import.meta.url), "utf8"));
const resolve = <T>(node: T & { $ref?: string }): T =>
  node.$ref
    ? resolve(
        node.$ref
          .split("/")
          .slice(1)
          .reduce((at, key) => at[key], spec),
      )
    : node;

/** The contract's GET paths that the edge cache keeps, with their query parameters. */
const cachedGets = Object.entries(spec.paths as Record<string, { get?: { parameters?: Parameter[] } }>)
  .filter(([path, item]) => {
    const sample = path.replace(/\{id\}/g, "1").replace(/\{[^}]+\}/g, "products");
    return item.get && policyForApiRequest("GET", `/api/frontend${sample}`).name !== "none";
  })
  .map(([path, item]) => ({
    path,
    query: (item.get?.parameters ?? []).map(resolve).filter((parameter) => parameter.in === "query"),
  }));

function agreesWithSchema(rule: QueryParamRule, schema: Schema) {
  const yamlDefault = schema.default === undefined ? undefined : String(schema.default);
  const ruleDefault = "default" in rule && rule.default !== undefined ? String(rule.default) : undefined;
  expect(ruleDefault).toBe(yamlDefault);
  if (rule.kind === "integer") expect(schema.type).toBe("integer");
  if (rule.kind === "choice") expect(schema.enum).toBeDefined();
  if (rule.kind === "text")
    expect({ type: schema.type, enum: schema.enum, pattern: schema.pattern }).toEqual({ type: "string" });
  if (rule.kind === "id") expect(schema.pattern).toBe("^[0-9]{1,15}$");
}

describe("API_QUERY_RULES", () => {
  it("covers the cached endpoints of the contract", () => {
    expect(cachedGets.map(({ path }) => path)).toContain("/search");
    for (const template of Object.keys(API_QUERY_RULES)) {
      expect(cachedGets.map(({ path }) => path)).toContain(template);
    }
  });

  for (const { path, query } of cachedGets) {
    it(`names exactly the query parameters of GET ${path}, with their defaults`, () => {
      const rules = API_QUERY_RULES[path] ?? {};
      expect(Object.keys(rules).sort()).toEqual(query.map((parameter) => parameter.name).sort());
      for (const parameter of query) {
        const rule = rules[parameter.name];
        if (rule) agreesWithSchema(rule, resolve(parameter.schema));
      }
    });
  }
});

const normal = (pathAndQuery: string) => normalApiQuery(new URL(`http://shop.test/api/frontend${pathAndQuery}`));

describe("normalApiQuery", () => {
  it("drops parameters the endpoint does not define", () => {
    expect(normal("/products?x=random")).toBe("");
    expect(normal("/products/1/related?limit=3&utm_source=mail&x=1")).toBe("?limit=3");
    expect(normal("/home?page=2")).toBe("");
    expect(normal("/products?__proto__=1&constructor=2")).toBe("");
  });

  it("sorts by name, whatever the order asked", () => {
    expect(normal("/search?sort=newest&q=%E4%BD%9B&page=2")).toBe("?page=2&q=%E4%BD%9B&sort=newest");
    expect(normal("/search?page=2&sort=newest&q=%E4%BD%9B")).toBe("?page=2&q=%E4%BD%9B&sort=newest");
  });

  it("drops defaults and writes numbers canonically", () => {
    expect(normal("/products?page=1&per_page=24&sort=newest&is_new=0")).toBe("");
    expect(normal("/products?page=007&per_page=%2048%20")).toBe("?page=7&per_page=48");
    expect(normal("/products?page=01")).toBe("");
    expect(normal("/articles?author_id=007")).toBe("?author_id=7");
  });

  it("trims search text and decodes values to one spelling", () => {
    expect(normal("/search?q=+%E4%BD%9B+")).toBe("?q=%E4%BD%9B");
    expect(normal("/search?q=佛法")).toBe(normal("/search?q=%E4%BD%9B%E6%B3%95"));
    expect(normal("/search?q=a+b")).toBe("?q=a%20b");
  });

  it("keeps what the API refuses as it is", () => {
    expect(normal("/products?page=1&page=1")).toBe("?page=1&page=1");
    expect(normal("/products?page=1e1")).toBe("?page=1e1");
    expect(normal("/products?page=")).toBe("?page=");
    expect(normal("/activities?when=%FF")).toBe("?when=%FF");
    expect(normal("/articles?author_id=0000000000000001")).toBe("?author_id=0000000000000001");
    expect(normal("/products?sort=+newest")).toBe("?sort=%20newest");
  });
});

describe("a normalised query gets the reply the request would have had", () => {
  const d1 = testD1();
  // The database does not change here, so a request asked again (many spellings share one normal form) is answered
  // from the first reply rather than another round trip to D1.
  const replies = new Map<string, Promise<{ status: number; body: unknown }>>();
  const reply = (pathAndQuery: string) => {
    const known = replies.get(pathAndQuery);
    if (known) return known;
    const asked = callApi(d1.db, pathAndQuery).then(async (res) => ({ status: res.status, body: await res.json() }));
    replies.set(pathAndQuery, asked);
    return asked;
  };

  const VALUES = [
    ...["", " ", "1", " 7 ", "007", "0", "1e1", "0x10", "-1", "1.0", "abc", "%FF", "+", "%E4%BD%9B", " a "],
    ...["0x1", "0b1", "0o1", "2e0", "24.0", "1.", "%2B1", "%EF%BC%91", "0000000000000001", "%E3%80%802"],
  ];
  for (const [template, rules] of Object.entries(API_QUERY_RULES)) {
    const path = template.replace("{id}", "1").replace("{kind}", "products");
    it(`GET ${template}`, async () => {
      for (const [name, rule] of Object.entries(rules)) {
        const values = [...VALUES, ...("default" in rule && rule.default !== undefined ? [String(rule.default)] : [])];
        for (const value of values) {
          for (const query of [
            `?${name}=${value}`,
            `?x=1&${name}=${value}&q=%E6%9B%B8`,
            `?${name}=${value}&${name}=1`,
          ]) {
            const normalised = normal(`${path}${query}`);
            const asked = await reply(`${path}${query}`);
            expect(await reply(`${path}${normalised}`), `${path}${query} → ${normalised}`).toEqual(asked);
            // Every spelling of a number the API accepts is keyed on the number itself, so none misses at will.
            if (rule.kind === "integer" && query === `?${name}=${value}` && asked.status === 200) {
              expect(normalised, `${path}${query}`).toMatch(new RegExp(`^(\\?${name}=[1-9]\\d*)?$`));
            }
          }
        }
      }
    });
  }
});
