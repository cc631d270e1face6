// Sign-in providers (OAuth 2.0 authorization code with an OpenID-style userinfo endpoint), configured by the
// OAUTH_PROVIDERS variable (`config.oauthProviders`): a JSON array; a secret in production since it holds client
// secrets.
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

/** The OAUTH_PROVIDERS variable, parsed from JSON and validated with the rest in worker/config.ts. */
export const oauthProvidersSchema = z.array(providerSchema).max(10);

/** The configured provider of that id; code 2 when there is none. */
export function findProvider(providers: readonly OAuthProviderConfig[], id: string): OAuthProviderConfig {
  const provider = providers.find((p) => p.id === id);
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

/** The origins of the providers' sign-in pages (the storefront's CSP lets the provider buttons lead there). */
export function signInOrigins(providers: readonly OAuthProviderConfig[]): string[] {
  return [...new Set(providers.map((p) => new URL(p.authorize_url).origin))];
}
