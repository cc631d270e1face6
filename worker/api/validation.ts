// zod at the edge of each handler; a failure becomes code 2 with a Chinese message for people.
import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { log } from "~/lib/log.server";
import { isJsonType } from "../middleware/json-bodies";
import { invalidField, invalidInput } from "./envelope";

const CJK = /[\u3400-\u9fff]/;

/** The first issue's own message when it is written for people (Chinese); otherwise one naming the field. */
export function issueMessage(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "請求格式錯誤";
  if (CJK.test(issue.message)) return issue.message;
  if (issue.code === "unrecognized_keys") return `不接受的欄位：${issue.keys.join("、")}`;
  if (issue.path.length === 0) return "請求內容必須是 JSON 物件";
  return `欄位「${issue.path.join(".")}」格式不正確`;
}

/** The refusal of a write that needs a JSON body and came with none. */
export const MISSING_BODY_MESSAGE = "請求內容是空的：這項操作需要 JSON 內容";

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  /** Fields whose refusal names them in `data.field`, so the form shows the message there (checkout's invoice). */
  namedFields?: readonly string[],
) {
  return validator(target, (value, c) => {
    // Hono reads no body without a JSON type and hands on {}: a write with no body at all (which the storefront's
    // json-bodies check lets through, having no type to refuse) must not pass as an empty object, such as an empty
    // cart saved over the member's.
    if (target === "json" && !isJsonType(c.req.header("Content-Type") ?? "")) throw invalidInput(MISSING_BODY_MESSAGE);
    return parseInput(schema, value, namedFields);
  });
}

/**
 * The parsed input, or code 2. A schema whose refinement or transform throws is a defect (each must be total),
 * but even then the reply stays a 400 with a Chinese message, never a 500; the defect is logged.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  namedFields: readonly string[] = [],
): z.output<Schema> {
  let parsed: z.ZodSafeParseResult<z.output<Schema>>;
  try {
    parsed = schema.safeParse(value);
  } catch (error) {
    log.warn("validation", { message: `schema threw: ${String(error)}` });
    throw invalidInput("請求內容格式不正確");
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length === 1 ? String(issue.path[0]) : "";
    const message = issueMessage(issue);
    throw namedFields.includes(field) ? invalidField(field, message) : invalidInput(message);
  }
  return parsed.data as z.output<Schema>;
}
