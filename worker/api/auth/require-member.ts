// Routes behind this middleware need `Authorization: Bearer <token>` of a live session (else code 3).
import { createMiddleware } from "hono/factory";
import { unauthenticated } from "../envelope";
import { memberOfToken } from "../queries/members";
import type { ApiEnv } from "../types";
import { bearerToken } from "./bearer-token";

interface MemberEnv extends ApiEnv {
  Variables: { memberId: number; token: string };
}

interface OptionalMemberEnv extends ApiEnv {
  Variables: { memberId: number | null };
}

export const requireMember = createMiddleware<MemberEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  const memberId = token ? await memberOfToken(c.env.DB, token) : null;
  if (!token || !memberId) throw unauthenticated();
  c.set("memberId", memberId);
  c.set("token", token);
  await next();
});

/** For public routes that read the member when there is one (e.g. a quote knows which coupons they have used). */
export const optionalMember = createMiddleware<OptionalMemberEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  c.set("memberId", token ? await memberOfToken(c.env.DB, token) : null);
  await next();
});
