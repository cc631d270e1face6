// zod at the edge of each handler; a failure becomes code 2 with a Chinese message for people.
import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { log } from "~/lib/log.server";
import { invalidInput } from "./envelope";

const CJK = /[\u3400-\u9fff]/;

/** The first issue's own message when it is written for people (Chinese); otherwise one naming the field. */
export function issueMessage(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "請求格式錯誤";
  if (CJK.test(issue.message)) return issue.message;
  if (issue.code === "unrecognized_keys") return `不接受的欄位：${issue.keys.join("、")}`;
  if (issue.path.length === 0) return "請求內容必須是 JSON 物件";
  return `欄位「${issue.path.join(".")}」格式不正確`;
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value) => parseInput(schema, value));
}

/**
 * The parsed input, or code 2. A schema whose refinement or transform throws is a defect (each must be total),
 * but even then the reply stays a 400 with a Chinese message, never a 500; the defect is logged.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  let parsed: z.ZodSafeParseResult<z.output<Schema>>;
  try {
    parsed = schema.safeParse(value);
  } catch (error) {
    log.warn("validation", { message: `schema threw: ${String(error)}` });
    throw invalidInput("請求內容格式不正確");
  }
  if (!parsed.success) throw invalidInput(issueMessage(parsed.error.issues[0]));
  return parsed.data as z.output<Schema>;
}
