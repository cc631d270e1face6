// A form's messages per field, as its action returns them and its page shows them. Framework-free.

/** Each field with something wrong, and what (a message for people, in Chinese). */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The fields whose check found something, in the order they were checked (the order of the form). */
export function fieldErrors<Field extends string>(checks: Record<Field, string | undefined>): FieldErrors<Field> {
  const found: FieldErrors<Field> = {};
  for (const [field, message] of Object.entries(checks) as [Field, string | undefined][]) {
    if (message) found[field] = message;
  }
  return found;
}

export function hasFieldErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/** A text field of a posted form ("" when it is missing). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
