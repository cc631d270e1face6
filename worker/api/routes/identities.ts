// /member/identities: the provider accounts a signed-in member has linked (the security page), linking one with
// an authorization code, and unlinking. Linking is the only way a provider account joins an existing member.
import { Hono } from "hono";
import { z } from "zod";
import { NO_PASSWORD } from "../auth/password";
import { requireMember } from "../auth/require-member";
import { conflict, notFound, ok } from "../envelope";
import { exchangeCode } from "../oauth/exchange";
import { exchangeBody } from "../oauth/exchange-input";
import { findProvider, type OAuthProviderConfig } from "../oauth/providers";
import { type LinkedIdentity, linkIdentity, listIdentities, unlinkIdentity } from "../queries/oauth";
import type { ApiEnv, Schemas } from "../types";
import { validate } from "../validation";

const providerParam = z.object({
  provider: z.string().regex(/^[a-z][a-z0-9-]{1,19}$/, "不支援這個登入方式"),
});

/** The link as the contract shows it, named as the sign-in button names its provider. */
function shown(identity: LinkedIdentity, names: Map<string, string>): Schemas["LinkedIdentity"] {
  return { ...identity, provider_name: names.get(identity.provider) ?? identity.provider };
}

const providerNames = (providers: readonly OAuthProviderConfig[]) => new Map(providers.map((p) => [p.id, p.name]));

export const identityRoutes = new Hono<ApiEnv>()
  .get("/identities", requireMember, async (c) => {
    const names = providerNames(c.env.config.oauthProviders);
    return ok(
      c,
      (await listIdentities(c.env.DB, c.var.memberId)).map((identity) => shown(identity, names)),
    );
  })
  .post("/identities/link", requireMember, validate("json", exchangeBody), async (c) => {
    const body = c.req.valid("json");
    const provider = findProvider(c.env.config.oauthProviders, body.provider);
    const identity = await exchangeCode(provider, body, c.env.config.oauthTimeoutMs);
    const result = await linkIdentity(c.env.DB, c.var.memberId, provider.id, identity);
    if (result === "other-member") throw conflict(`這個${provider.name}帳號已連結其他會員，無法連結`);
    if (result === "provider-taken") {
      throw conflict(`您已連結另一個${provider.name}帳號，請先解除連結`);
    }
    const linked = (await listIdentities(c.env.DB, c.var.memberId)).find((i) => i.provider === provider.id);
    if (!linked) throw notFound("找不到這個連結");
    return ok(
      c,
      shown(linked, providerNames(c.env.config.oauthProviders)),
      result === "linked" ? "已連結" : "已經連結過了",
    );
  })
  .delete("/identities/:provider", requireMember, validate("param", providerParam), async (c) => {
    const { provider } = c.req.valid("param");
    const result = await unlinkIdentity(c.env.DB, c.var.memberId, provider, NO_PASSWORD);
    if (result === "not-linked") throw notFound("您沒有連結這個登入方式");
    if (result === "last-way-in") {
      throw conflict("這是您唯一的登入方式，請先以「忘記密碼」設定密碼，再解除連結");
    }
    return ok(c, null, "已解除連結");
  });
