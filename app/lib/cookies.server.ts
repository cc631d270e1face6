// The two cookies of SPEC §3 (names fixed): the member token and the return address after login.
export const TOKEN_COOKIE = "bookstore_token";
export const RETURN_URL_COOKIE = "bookstore_return_url";

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function returnUrlCookie(request: Request, path: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${RETURN_URL_COOKIE}=${encodeURIComponent(path)}; Path=/; Max-Age=86400; SameSite=Lax; HttpOnly${secure}`;
}
