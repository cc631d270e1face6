// Where a reader goes back to after signing in (the return address kept in RETURN_URL_COOKIE, app/http/cookies.ts,
// and the checkout's own): only ever a path on this site. Framework-free and used by the browser too, so it stays
// apart from the cookie reading and writing, which is server-side.

// C0 and C1 control characters, DEL, and the backslash: browsers drop tabs and newlines from URLs and read a
// backslash as a slash, so `/\t/evil.example` or `/\\evil.example` would lead off the site.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are exactly what is refused
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;
// Their percent-encoded forms (%09, %5C, %7F, and %C2%80–%C2%9F, the UTF-8 of U+0080–U+009F), in any case, also
// encoded again (%2509, %25255C), in case something on the way decodes once more.
const UNSAFE_ENCODED = /%(?:25)*(?:[01][0-9a-f]|7f|5c|c2%(?:25)*[89][0-9a-f])/i;

/**
 * A return address is only ever a path on this site (never `//evil.example` or `https://…`), so a crafted link
 * cannot send a member elsewhere after signing in. Anything unusual (control characters, backslashes, or their
 * encoded forms) is refused rather than cleaned.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return fallback;
  if (UNSAFE_CHARACTER.test(value) || UNSAFE_ENCODED.test(value)) return fallback;
  return value;
}
