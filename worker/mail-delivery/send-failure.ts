// What a refusal of the send_email binding means for the mail: Cloudflare Email Sending throws an Error with a
// `.code`. Limits and the service's own errors pass: the mail is retried with backoff. A mail the service will never
// take (bad fields or headers, a suppressed recipient, a sender not verified) fails at once. The local binding's
// errors carry no code: retried, as an unknown error is.

const PERMANENT = new Set([
  "E_VALIDATION_ERROR",
  "E_FIELD_MISSING",
  "E_TOO_MANY_RECIPIENTS",
  "E_SENDER_NOT_VERIFIED",
  "E_RECIPIENT_NOT_ALLOWED",
  "E_RECIPIENT_SUPPRESSED",
  "E_SENDER_DOMAIN_NOT_AVAILABLE",
  "E_CONTENT_TOO_LARGE",
]);

/** The error's `.code`, if it has a text one. */
function codeOf(error: unknown): string | null {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : null;
}

/** Whether retrying cannot help: the service refused the mail itself, not for the moment. */
export function isPermanent(error: unknown): boolean {
  const code = codeOf(error);
  return code !== null && (PERMANENT.has(code) || code.startsWith("E_HEADER_"));
}

/** Anything shaped like an e-mail address, as the service may echo the recipient (in any case, in brackets). */
const ADDRESS = /[^\s<>@"'(),;:]+@[^\s<>@"'(),;:]+/g;

/**
 * The reason kept on the row and logged: the code and message with every address taken out (the recipient's or any
 * other), at most 300 characters.
 */
export function failureReason(error: unknown): string {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const text = `${code ? `${code}: ` : ""}${message}`.replace(ADDRESS, "<address>");
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
