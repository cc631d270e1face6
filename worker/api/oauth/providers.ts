// Sign-in providers (OAuth 2.0 authorization code with an OpenID-style userinfo endpoint), configured by the
// OAUTH_PROVIDERS variable: a JSON array; set it as a secret in production since it holds client secrets.
import { z } from "zod";
import { invalidInput } from "../envelope";
import type { Schemas } from "../types";

const httpUrl = z.url({ protocol: /^https?$/ });

const providerSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,19}$/),
  name: z.string().min(1).max(20),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  authorize_url: httpUrl,
  token_url: httpUrl,
  userinfo_url: httpUrl,
  scope: z.string().default("openid profile email"),
});

export type OAuthProviderConfig = z.output<typeof providerSchema>;

const providersSchema = z.array(providerSchema).max(10);

const cache = new Map<string, OAuthProviderConfig[]>();

/** The configured providers; a broken configuration is the operator's error and fails loudly. */
export function oauthProviders(raw: string | undefined): OAuthProviderConfig[] {
  const text = raw?.trim() || "[]";
  const cached = cache.get(text);
  if (cached) return cached;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("OAUTH_PROVIDERS is not valid JSON");
  }
  const parsed = providersSchema.safeParse(json);
  if (!parsed.success) throw new Error(`OAUTH_PROVIDERS is invalid: ${z.prettifyError(parsed.error)}`);
  cache.set(text, parsed.data);
  return parsed.data;
}

/** The configured provider of that id; code 2 when there is none. */
export function findProvider(raw: string | undefined, id: string): OAuthProviderConfig {
  const provider = oauthProviders(raw).find((p) => p.id === id);
  if (!provider) throw invalidInput("不支援這個登入方式");
  return provider;
}

/** What the storefront needs to show a button: the sign-in page without redirect_uri and state. */
export function publicProvider(p: OAuthProviderConfig): Schemas["OAuthProvider"] {
  const url = new URL(p.authorize_url);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", p.client_id);
  url.searchParams.set("scope", p.scope);
  return { id: p.id, name: p.name, authorize_url: url.href };
}
