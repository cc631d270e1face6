// CSRF: the member's cookie is SameSite=Lax, which still lets another site's top-level navigation carry it (a GET
// that ends the session) and leaves writes to whatever a browser decides. So every write (POST, PUT, PATCH, DELETE:
// the API's and the pages' form actions alike) and the one GET that changes state (SPEC §7's logout) must come from
// this site. The rule reads what browsers send: a request is refused when its Origin is another origin (or "null"),
// or when Sec-Fetch-Site says cross-site or same-site. A request with neither header is not a browser's (the
// contract tests, curl, a server): it goes on, as nothing could make a reader's browser send it. Exempt: the payment
// gateway's calls back, which arrive from NewebPay by design and are verified by their signature (TradeSha).
import { createMiddleware } from "hono/factory";
import { log } from "~/lib/log.server";
import { refuse } from "../refusal";
import type { WorkerEnv } from "../types";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** GETs that change state: the logout of SPEC §7 ends the session. */
const STATE_CHANGING_GETS = new Set(["/api/frontend/member/logout"]);

/** Calls that other sites make by design, each verified by its signature instead (worker/api/routes/newebpay.ts). */
export const SIGNED_CROSS_SITE_CALLS = new Set([
  "/api/frontend/payment/newebpay/notify",
  "/api/frontend/payment/newebpay/return",
  "/api/frontend/payment/newebpay/customer",
]);

/** Whether `method path` must come from this site (`path` as routed, percent-escapes decoded). */
export function needsSameOrigin(method: string, path: string): boolean {
  if (SIGNED_CROSS_SITE_CALLS.has(path)) return false;
  return WRITES.has(method) || ((method === "GET" || method === "HEAD") && STATE_CHANGING_GETS.has(path));
}

/** Whether the browser says the request comes from somewhere other than `ownOrigins`. */
export function comesFromElsewhere(headers: Headers, ownOrigins: readonly string[]): boolean {
  const origin = headers.get("Origin");
  if (origin !== null && !ownOrigins.includes(origin)) return true;
  const site = headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}

/**
 * This site's origins: the one the request came to, and SITE_URL's when it is set (a browser cannot send another
 * site's request with the Origin of the site it is sent to, so accepting the request's own origin is safe).
 */
function ownOrigins(url: string, siteUrl: string): string[] {
  const own = new URL(url).origin;
  return siteUrl ? [own, new URL(siteUrl).origin] : [own];
}

export const sameOriginWrites = createMiddleware<WorkerEnv>(async (c, next) => {
  if (!needsSameOrigin(c.req.method, c.req.path)) return next();
  const headers = c.req.raw.headers;
  if (!comesFromElsewhere(headers, ownOrigins(c.req.url, c.get("config").siteUrl))) return next();
  log.warn("same-origin", {
    method: c.req.method,
    path: c.req.path,
    origin: headers.get("Origin"),
    sec_fetch_site: headers.get("Sec-Fetch-Site"),
  });
  return refuse(c, 403, "拒絕來自其他網站的請求：請回到本站重新操作", {
    title: "無法處理這項請求",
    text: "這項請求不是從本站送出的，為了保護您的帳號，我們沒有處理。請回到本站重新操作。",
  });
});
