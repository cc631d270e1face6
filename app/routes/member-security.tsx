// /member/security (member layout): change the password, the sign-in providers linked to the account (unlinking
// one), and signing out of every other device. Three plain forms posting to the one action, told apart by `intent`,
// so all of it works before hydration. Linking a provider goes through the provider's sign-in page (a 連結 button posts
// to /oauth/login, see app/routes/oauth-login.tsx), which returns here with ?linked=<provider>.
import { data, type ShouldRevalidateFunction } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { LinkedIdentities, UNLINK_INTENT, type UnlinkReply } from "~/features/account/linked-identities";
import {
  checkPasswordChange,
  PASSWORD_INTENT,
  PasswordChangeForm,
  type PasswordChangeReply,
  readPasswordChange,
} from "~/features/account/password-change-form";
import { REVOKE_INTENT, type RevokeReply, SignOutOthers } from "~/features/account/sign-out-others";
import { signInAgainIfEnded } from "~/features/session/sign-in-first.server";
import { API_CODE } from "~/http/api-codes";
import { available, submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { formText, hasFieldErrors } from "~/lib/field-errors";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { isOfflineReply, OFFLINE_NOT_SENT, sendUnlessOffline } from "~/lib/offline-submission";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/member-security";

type SecurityReply = PasswordChangeReply | UnlinkReply | RevokeReply;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const [identities, env] = await Promise.all([
    available(api.GET("/member/identities"), "identities"),
    available(api.GET("/env"), "env"),
  ]);
  const linkedNow = new URL(request.url).searchParams.get("linked");
  return { identities, providers: env?.oauth_providers ?? [], linkedNow };
}

async function changePassword(request: Request, form: FormData, api: ReturnType<typeof serverApi>) {
  const reply = (r: Omit<PasswordChangeReply, "intent">, status = 200) =>
    data<SecurityReply>({ intent: PASSWORD_INTENT, ...r }, { status });
  const errors = checkPasswordChange(form);
  if (hasFieldErrors(errors)) return reply({ errors }, 400);
  const { current, next } = readPasswordChange(form);
  const changed = signInAgainIfEnded(
    request,
    await submitted(api.POST("/member/password", { body: { current_password: current, new_password: next } })),
  );
  if (changed.ok) return reply({ errors: {}, changed: true });
  // The fields were checked above, so invalid input now means the current password is wrong.
  return changed.code === API_CODE.invalidInput
    ? reply({ errors: { current_password: changed.message } }, changed.status)
    : reply({ errors: {}, formError: changed.message }, changed.status);
}

async function unlink(request: Request, form: FormData, api: ReturnType<typeof serverApi>) {
  const provider = formText(form, "provider");
  const unlinked = signInAgainIfEnded(
    request,
    await submitted(api.DELETE("/member/identities/{provider}", { params: { path: { provider } } })),
  );
  const reply: UnlinkReply = unlinked.ok
    ? { intent: UNLINK_INTENT, provider, ok: true, message: "已解除連結" }
    : { intent: UNLINK_INTENT, provider, ok: false, message: unlinked.message };
  return data<SecurityReply>(reply, { status: unlinked.ok ? 200 : unlinked.status });
}

async function revokeOthers(request: Request, api: ReturnType<typeof serverApi>) {
  const revoked = signInAgainIfEnded(request, await submitted(api.POST("/member/sessions/revoke-others")));
  const reply: RevokeReply = revoked.ok
    ? { intent: REVOKE_INTENT, ok: true, revoked: revoked.data.revoked }
    : { intent: REVOKE_INTENT, ok: false, message: revoked.message };
  return data<SecurityReply>(reply, { status: revoked.ok ? 200 : revoked.status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = serverApi(request, context);
  switch (formText(form, "intent")) {
    case PASSWORD_INTENT:
      return changePassword(request, form, api);
    case UNLINK_INTENT:
      return unlink(request, form, api);
    case REVOKE_INTENT:
      return revokeOthers(request, api);
    default:
      throw data(null, { status: 400 });
  }
}

/** What each of the page's forms says when the connection lost it (lib/offline-submission.ts). */
function offlineReply(form: FormData): SecurityReply {
  const intent = formText(form, "intent");
  if (intent === UNLINK_INTENT) {
    return { intent, provider: formText(form, "provider"), ok: false, message: OFFLINE_NOT_SENT };
  }
  if (intent === REVOKE_INTENT) return { intent, ok: false, message: OFFLINE_NOT_SENT };
  return { intent: PASSWORD_INTENT, errors: {}, formError: OFFLINE_NOT_SENT };
}

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(request, serverAction, offlineReply);

// A refused unlink (a 4xx) still reloads the list: the refusal may say the provider was unlinked meanwhile. A form the
// connection lost reloads nothing: the loaders would fail the same way.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  !isOfflineReply(actionResult) && (formData?.get("intent") === UNLINK_INTENT || defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: routeTitle("member-security"),
    description: "變更密碼、管理第三方登入與登出其他裝置。",
  });

export default function MemberSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { identities, providers, linkedNow } = loaderData;
  return (
    <section aria-labelledby="page-title" className="grid gap-10">
      <h1 id="page-title" className="font-serif text-2xl font-bold m-0">
        {routeTitle("member-security")}
      </h1>
      <PasswordChangeForm reply={actionData?.intent === PASSWORD_INTENT ? actionData : undefined} />
      {identities ? (
        <LinkedIdentities
          identities={identities}
          providers={providers}
          reply={actionData?.intent === UNLINK_INTENT ? actionData : undefined}
          linkedNow={linkedNow}
        />
      ) : (
        <DataUnavailable />
      )}
      <SignOutOthers reply={actionData?.intent === REVOKE_INTENT ? actionData : undefined} />
    </section>
  );
}
