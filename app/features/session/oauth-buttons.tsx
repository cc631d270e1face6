// The sign-in providers of GET /env as buttons: each posts to /oauth/login, which starts the attempt (state and
// PKCE in a short-lived cookie) and sends the reader to the provider. A document post (reloadDocument), so it works
// before hydration and the browser follows the redirect to the provider's own page.
import { Form } from "react-router";

export interface OAuthButtonProvider {
  id: string;
  name: string;
}

export function OAuthButtons({ providers }: { providers: readonly OAuthButtonProvider[] }) {
  if (providers.length === 0) return null;
  return (
    <section className="mt-8 border-t border-line pt-6" aria-labelledby="oauth-title">
      <h2 id="oauth-title" className="text-lg font-bold mt-0">
        其他登入方式
      </h2>
      <Form method="post" action="/oauth/login" reloadDocument className="grid gap-3">
        {providers.map((provider) => (
          <button
            key={provider.id}
            type="submit"
            name="provider"
            value={provider.id}
            className="btn-outline h-control-lg"
          >
            使用{provider.name}繼續
          </button>
        ))}
      </Form>
      <p className="mt-3 mb-0 text-sm text-ink-muted">第一次使用時，會請您填寫姓名以完成註冊。</p>
    </section>
  );
}
