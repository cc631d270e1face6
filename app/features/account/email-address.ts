// The e-mail address, as every form and the built-in API read and check it: in a file of its own, so a page with no
// e-mail field (the password change) does not load its pattern. Plain functions, no zod: they run in the client bundle.

export const EMAIL_MAX_LENGTH = 254;
/** zod's "practical" e-mail pattern, which the API uses. */
const EMAIL_SHAPE =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** The part before @ of a deliverable address is at most 64 characters (RFC 5321 §4.5.3.1.1). */
export const EMAIL_LOCAL_MAX_LENGTH = 64;

/**
 * An e-mail as typed, the way it is sent: an IME's full-width letters and signs (ｄｅｍｏ＠ｅｘａｍｐｌｅ．ｃｏｍ) read
 * as the ASCII they stand for, surrounding spaces dropped.
 */
export function tidyEmail(value: string): string {
  return value.normalize("NFKC").trim();
}

/** Whether a tidied e-mail has the shape the API accepts, its part before @ included. */
export function isEmailAddress(email: string): boolean {
  return EMAIL_SHAPE.test(email) && email.indexOf("@") <= EMAIL_LOCAL_MAX_LENGTH;
}

/** The e-mail (read as tidyEmail sends it). */
export function checkEmail(value: string): string | undefined {
  const email = tidyEmail(value);
  if (email.length === 0) return "請輸入電子郵件";
  if (email.length > EMAIL_MAX_LENGTH) return "電子郵件太長";
  if (email.indexOf("@") > EMAIL_LOCAL_MAX_LENGTH) return `電子郵件 @ 前面最多 ${EMAIL_LOCAL_MAX_LENGTH} 個字元`;
  if (!isEmailAddress(email)) return "電子郵件格式不正確";
  return undefined;
}
