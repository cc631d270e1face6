// The member token of `Authorization: Bearer <token>` (the proxy turns the reader's cookie into it), or null.
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(header ?? "");
  return match?.[1] ?? null;
}
