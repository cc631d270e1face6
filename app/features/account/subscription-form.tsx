// The newsletter topics as checkboxes in one form. Before hydration it is a plain form post with a save button;
// once hydrated each toggle saves at once through a fetcher, and a status line says 儲存中… then 已儲存 (read out
// by screen readers). A failed save shows the API's message and leaves every box as the reader set it.
import { useId } from "react";
import { useFetcher } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import type { components } from "~/lib/api/schema";

type Subscription = components["schemas"]["Subscription"];

/** What the route's action answers: saved, or the API's message with the topics the reader chose. */
export type SubscriptionSaveResult = { ok: true } | { ok: false; error: string; topics: string[] };

export function SubscriptionForm({
  subscriptions,
  result,
}: {
  subscriptions: readonly Subscription[];
  /** The answer to a plain form post (before hydration); fetcher saves bring their own. */
  result: SubscriptionSaveResult | undefined;
}) {
  const fetcher = useFetcher<SubscriptionSaveResult>();
  const statusId = useId();
  const latest = fetcher.data ?? result;
  const saving = fetcher.state !== "idle";
  // After a refused plain post the boxes show what the reader chose, not what is stored.
  const chosen = result && !result.ok ? new Set(result.topics) : undefined;
  return (
    <fetcher.Form method="post" aria-describedby={statusId}>
      <fieldset className="border-0 m-0 p-0">
        <legend className="font-bold mb-3">選擇您想收到的電子報</legend>
        <ul className="list-none m-0 p-0 grid gap-3 max-w-2xl">
          {subscriptions.map((s) => (
            <li key={s.topic} className="border border-line bg-surface">
              <label className="flex items-start gap-3 p-4 cursor-pointer">
                <input
                  type="checkbox"
                  name="topics"
                  value={s.topic}
                  defaultChecked={chosen ? chosen.has(s.topic) : s.subscribed}
                  onChange={(event) => fetcher.submit(event.currentTarget.form)}
                  className="mt-1 h-5 w-5 shrink-0 accent-[var(--c-primary)]"
                />
                <span>
                  <span className="block font-bold">{s.name}</span>
                  <span className="block text-sm text-ink-muted">{s.description}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <BusySubmitButton className="btn-primary" busy={saving}>
          儲存設定
        </BusySubmitButton>
        <p id={statusId} role="status" className="m-0 min-h-6" data-testid="subscription-status">
          {saving ? (
            "儲存中…"
          ) : latest?.ok ? (
            <span className="font-bold">已儲存</span>
          ) : latest ? (
            <span className="text-error font-bold">{latest.error}</span>
          ) : null}
        </p>
      </div>
    </fetcher.Form>
  );
}
