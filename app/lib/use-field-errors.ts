// A form's field messages in the browser: the action's after a post (they stay until the form is sent again: some,
// like an e-mail already registered, only the API can tell), and the browser's own check when the form is submitted
// (a form that fails it is not sent), whose messages are checked again as the reader leaves a field, so a fixed field
// loses its message. Without JavaScript the action's check is the only one; its messages come with the page.
import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { type FieldErrors, hasFieldErrors } from "./field-errors";

interface ShownErrors<Field extends string> {
  errors: FieldErrors<Field>;
  /** The messages are the action's reply (not the browser's check). */
  fromServer: boolean;
}

/** Moves focus to the first field (in the form's order) that has a message. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors<string>) {
  for (const element of Array.from(form?.elements ?? [])) {
    if ((element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.name in errors) {
      element.focus();
      return;
    }
  }
}

export function useFieldErrors<Field extends string>(
  reply: { errors: FieldErrors<Field> } | undefined,
  check: (form: FormData) => FieldErrors<Field>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState<ShownErrors<Field>>({ errors: reply?.errors ?? {}, fromServer: !!reply });

  // A new reply from the action: show its messages and take the reader to the first field to fix.
  useEffect(() => {
    setShown({ errors: reply?.errors ?? {}, fromServer: !!reply });
    if (reply) focusFirstInvalid(formRef.current, reply.errors);
  }, [reply]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = check(new FormData(event.currentTarget));
    setShown({ errors, fromServer: false });
    if (hasFieldErrors(errors)) {
      event.preventDefault();
      focusFirstInvalid(event.currentTarget, errors);
    }
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (shown.fromServer || !hasFieldErrors(shown.errors)) return;
    // Leaving a field for the submit button: the submit checks again. Dropping messages now would move the button
    // from under the pointer between mouse down and up, and the click would be lost.
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === event.currentTarget) return;
    const now = check(new FormData(event.currentTarget));
    const still: FieldErrors<Field> = {};
    for (const field of Object.keys(shown.errors) as Field[]) {
      if (now[field]) still[field] = now[field];
    }
    setShown({ errors: still, fromServer: false });
  };

  return {
    errors: shown.errors,
    fromServer: shown.fromServer,
    formProps: { ref: formRef, noValidate: true, onSubmit, onBlur },
  };
}
