// The page's address as an analytics service may see it: without the query parameters that name a person or an
// order, and without any parameter (or fragment) that holds an e-mail address, whatever its name. The same rule twice:
// as a function for the app (app/lib/analytics.ts) and as the text of a function for the inline tag the worker writes
// before any module loads (page-location-script.ts, kept apart so the browser bundle never carries it);
// page-location.test.ts runs both on the same addresses.

/** Query parameters that name a person or an order (/order-complete's and /member/orders' numbers). */
export const PERSONAL_PARAMS = ["email", "order_no", "no"] as const;

/** An e-mail address, or anything like one, inside a decoded value. */
export const EMAIL_LIKE = /[^\s@]@[^\s@]/;

/** `href` without the personal parameters and e-mail addresses; "" when it is no address at all. */
export function cleanedLocation(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "";
  }
  const personal: readonly string[] = PERSONAL_PARAMS;
  const dropped = [...url.searchParams].filter(([name, value]) => personal.includes(name) || EMAIL_LIKE.test(value));
  for (const [name] of dropped) url.searchParams.delete(name);
  if (EMAIL_LIKE.test(safeDecode(url.hash))) url.hash = "";
  return url.href;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
