// Validates replies, and request bodies the storefront builds, against openapi/frontend.yaml (OpenAPI 3.1 schemas are
// JSON Schema 2020-12).
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse } from "yaml";

const SPEC_ID = "frontend.yaml";
const spec = parse(readFileSync(new URL("../../openapi/frontend.yaml", import.meta.url), "utf8"));

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ ...spec, $id: SPEC_ID });

type Method = "get" | "post" | "put" | "delete";

/** The schema of a documented reply: `paths[path][method].responses[status]` (or `default`). */
function responseSchemaRef(path: string, method: Method, status: number): string {
  const operation = spec.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the contract`);
  const key = String(status) in operation.responses ? String(status) : "default";
  let response = operation.responses[key];
  if (!response) throw new Error(`${method.toUpperCase()} ${path} does not document status ${status}`);
  let pointer = `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses/${key}`;
  if (response.$ref) {
    pointer = response.$ref;
    response = spec.components.responses[response.$ref.split("/").at(-1)];
  }
  if (!response.content?.["application/json"]?.schema) throw new Error(`no JSON schema at ${pointer}`);
  return `${SPEC_ID}${pointer}/content/application~1json/schema`;
}

/** Throws with every schema error when `body` is not what the contract says for this reply. */
export function expectMatchesContract(path: string, method: Method, status: number, body: unknown) {
  const validate = ajv.getSchema(responseSchemaRef(path, method, status));
  if (!validate) throw new Error(`cannot compile the schema of ${method} ${path} ${status}`);
  if (!validate(body)) {
    throw new Error(
      `${method.toUpperCase()} ${path} ${status} does not match the contract:\n${ajv.errorsText(validate.errors, { separator: "\n" })}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}

/** Whether `body` is what the contract accepts as the JSON request body of `method path`. */
export function contractAcceptsBody(path: string, method: Method, body: unknown): boolean {
  const operation = spec.paths[path]?.[method];
  if (!operation?.requestBody) throw new Error(`${method.toUpperCase()} ${path} takes no request body in the contract`);
  const pointer = `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/requestBody/content/application~1json/schema`;
  const validate = ajv.getSchema(`${SPEC_ID}${pointer}`);
  if (!validate) throw new Error(`cannot compile the request schema of ${method} ${path}`);
  return validate(body) === true;
}

/** The contract's own words on every call (info.description: the envelope, writes, rate limits). */
export const contractDescription = (): string => spec.info.description;

/** Whether the contract describes `method path` at all. */
export function contractHasOperation(path: string, method: Method): boolean {
  return spec.paths[path]?.[method] !== undefined;
}

/** Throws with every schema error when `body` is not what the contract's `components.schemas[name]` allows. */
export function expectMatchesSchema(name: string, body: unknown) {
  const validate = ajv.getSchema(`${SPEC_ID}#/components/schemas/${name}`);
  if (!validate) throw new Error(`cannot compile the schema ${name}`);
  if (!validate(body)) {
    throw new Error(
      `${name} does not match the contract:\n${ajv.errorsText(validate.errors, { separator: "\n" })}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}

/** Every operation of the contract that takes a JSON body, with the body of its example. */
export function jsonWriteOperations(): { method: Method; path: string; example: unknown }[] {
  const found: { method: Method; path: string; example: unknown }[] = [];
  for (const [path, operations] of Object.entries<Record<string, { requestBody?: JsonRequestBody }>>(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const json = operation.requestBody?.content["application/json"];
      if (!json) continue;
      const example = json.example ?? Object.values(json.examples ?? {})[0]?.value;
      found.push({ method: method as Method, path, example });
    }
  }
  return found;
}

interface JsonRequestBody {
  content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> } | undefined>;
}
