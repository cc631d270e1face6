// Sign-in through another provider: the code from /oauth/login is exchanged here. A provider account linked to a
// member signs them in. Otherwise a reader whose provider gave a verified e-mail that no member has gets a ticket
// to finish signing up on /oauth/register, with that e-mail; nothing is ever attached to an existing member here
// (a member links a provider from /member/security, see routes/identities.ts).
import { Hono } from "hono";
import { z } from "zod";
import { NO_PASSWORD } from "../auth/password";
import { newToken } from "../auth/tokens";
import { conflict, invalidInput, ok } from "../envelope";
import { handOff } from "../hand-off";
import { memberName } from "../member-fields";
import { exchangeCode } from "../oauth/exchange";
import { exchangeBody } from "../oauth/exchange-input";
import { findProvider } from "../oauth/providers";
import { createSession, findMemberForLogin } from "../queries/members";
import { createMemberWithIdentity, createTicket, memberOfIdentity, ticketIdentity } from "../queries/oauth";
import type { ApiEnv } from "../types";
import { validate } from "../validation";
import { writesFor } from "../writes";

// The e-mail is the provider's (carried by the ticket): a body naming one is refused, not silently ignored.
const TICKET_EXPIRED = "註冊憑證已過期，請重新以第三方帳號登入";

const completeBody = z.strictObject({
  ticket: z.string({ error: "缺少註冊憑證" }).regex(/^[A-Za-z0-9_-]{16,128}$/, "註冊憑證無效，請重新以第三方帳號登入"),
  name: memberName,
});

export const oauthRoutes = new Hono<ApiEnv>()
  .post("/exchange", validate("json", exchangeBody), async (c) => {
    const body = c.req.valid("json");
    const provider = findProvider(c.env.config.oauthProviders, body.provider);
    const identity = await exchangeCode(provider, body, c.env.config.oauthTimeoutMs);
    const memberId = await memberOfIdentity(c.env.DB, provider.id, identity.subject);
    if (memberId !== null) {
      return ok(c, { status: "signed_in" as const, ...(await createSession(c.env.DB, memberId)) });
    }
    if (!identity.email) {
      throw invalidInput(`這個${provider.name}帳號沒有提供已驗證的電子郵件，無法用來註冊，請改以電子郵件註冊`);
    }
    if (await findMemberForLogin(c.env.DB, identity.email)) {
      throw conflict(`這個電子郵件已是本站會員，請以電子郵件與密碼登入後，到「帳號安全」連結${provider.name}帳號`);
    }
    const ticket = newToken();
    const expiresAt = await createTicket(c.env.DB, ticket, {
      provider: provider.id,
      subject: identity.subject,
      email: identity.email,
      name: identity.name,
    });
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
    const identity = await ticketIdentity(c.env.DB, body.ticket);
    if (!identity) throw invalidInput(TICKET_EXPIRED);
    // No password: the member signs in through the provider, or sets one later with /recovery.
    const writes = writesFor(c.env.config);
    const session = await createMemberWithIdentity(c.env.DB, body.ticket, identity, body.name, NO_PASSWORD, writes);
    if (session === "taken") throw conflict("這個電子郵件已經註冊過了，請以電子郵件與密碼登入");
    if (session === "spent") throw invalidInput(TICKET_EXPIRED);
    await handOff(c, writes);
    return ok(c, session);
  });
