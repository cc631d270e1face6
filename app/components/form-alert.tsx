// A form's message as a whole, read out when it appears (role=alert): what the server refused that belongs to no
// one field, how many fields need fixing (their messages sit under them), and a note such as cleared passwords.
/** The note of a refused form that does not send the passwords back. */
export const PASSWORDS_CLEARED = "為了安全，密碼欄位已清空，請重新輸入。";

interface FormAlertProps {
  id?: string;
  message?: string;
  fieldErrorCount?: number;
  note?: string;
}

export function FormAlert({ id, message, fieldErrorCount = 0, note }: FormAlertProps) {
  const lines = [
    message,
    fieldErrorCount > 0 ? `有 ${fieldErrorCount} 個欄位需要修正，請見欄位下方的說明。` : undefined,
    note,
  ].filter((line): line is string => !!line);
  if (lines.length === 0) return null;
  return (
    <div id={id} role="alert" className="my-4 grid gap-1 border border-error text-error px-4 py-3">
      {lines.map((line) => (
        <p key={line} className="m-0">
          {line}
        </p>
      ))}
    </div>
  );
}
