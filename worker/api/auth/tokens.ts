// Session tokens: 32 random bytes, base64url; the database keeps only their SHA-256.
import { sha256Hex } from "~/domain/sha256";

export const SESSION_SECONDS = 24 * 60 * 60;

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export async function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}
