// A one-line text field of a request body (checkout, saved recipients), by the domain's rules for plain text
// (app/domain/plain-text.ts): tidied at both ends, no control characters, at most `max` characters. A field whose
// form has its own wording for a value past its length (checkout-form-fields.ts) gives it as `tooLong`.
import { z } from "zod";
import { characterCount, controlCharacterMessage, hasControlCharacter, tidyText } from "~/domain/plain-text";

export const textField = (name: string, max: number, tooLong?: (value: string) => string | undefined) => {
  const lengthMessage = `${name} 最多 ${max} 個字`;
  return z
    .string({ error: `${name} 必須是文字` })
    .overwrite(tidyText)
    .refine((value) => !hasControlCharacter(value), controlCharacterMessage(name))
    .refine(
      (value) => characterCount(value) <= max,
      tooLong ? { error: (issue) => tooLong(String(issue.input)) ?? lengthMessage } : lengthMessage,
    );
};
