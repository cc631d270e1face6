// /member/sessions: signing out of every other device (the security page); the current session stays.
import { Hono } from "hono";
import { requireMember } from "../auth/require-member";
import { tokenHash } from "../auth/tokens";
import { ok } from "../envelope";
import { endOtherSessions } from "../queries/members";
import type { ApiEnv } from "../types";

export const sessionRoutes = new Hono<ApiEnv>().post("/sessions/revoke-others", requireMember, async (c) => {
  const revoked = await endOtherSessions(c.env.DB, c.var.memberId, await tokenHash(c.var.token));
  return ok(c, { revoked }, revoked > 0 ? `已登出其他 ${revoked} 個裝置` : "沒有其他登入中的裝置");
});
