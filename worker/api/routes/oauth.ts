// Sign-in through another provider: the code from /oauth/login is exchanged here; a reader without a member
// account gets a ticket to finish signing up on /oauth/register.
import { Hono } from "hono";
import { z } from "zod";
import { NO_PASSWORD } from "../auth/password";
import { newToken } from "../auth/tokens";
import { conflict, invalidInput, ok } from "../envelope";
import { email, memberName } from "../member-fields";
import { exchangeCode } from "../oauth/exchange";
import { exchangeBody } from "../oauth/exchange-input";
import { oauthProviders } from "../oauth/providers";
import { createMember, createSession } from "../queries/members";
import { createTicket, findTicket, linkIdentity, memberOfIdentity } from "../queries/oauth";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const completeBody = z.object({
  ticket: z.string({ error: "缺少註冊憑證" }).regex(/^[A-Za-z0-9_-]{16,128}$/, "註冊憑證無效，請重新以第三方帳號登入"),
  email,
  name: memberName,
});

export const oauthRoutes = new Hono<ApiEnv>()
  .post("/exchange", validate("json", exchangeBody), async (c) => {
    const body = c.req.valid("json");
    const provider = oauthProviders(c.env.OAUTH_PROVIDERS).find((p) => p.id === body.provider);
    if (!provider) throw invalidInput("不支援這個登入方式");
    const identity = await exchangeCode(provider, body.code, body.redirect_uri);
    const memberId = await memberOfIdentity(c.env.DB, provider.id, identity.subject);
    if (memberId !== null) {
      return ok(c, { status: "signed_in" as const, ...(await createSession(c.env.DB, memberId)) });
    }
    const ticket = newToken();
    const expiresAt = await createTicket(c.env.DB, ticket, { provider: provider.id, ...identity });
    return ok(c, {
      status: "registration_required" as const,
      ticket,
      provider: provider.id,
      email: identity.email,
      name: identity.name,
      expires_at: expiresAt,
    });
  })
  .post("/complete", validate("json", completeBody), async (c) => {
    const body = c.req.valid("json");
    const ticket = await findTicket(c.env.DB, body.ticket);
    if (!ticket) throw invalidInput("註冊憑證已過期，請重新以第三方帳號登入");
    // No password: the member signs in through the provider, or sets one later with /recovery.
    const memberId = await createMember(c.env.DB, { email: body.email, name: body.name, passwordHash: NO_PASSWORD });
    if (!memberId) throw conflict("這個電子郵件已經註冊過了，請以電子郵件與密碼登入");
    await linkIdentity(c.env.DB, body.ticket, ticket.provider, ticket.subject, memberId);
    return ok(c, await createSession(c.env.DB, memberId));
  });
