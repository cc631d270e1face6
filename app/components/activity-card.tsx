// An activity in a listing: cover, title, time, place, fee and whether it is still to come; and the pieces the
// activity page shares with it (state badge, place and fee wording).
import type { components } from "~/lib/api/schema";
import { formatPrice, formatTimeRange } from "~/lib/format";
import { CoverCard } from "./cover-card";

type ActivitySummary = components["schemas"]["ActivitySummary"];
type ActivityState = components["schemas"]["ActivityState"];

const ACTIVITY_STATE_LABEL: Record<ActivityState, string> = {
  upcoming: "即將舉辦",
  ongoing: "進行中",
  ended: "已結束",
};

export function activityFee(fee: number): string {
  return fee > 0 ? formatPrice(fee) : "免費";
}

export function activityPlace(activity: Pick<ActivitySummary, "is_online" | "venue">): string {
  return activity.is_online ? "線上活動" : activity.venue;
}

export function ActivityStateBadge({ state }: { state: ActivityState }) {
  const look = state === "ended" ? "border-line text-ink-muted" : "border-primary bg-primary text-primary-on font-bold";
  return (
    <span className={`inline-block px-2 text-sm border ${look}`} data-testid="activity-state" data-state={state}>
      {ACTIVITY_STATE_LABEL[state]}
    </span>
  );
}

/** headingLevel: 3 when the cards sit under a section's own h2. */
export function ActivityCard({ activity, headingLevel = 2 }: { activity: ActivitySummary; headingLevel?: 2 | 3 }) {
  return (
    <CoverCard
      testId="activity-card"
      cover={activity.cover}
      title={activity.title}
      href={`/activity/${activity.id}`}
      headingLevel={headingLevel}
      kicker={
        <p className="m-0">
          <ActivityStateBadge state={activity.state} />
        </p>
      }
    >
      <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
        <dt className="text-ink-muted">時間</dt>
        <dd className="m-0">{formatTimeRange(activity.starts_at, activity.ends_at)}</dd>
        <dt className="text-ink-muted">地點</dt>
        <dd className="m-0">{activityPlace(activity)}</dd>
        <dt className="text-ink-muted">費用</dt>
        <dd className="m-0">{activityFee(activity.fee)}</dd>
      </dl>
    </CoverCard>
  );
}

/** The placeholder lines of an activity card: state, title, time, place. */
export const ACTIVITY_CARD_LINES = ["h-4 w-1/4", "h-5 mt-3 w-4/5", "h-3 mt-3 w-3/5", "h-3 mt-2 w-2/5"] as const;
