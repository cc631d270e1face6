// The input of an authorization-code exchange (sign-in and linking alike), checked without ever throwing.
import { z } from "zod";

/** The path of an absolute URL, or null when the text is not one (never throws, unlike `new URL`). */
export function urlPathname(text: string): string | null {
  try {
    return new URL(text).pathname;
  } catch {
    return null;
  }
}

export const exchangeBody = z.strictObject({
  provider: z.string({ error: "請指定登入方式" }).regex(/^[a-z][a-z0-9-]{1,19}$/, "不支援這個登入方式"),
  code: z.string({ error: "缺少授權碼" }).min(1, "缺少授權碼").max(2048, "授權碼太長"),
  redirect_uri: z
    .url({ protocol: /^https?$/, error: "redirect_uri 必須是網址" })
    .max(2048, "redirect_uri 太長")
    // zod runs refinements even after the checks above failed, so this one must cope with any string.
    .refine((uri) => urlPathname(uri) === "/oauth/login", "redirect_uri 必須是本站的 /oauth/login"),
  // PKCE (RFC 7636 §4.1): 43 to 128 unreserved characters; passed on to the provider, which checks the challenge.
  code_verifier: z
    .string({ error: "code_verifier 必須是文字" })
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, "code_verifier 格式不正確")
    .optional(),
});
