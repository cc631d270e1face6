// Generated bad input for the property test (tests/contract/generated-bad-input.spec.ts): fast-check arbitraries for every
// operation of openapi/frontend.yaml, built from its schemas, that mostly send what the contract allows with wrong
// types, missing and extra fields, hostile strings and numbers, junk path and query values, wrong content types and
// broken JSON mixed in.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parse } from "yaml";

// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document is untyped by nature
type Node = any;

const spec: Node = parse(readFileSync(new URL("../../../openapi/frontend.yaml", import.meta.url), "utf8"));

function resolve(node: Node): Node {
  if (!node?.$ref) return node;
  return resolve(
    node.$ref
      .split("/")
      .slice(1)
      .reduce((at: Node, key: string) => at[key], spec),
  );
}

/** Strings that have broken parsers, queries and renderers somewhere. */
const HOSTILE_STRINGS = [
  "",
  " ",
  "\t\n",
  "a".repeat(20_000),
  "書".repeat(5_000),
  "😀".repeat(2_000),
  "👨‍👩‍👧‍👦🏳️‍🌈",
  "𠀀𠀁𪚥",
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f\u0085",
  "\u2028\u2029",
  "\uFEFF",
  "\uD800",
  "\uDFFF佛",
  "' OR 1=1 --",
  '"; DROP TABLE members; --',
  "1; SELECT * FROM sqlite_master",
  "') UNION SELECT sql FROM sqlite_master --",
  "%",
  "%%",
  "_",
  "\\",
  '"',
  '"""',
  "*",
  "佛*",
  "NEAR(佛 法)",
  "佛 OR 法",
  "佛 AND NOT 法",
  "^佛",
  "title:佛",
  "{title body}:佛",
  "-佛",
  "(",
  ")",
  '"佛',
  "NaN",
  "Infinity",
  "-Infinity",
  "1e400",
  "-0",
  "0x10",
  "9".repeat(400),
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "toString",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "{{7*7}}",
  "Ａ１２３",
  "臺",
  "台",
];

const HOSTILE_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 31,
  -1,
  0,
  -0,
  1.5,
  1e-300,
];

/** Pieces that are harmless alone and hostile together: quotes, wildcards, query syntax, controls, CJK, emoji. */
const FRAGMENTS = [
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u2028",
  "\uFEFF",
  "\uD800",
  '"',
  "'",
  "`",
  "*",
  "%",
  "_",
  "\\",
  "(",
  ")",
  "{",
  "}",
  "^",
  ":",
  "-",
  "+",
  ";",
  "--",
  " ",
  "\t",
  "OR",
  "AND",
  "NOT",
  "NEAR",
  "佛",
  "法",
  "臺",
  "台",
  "書",
  "心經",
  "😀",
  "👨‍👩‍👧",
  "𠀀",
  "Ａ",
  "a",
  "1",
  "0",
];

/** A few fragments run together, e.g. `a\u0000佛` or `"心經*`. */
const composed = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));

const hostileString = fc.oneof(
  { weight: 3, arbitrary: composed },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);

/** Any value of the wrong kind: hostile strings and numbers, booleans, null, arrays and objects. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { "": "" }, { __proto__: { admin: true } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A value the schema allows (within reason: short arrays, moderate strings), or a type-appropriate edge case. */
function allowed(schema: Node, depth: number): fc.Arbitrary<unknown> {
  const s = resolve(schema) ?? {};
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  for (const key of ["oneOf", "anyOf"] as const) {
    if (s[key]) return fc.oneof(...s[key].map((option: Node) => allowed(option, depth)));
  }
  if (s.allOf) {
    const parts = s.allOf.map(resolve);
    return allowed(
      {
        type: "object",
        properties: Object.assign({}, ...parts.map((p: Node) => p.properties ?? {})),
        required: parts.flatMap((p: Node) => p.required ?? []),
      },
      depth,
    );
  }
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ["object"] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(...types.map((type) => ofType(type, s, depth)));
}

