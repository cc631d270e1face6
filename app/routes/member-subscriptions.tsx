// /member/subscriptions (member layout): the newsletter topics, each a checkbox that saves (see SubscriptionForm).
// The action takes a plain form post too, so it works before hydration.
import { data } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { SubscriptionForm, type SubscriptionSaveResult } from "~/features/account/subscription-form";
import { signInAgainIfEnded } from "~/features/session/sign-in-first.server";
import { available, submitted } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/member-subscriptions";

type SubscriptionTopic = components["schemas"]["SubscriptionTopic"];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Awaited, not deferred: the checkboxes must be in the first HTML (no-JavaScript form) and must not be remounted
  // by a revalidation after a save, which would throw away what the reader just ticked.
  return { subscriptions: await available(serverApi(request, context).GET("/member/subscriptions"), "subscriptions") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const topics = form.getAll("topics").map(String);
  // The API checks the topics and answers in Chinese when one is not a topic.
  const body = { topics: topics as SubscriptionTopic[] };
  const saved = signInAgainIfEnded(
    request,
    await submitted(serverApi(request, context).PUT("/member/subscriptions", { body })),
  );
  if (!saved.ok) {
    return data<SubscriptionSaveResult>({ ok: false, error: saved.message, topics }, { status: saved.status });
  }
  return data<SubscriptionSaveResult>({ ok: true });
}

// Sent while the connection is down: the form stays with what was typed, and says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(
    request,
    serverAction,
    (form): SubscriptionSaveResult => ({
      ok: false,
      error: OFFLINE_NOT_SENT,
      topics: form.getAll("topics").map(String),
    }),
  );

export const shouldRevalidate = skipRevalidationAfterOffline;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: routeTitle("member-subscriptions"),
    description: "選擇您想收到的新書快訊、優惠與活動電子報。",
  });

export default function MemberSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions } = loaderData;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-4">
        {routeTitle("member-subscriptions")}
      </h1>
      {!subscriptions ? (
        <DataUnavailable />
      ) : subscriptions.length === 0 ? (
        <p className="text-ink-muted" data-testid="subscriptions-empty">
          目前沒有可訂閱的電子報。
        </p>
      ) : (
        <SubscriptionForm subscriptions={subscriptions} result={actionData} />
      )}
    </section>
  );
}
