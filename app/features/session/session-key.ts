// A non-secret name for the current session, for keying the browser's member data (queries, stored values): the
// first 16 hex characters of the token's SHA-256. The token itself never leaves its HttpOnly cookie; the key travels
// in the readable session marker cookie (SESSION_COOKIE in cookies.ts), set and cleared with it.
import { sha256Hex } from "~/domain/sha256";

const KEY_LENGTH = 16;
const SESSION_KEY = /^[0-9a-f]{16}$/;

export async function sessionKeyOf(token: string | null): Promise<string | null> {
  if (!token) return null;
  return (await sha256Hex(token)).slice(0, KEY_LENGTH);
}

/** A marker's value as a session key: exactly the form `sessionKeyOf` writes, else none. */
export function asSessionKey(value: string | null | undefined): string | null {
  return value && SESSION_KEY.test(value) ? value : null;
}
