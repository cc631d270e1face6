// The page registry (app/pages.ts) holds every fact about a page once, including what only the build and the server
// read: the route module and layout (routes.ts), the sitemap flag and the numeric-id rule (derived lists marked
// `@__PURE__`, which the browser's bundle drops). The browser reads the path, title, menus and editorial slug, but an
// object literal ships whole: this client-build transform leaves the server-only fields out of PAGES' entries (~230
// bytes gzip on every page). The source, the server build and the tests keep the full registry.
import type { Plugin } from "vite";
import { parseAst } from "vite";

/** The fields of a registry entry that no browser code reads. */
export const SERVER_ONLY_PAGE_FIELDS: ReadonlySet<string> = new Set(["file", "layout", "sitemap", "numericId"]);

const REGISTRY_FILE = /[\\/]app[\\/]pages\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const keyName = (property: Node) => {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  return key.type === "Identifier" ? (key.name as string) : key.type === "Literal" ? String(key.value) : undefined;
};

/** The PAGES object literal of the registry module (as JavaScript), or undefined when there is none. */
function registryObject(program: Node): Node | undefined {
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : null;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      let init = declarator.init as Node | null;
      // `{…} as const satisfies …` when the code still has its types.
      while (init && (init.type === "TSSatisfiesExpression" || init.type === "TSAsExpression"))
        init = init.expression as Node;
      if (id.type === "Identifier" && id.name === "PAGES" && init?.type === "ObjectExpression") return init;
    }
  }
  return undefined;
}

/** The registry module's code with the server-only fields removed from each PAGES entry; null if it has no PAGES. */
export function withoutServerOnlyPageFields(code: string): string | null {
  const pages = registryObject(parseAst(code, { lang: "ts" }) as unknown as Node);
  if (!pages) return null;
  // Each entry rewritten from the fields it keeps (a minifier formats the result anyway), last entry first.
  let out = code;
  for (const entry of [...(pages.properties as Node[])].reverse()) {
    const value = entry.value as Node | undefined;
    if (value?.type !== "ObjectExpression") continue;
    const fields = value.properties as Node[];
    const kept = fields.filter((field) => !SERVER_ONLY_PAGE_FIELDS.has(keyName(field) ?? ""));
    if (kept.length === fields.length) continue;
    const text = `{ ${kept.map((field) => code.slice(field.start, field.end)).join(", ")} }`;
    out = out.slice(0, value.start) + text + out.slice(value.end);
  }
  return out;
}

export function pageRegistryClient(): Plugin {
  return {
    name: "bookstore:page-registry-client",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!REGISTRY_FILE.test(id.split("?")[0] ?? "")) return null;
      const stripped = withoutServerOnlyPageFields(code);
      if (stripped === null) this.error("app/pages.ts has no `export const PAGES = {…}` object literal to trim");
      return { code: stripped, map: null };
    },
  };
}
