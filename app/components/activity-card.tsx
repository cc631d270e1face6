// An activity in a listing: cover, title, time, place, fee and whether it is still to come; and the pieces the
// activity page shares with it (state badge, place and fee wording).
import { Link } from "react-router";
import { formatPrice } from "~/domain/labels";
import type { components } from "~/lib/api/schema";
import { formatTimeRange } from "~/lib/format";

type ActivitySummary = components["schemas"]["ActivitySummary"];
type ActivityState = components["schemas"]["ActivityState"];

export const ACTIVITY_STATE_LABEL: Record<ActivityState, string> = {
  upcoming: "即將舉辦",
  ongoing: "進行中",
  ended: "已結束",
};

/** Covers are drawn full width on phones, two across from sm and three across from lg. */
const ACTIVITY_COVER_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

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

/** The title link covers the whole card, so the picture is clickable too; other links in a card sit above it. */
export const WHOLE_CARD_LINK = "after:content-[''] after:absolute after:inset-0";

/** headingLevel: 3 when the cards sit under a section's own h2. */
export function ActivityCard({ activity, headingLevel = 2 }: { activity: ActivitySummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article className="relative h-full flex flex-col border border-line bg-surface" data-testid="activity-card">
      <img
        src={activity.cover.url}
        srcSet={`${activity.cover.url} ${activity.cover.width}w`}
        sizes={ACTIVITY_COVER_SIZES}
        width={activity.cover.width}
        height={activity.cover.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="block w-full h-auto border-b border-line"
      />
      <div className="flex flex-col gap-2 p-4">
        <p className="m-0">
          <ActivityStateBadge state={activity.state} />
        </p>
        <Heading className="text-lg font-bold m-0 leading-snug">
          <Link to={`/activity/${activity.id}`} className={`text-link ${WHOLE_CARD_LINK}`}>
            {activity.title}
          </Link>
        </Heading>
        <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
          <dt className="text-ink-muted">時間</dt>
          <dd className="m-0">{formatTimeRange(activity.starts_at, activity.ends_at)}</dd>
          <dt className="text-ink-muted">地點</dt>
          <dd className="m-0">{activityPlace(activity)}</dd>
          <dt className="text-ink-muted">費用</dt>
          <dd className="m-0">{activityFee(activity.fee)}</dd>
        </dl>
      </div>
    </article>
  );
}

export function ActivityCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse border border-line">
      <div className="w-full aspect-[40/21] bg-line" />
      <div className="p-4">
        <div className="h-4 bg-line w-1/4" />
        <div className="h-5 mt-3 bg-line w-4/5" />
        <div className="h-3 mt-3 bg-line w-3/5" />
        <div className="h-3 mt-2 bg-line w-2/5" />
      </div>
    </div>
  );
}

export const ACTIVITY_GRID = "list-none m-0 p-0 grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

export function ActivityGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div className={ACTIVITY_GRID.replace("list-none m-0 p-0", "")} aria-busy="true">
      <span className="sr-only">{label}載入中</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <ActivityCardSkeleton key={i} />
      ))}
    </div>
  );
}