function ofType(type: string, s: Node, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = s.minimum ?? -1_000;
      const max = s.maximum ?? 100_000;
      // The bounds themselves, one past them, and values between.
      return fc.oneof(
        fc.constantFrom(min, max, min - 1, max + 1),
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
      );
    }
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case "string":
      return stringOf(s);
    case "array":
      return depth > 3
        ? fc.constant([])
        : fc.array(messy(s.items ?? {}, depth + 1), { maxLength: Math.min(s.maxItems ?? 4, 4) });
    default:
      return depth > 3 ? fc.constant({}) : objectOf(s, depth);
  }
}

function stringOf(s: Node): fc.Arbitrary<string> {
  if (s.format === "email") return fc.emailAddress();
  if (s.format === "date") {
    return fc
      .date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.format === "date-time") {
    return fc.date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map(String);
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((text) => text.length <= 300);
    } catch {
      // A pattern fast-check cannot generate from: plain text below.
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? 10_000;
  // Hostile text cut to the allowed length passes validation and reaches the queries and the stored rows.
  const fitting = fc
    .oneof(fc.constantFrom(...HOSTILE_STRINGS), composed)
    .map((text) => [...text].slice(0, maxLength).join(""))
    .filter((text) => text.length >= minLength);
  return fc.oneof(fc.string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength, 60) }), fitting);
}

function objectOf(s: Node, depth: number): fc.Arbitrary<Record<string, unknown>> {
  if (!s.properties && typeof s.additionalProperties === "object") {
    // A map (e.g. the cart: item id to quantity): keys as the schema names them, or not.
    const keys = s.propertyNames?.pattern ? fc.oneof(stringOf(s.propertyNames), hostileString) : hostileString;
    return fc.dictionary(keys, messy(s.additionalProperties, depth + 1), { maxKeys: 6 });
  }
  const properties: Record<string, Node> = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const fields = Object.entries(properties).map(([name, property]) =>
    // Required fields are usually there, optional ones half the time; either kind may be missing or wrong.
    fc
      .tuple(fc.double({ min: 0, max: 1, noNaN: true }), messy(property, depth + 1))
      .map(([dice, value]) => (dice < (required.has(name) ? 0.9 : 0.5) ? ([[name, value]] as const) : [])),
  );
  const extra = fc.option(fc.dictionary(fc.constantFrom("x", "__proto__", "constructor", "id", "code", "😀"), junk), {
    freq: 4,
  });
  return fc.tuple(fc.tuple(...fields), extra).map(([present, more]) => {
    const value: Record<string, unknown> = {};
    for (const field of present) for (const [name, v] of field) value[name] = v;
    return more ? { ...value, ...more } : value;
  });
}

/** Mostly what the schema allows, sometimes anything at all in its place. */
export function messy(schema: Node, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: allowed(schema, depth) }, { weight: 1, arbitrary: junk });
}

/** A value as it travels in a path or query: text (objects as JSON), occasionally left unencoded. */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  return JSON.stringify(value) ?? String(value);
}

export interface Operation {
  method: string;
  path: string;
  /** Needs the member's session (the contract's bearerAuth only). */
  memberOnly: boolean;
  /** The contract documents a redirect reply (the payment gateway's browser posts). */
  redirects: boolean;
  pathParams: { name: string; schema: Node }[];
  queryParams: { name: string; schema: Node; required: boolean }[];
  headerParams: { name: string; schema: Node }[];
  body: { type: string; schema: Node } | null;
}

/** Every operation of the contract. */
export function contractOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Node>(spec.paths)) {
    for (const method of ["get", "post", "put", "delete", "patch"]) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
      const of = (where: string) => parameters.filter((p: Node) => p.in === where);
      const content = resolve(op.requestBody)?.content ?? null;
      const bodyType = content ? Object.keys(content)[0] : null;
      const security: Node[] = op.security ?? spec.security ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        memberOnly: security.length > 0 && security.every((s: Node) => "bearerAuth" in s),
        redirects: Object.keys(op.responses ?? {}).some((status) => /^3\d\d$/.test(status)),
        pathParams: of("path").map((p: Node) => ({ name: p.name, schema: p.schema })),
        queryParams: of("query").map((p: Node) => ({ name: p.name, schema: p.schema, required: !!p.required })),
        headerParams: of("header").map((p: Node) => ({ name: p.name, schema: p.schema })),
        body: bodyType && content ? { type: bodyType, schema: content[bodyType].schema } : null,
      });
    }
  }
  return operations;
}

