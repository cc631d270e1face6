// The security page's sign-in providers: those linked to the account, each with a 解除連結 button (a plain form
// post to the page's action), and the configured ones not linked yet, each with a 連結 button (a document post to
// /oauth/login with intent=link, which goes to the provider and comes back to this page with ?linked=<provider>).
// The API refuses to unlink the only way in; its message is shown beside that provider.

import { Form } from "react-router";
import { OAUTH_LINK_INTENT } from "~/features/session/oauth-sign-in";
import type { components } from "~/lib/api/schema";
import { useSubmittedForm } from "~/lib/form-submission";
import { formatDateTime } from "~/lib/format";

type LinkedIdentity = components["schemas"]["LinkedIdentity"];
type OAuthProvider = components["schemas"]["OAuthProvider"];

export const UNLINK_INTENT = "unlink";

/** What the page's action answers to an unlink: done, or the API's refusal, with its message either way. */
export interface UnlinkReply {
  intent: typeof UNLINK_INTENT;
  provider: string;
  ok: boolean;
  message: string;
}

export function LinkedIdentities({
  identities,
  providers,
  reply,
  linkedNow,
}: {
  identities: readonly LinkedIdentity[];
  /** The configured providers (GET /env). */
  providers: readonly OAuthProvider[];
  reply: UnlinkReply | undefined;
  /** The provider a linking attempt has just linked (the page's ?linked=), if any. */
  linkedNow?: string | null;
}) {
  const unlinking = useSubmittedForm(UNLINK_INTENT)?.get("provider") ?? null;
  const linked = new Set(identities.map((i) => i.provider));
  const notLinked = providers.filter((p) => !linked.has(p.id));
  // An unlink that succeeded, or was refused for a provider no longer listed (e.g. unlinked in another tab): its
  // provider is not in the list, so its message stands above it.
  const done = reply?.ok ? reply : undefined;
  const unlisted = reply && !reply.ok && !linked.has(reply.provider) ? reply : undefined;
  const justLinked = !reply && linkedNow ? identities.find((i) => i.provider === linkedNow) : undefined;
  const status = done?.message ?? (justLinked ? `已連結 ${justLinked.provider_name}` : "");
  return (
    <section aria-labelledby="identities-title" className="max-w-2xl">
      <h2 id="identities-title" className="text-xl font-bold mt-0 mb-3">
        第三方登入
      </h2>
      <p role="status" className="m-0 mb-2 min-h-6 font-bold" data-testid="identities-status">
        {status}
      </p>
      {unlisted && (
        <p role="alert" className="mt-0 mb-3 text-error font-bold">
          {unlisted.message}
        </p>
      )}
      {identities.length === 0 ? (
        <p className="text-ink-muted m-0 mb-3">目前沒有連結任何第三方登入。</p>
      ) : (
        <ul aria-label="已連結的登入方式" className="list-none m-0 mb-4 p-0 grid gap-3">
          {identities.map((identity) => {
            const refusal = reply && !reply.ok && reply.provider === identity.provider ? reply.message : undefined;
            const refusalId = `unlink-${identity.provider}-message`;
            return (
              <li key={identity.provider} className="border border-line bg-surface p-4 grid gap-2">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div>
                    <p className="m-0 font-bold">{identity.provider_name}</p>
                    <p className="m-0 text-sm text-ink-muted">
                      {identity.email ? `${identity.email}，` : ""}
                      {formatDateTime(identity.linked_at)} 連結
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value={UNLINK_INTENT} />
                    <input type="hidden" name="provider" value={identity.provider} />
                    <button
                      type="submit"
                      className="btn-outline h-control-sm"
                      aria-label={`解除連結 ${identity.provider_name}`}
                      aria-describedby={refusal ? refusalId : undefined}
                      disabled={unlinking === identity.provider}
                    >
                      解除連結
                    </button>
                  </Form>
                </div>
                {refusal && (
                  <p id={refusalId} role="alert" className="m-0 text-error font-bold">
                    {refusal}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {notLinked.length > 0 && (
        <>
          <h3 className="text-base font-bold mt-0 mb-2">尚未連結</h3>
          <ul aria-label="尚未連結的登入方式" className="list-none m-0 p-0 grid gap-2">
            {notLinked.map((provider) => (
              <li key={provider.id} className="flex flex-wrap items-center gap-3">
                <span className="font-bold">{provider.name}</span>
                <span className="text-sm text-ink-muted">尚未連結</span>
                <Form method="post" action="/oauth/login" reloadDocument>
                  <input type="hidden" name="intent" value={OAUTH_LINK_INTENT} />
                  <input type="hidden" name="provider" value={provider.id} />
                  <button type="submit" className="btn-outline h-control-sm" aria-label={`連結 ${provider.name}`}>
                    連結
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
