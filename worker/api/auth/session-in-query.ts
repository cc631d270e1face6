// The member's own reads that a page makes on every load (the member layout's profile, the order list) resolve the
// session inside their own query: one D1 round trip instead of two (requireMember's look-up, then the read). A
// profile of the built worker under a member's /member/orders load found D1's round trips the largest part of it.
// The rule is requireMember's: a live session of the token, else code 3.
import { createMiddleware } from "hono/factory";
import { unauthenticated } from "../envelope";
import type { ApiEnv } from "../types";
import { bearerToken } from "./bearer-token";
import { tokenHash } from "./tokens";

/** The session a request names: its token's hash, and the time its expiry is compared with. */
export interface SessionRef {
  tokenHash: string;
  now: number;
}

interface SessionEnv extends ApiEnv {
  Variables: { session: SessionRef };
}

/**
 * The member's id in SQL, for a query bound with the session's hash at `?{at}` and the time at `?{at + 1}`: null
 * when the session has ended or never was.
 */
export const memberOfSessionSql = (at: number) =>
  `(SELECT member_id FROM sessions WHERE token_hash = ?${at} AND expires_at > ?${at + 1})`;

/** Routes behind this middleware read `c.var.session` in their own query and answer code 3 when it names no one. */
export const requireSessionToken = createMiddleware<SessionEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthenticated();
  c.set("session", { tokenHash: await tokenHash(token), now: Date.now() });
  await next();
});