export interface GeneratedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** A request in a few hundred characters, for failure reports. */
export function described(req: GeneratedRequest): string {
  const body = req.body ? ` body(${req.body.length} B) ${req.body.toString("utf8").slice(0, 200)}` : "";
  return `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.headers).slice(0, 200)}${body}`;
}

/** fast-check prints a counterexample with this (a whole 20 KB body would bury the report). */
function reported(req: GeneratedRequest): GeneratedRequest {
  return Object.defineProperty(req, fc.toStringMethod, { value: () => described(req), enumerable: false });
}

const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/json; charset=utf-16",
  "application/vnd.api+json",
  "application/xml",
  "application/octet-stream",
  "json",
];

/** Text that is not JSON, or JSON that is hard to take. */
const BROKEN_JSON = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    '{"email":',
    "[1,2",
    "nul",
    "{'a':1}",
    '{"a":1}}',
    '{"a":1,}',
    "\u0000",
    "\uFEFF{}",
    '{"__proto__":{"admin":true}}',
    '{"a":"\\ud800"}',
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    `${'{"a":'.repeat(8_000)}1${"}".repeat(8_000)}`,
    '{"a":1e999999}',
    `{"a":${"9".repeat(5_000)}}`,
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
);

const NOT_UTF8 = fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => Buffer.from([0xff, 0xfe, ...bytes]));

function formBody(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return asText(value);
  return new URLSearchParams(Object.entries(value).map(([k, v]) => [k, asText(v)])).toString();
}

/** The body and its content type: mostly the declared type with a schema-based (messy) value, else any mess. */
function bodyFor(op: Operation): fc.Arbitrary<{ type: string | null; body: Buffer | null }> {
  const declared = op.body;
  const encode = (type: string, value: unknown) =>
    Buffer.from(type.includes("form-urlencoded") ? formBody(value) : (JSON.stringify(value) ?? "null"));
  const asDeclared = declared
    ? messy(declared.schema).map((value) => ({ type: declared.type, body: encode(declared.type, value) }))
    : fc.constant({ type: null, body: null });
  const declaredType = declared?.type ?? "application/json";
  return fc.oneof(
    { weight: 6, arbitrary: asDeclared },
    { weight: 1, arbitrary: junk.map((value) => ({ type: declaredType, body: encode(declaredType, value) })) },
    { weight: 1, arbitrary: BROKEN_JSON.map((text) => ({ type: declaredType, body: Buffer.from(text) })) },
    { weight: 1, arbitrary: NOT_UTF8.map((bytes) => ({ type: declaredType, body: bytes })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), asDeclared)
        .map(([type, { body }]) => ({ type, body: body ?? Buffer.from("x") })),
    },
    { weight: 1, arbitrary: asDeclared.map(({ body }) => ({ type: null, body })) },
  );
}

/** Percent-encoded; a lone surrogate (which no URL can carry) becomes U+FFFD first. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
const encode = (text: string) => encodeURIComponent(wellFormed(text));

/**
 * A URL's text up to 2,000 characters: the HTTP server refuses a longer request line (431) before the worker
 * sees it, so longer ones test nothing of ours.
 */
const forUrl = (value: unknown) => [...asText(value)].slice(0, 2_000).join("");

/** A path or query value: one the schema allows, or junk; sometimes with its percent signs left raw. */
function urlValue(schema: Node): fc.Arbitrary<string> {
  return fc
    .tuple(messy(schema).map(forUrl), fc.integer({ min: 0, max: 9 }))
    .map(([value, dice]) =>
      dice === 0 ? wellFormed(asText(value)).replace(/[^%\w-]/g, encode) : encode(asText(value)),
    );
}

