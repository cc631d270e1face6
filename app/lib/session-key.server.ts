// A non-secret name for the current session, for keying the browser's member data: the first 16 hex characters of
// the token's SHA-256. The token itself never leaves its HttpOnly cookie.
const KEY_LENGTH = 16;

export async function sessionKeyOf(token: string | null): Promise<string | null> {
  if (!token) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, KEY_LENGTH);
}
