// A one-line text field of a request body (checkout, saved recipients), by the domain's rules for plain text
// (app/domain/plain-text.ts): tidied at both ends, no control characters, at most `max` characters.
import { z } from "zod";
import { characterCount, controlCharacterMessage, hasControlCharacter, tidyText } from "~/domain/plain-text";

export const textField = (name: string, max: number) =>
  z
    .string({ error: `${name} 必須是文字` })
    .overwrite(tidyText)
    .refine((value) => !hasControlCharacter(value), controlCharacterMessage(name))
    .refine((value) => characterCount(value) <= max, `${name} 最多 ${max} 個字`);