const JUNK_QUERY_NAMES = ["x", "q", "page", "__proto__", "constructor", "utm_source", "%", "😀", "a[]", ""];

/** One request to `op`: path and query values, headers and body from the contract, with bad input mixed in. */
export function requestFor(op: Operation, api: string, junkAuthorization = true): fc.Arbitrary<GeneratedRequest> {
  const path = fc.tuple(...op.pathParams.map((p) => urlValue(p.schema))).map((values) => {
    let url = op.path;
    op.pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, values[i] ?? "");
    });
    return url;
  });
  const defined = op.queryParams.map((p) =>
    fc.option(
      urlValue(p.schema).map((value) => `${p.name}=${value}`),
      { freq: p.required ? 8 : 2 },
    ),
  );
  const extra = fc.array(
    fc
      .tuple(fc.constantFrom(...JUNK_QUERY_NAMES), hostileString.map(forUrl))
      .map(([name, value]) => `${encode(name)}=${encode(value)}`),
    { maxLength: 2 },
  );
  const query = fc.tuple(fc.tuple(...defined), extra).map(([given, more]) => {
    const parts = [...given.filter((part): part is string => part !== null), ...more];
    return parts.length ? `?${parts.join("&")}` : "";
  });
  const headers = fc
    .tuple(
      fc.tuple(...op.headerParams.map((p) => fc.option(urlValue(p.schema), { freq: 2 }))),
      // A member's junk token would sign them out (code 3 clears the cookie): only guests send one.
      junkAuthorization
        ? fc.option(fc.constantFrom("Bearer junk", "Bearer ", "Basic YTpi", `Bearer ${"a".repeat(4000)}`), { freq: 8 })
        : fc.constant(null),
    )
    .map(([values, authorization]) => {
      const headers: Record<string, string> = {};
      op.headerParams.forEach((p, i) => {
        const value = values[i];
        if (value != null) headers[p.name] = asHeaderValue(value);
      });
      if (authorization) headers.Authorization = authorization;
      return headers;
    });
  const hasBody = op.method !== "GET" && op.method !== "DELETE";
  const body = hasBody ? bodyFor(op) : fc.constant({ type: null, body: null });
  return fc.tuple(path, query, headers, body).map(([p, q, h, b]) =>
    reported({
      method: op.method,
      url: `${api}${p}${q}`,
      headers: b.type ? { ...h, "Content-Type": b.type } : h,
      ...(b.body ? { body: b.body } : {}),
    }),
  );
}

/** A request that names no operation: an unknown path or a method the path does not take. */
export function strayRequest(api: string, keepSession: boolean): fc.Arbitrary<GeneratedRequest> {
  // Any method at the sign-out path ends the session at the edge (worker/api-proxy.ts): a member's run keeps it.
  const paths = Object.entries<Node>(spec.paths).filter(([path]) => !keepSession || path !== "/member/logout");
  const undefinedMethods = paths.flatMap(([path, item]) =>
    ["PATCH", "PUT", "DELETE", "POST"]
      .filter((method) => !item[method.toLowerCase()])
      .map((method) => ({ method, url: `${api}${path.replace(/\{[^}]+\}/g, "1")}`, headers: {} })),
  );
  return fc.oneof(
    fc.constantFrom(...undefinedMethods).map((req) => reported({ ...req })),
    fc
      .tuple(fc.constantFrom("GET", "POST"), hostileString.map(forUrl))
      .map(([method, tail]) => reported({ method, url: `${api}/${encode(tail)}`, headers: {} })),
  );
}

/**
 * A URL-encoded generated value as a header's: decoded where it decodes (a value that is itself junk percent-encoding,
 * such as a lone "%", is sent as it is, which is bad input too), then printable ASCII only, as headers carry.
 */
function asHeaderValue(value: string): string {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // Not percent-encoding: sent as generated.
  }
  return text.replace(/[^\x20-\x7e]/g, "?");
}
