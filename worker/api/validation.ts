// zod at the edge of each handler; a failure becomes code 2 with the first issue's Chinese message.
import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { invalidInput } from "./envelope";

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw invalidInput(parsed.error.issues[0]?.message ?? "請求格式錯誤");
    }
    return parsed.data as z.output<Schema>;
  });
}
