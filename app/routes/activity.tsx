// /activity/{id}: one activity with its time, place, places, fee and how to sign up; unknown id → 404.
// Search engines get it as a schema.org Event.
import { Link, useRouteLoaderData } from "react-router";
import { ActivityStateBadge, activityFee, activityPlace } from "~/components/activity-card";
import { ApiImage } from "~/components/api-image";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { JsonLd } from "~/components/json-ld";
import { critical } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { formatTimeRange } from "~/lib/format";
import { absoluteUrl, canonicalUrl, ERROR_PAGE_TITLE, originFromMatches, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/activity";

type ActivityDetail = components["schemas"]["ActivityDetail"];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const activity = await critical(api.GET("/activities/{id}", { params: { path: { id: params.id } } }));
  return { activity };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { activity } = loaderData;
  const origin = originFromMatches(matches);
  return pageMeta(site, {
    title: activity.title,
    description: activity.summary,
    image: absoluteUrl(activity.cover.url, origin),
    url: canonicalUrl(matches, `/activity/${activity.id}`),
  });
};

/** The schema.org Event of an activity (https://schema.org/Event). */
function eventData(activity: ActivityDetail, origin: string, organizer: string) {
  const pageUrl = `${origin}/activity/${activity.id}`;
  const location = activity.is_online
    ? { "@type": "VirtualLocation", name: activity.venue, url: activity.registration_url ?? pageUrl }
    : {
        "@type": "Place",
        name: activity.venue,
        address: { "@type": "PostalAddress", streetAddress: activity.address ?? activity.venue, addressCountry: "TW" },
      };
  const price =
    activity.fee > 0
      ? {
          offers: {
            "@type": "Offer",
            price: activity.fee,
            priceCurrency: "TWD",
            url: activity.registration_url ?? pageUrl,
            availability: "https://schema.org/InStock",
          },
        }
      : { isAccessibleForFree: true };
  return {
    "@type": "Event",
    name: activity.title,
    description: activity.summary,
    startDate: activity.starts_at,
    endDate: activity.ends_at,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: activity.is_online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location,
    image: [absoluteUrl(activity.cover.url, origin)],
    organizer: { "@type": "Organization", name: organizer, url: origin || undefined },
    url: pageUrl,
    ...price,
  };
}

function SignUp({ activity }: { activity: ActivityDetail }) {
  if (activity.state === "ended") {
    return <p className="m-0 text-ink-muted">本活動已結束，感謝您的關注。</p>;
  }
  if (!activity.registration_url) {
    return <p className="m-0 text-ink-muted">本活動不需事先報名，歡迎直接參加。</p>;
  }
  return (
    <a href={activity.registration_url} className="btn-primary" rel="noopener noreferrer" target="_blank">
      立即報名<span className="sr-only">（另開新視窗）</span>
    </a>
  );
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { activity } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const place = activity.is_online ? `${activityPlace(activity)}（${activity.venue}）` : activity.venue;
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: routeTitle("activity-list"), to: "/activity/list" }, { label: activity.title }]} />
      <article aria-labelledby="activity-title">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <ApiImage
            image={activity.cover}
            sizes="(min-width: 1280px) 740px, (min-width: 1024px) 60vw, 100vw"
            fetchPriority="high"
            className="block w-full h-auto border border-line bg-surface"
          />
          <div>
            <p className="m-0">
              <ActivityStateBadge state={activity.state} />
            </p>
            <h1 id="activity-title" className="font-serif text-2xl md:text-3xl font-bold mt-2 mb-4">
              {activity.title}
            </h1>
            <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
              <dt className="text-ink-muted">時間</dt>
              <dd className="m-0" data-testid="activity-time">
                <time dateTime={activity.starts_at}>{formatTimeRange(activity.starts_at, activity.ends_at)}</time>
              </dd>
              <dt className="text-ink-muted">地點</dt>
              <dd className="m-0" data-testid="activity-venue">
                {place}
                {activity.address && <span className="block text-ink-muted">{activity.address}</span>}
              </dd>
              <dt className="text-ink-muted">名額</dt>
              <dd className="m-0">{activity.capacity ? `${activity.capacity} 名` : "不限"}</dd>
              <dt className="text-ink-muted">費用</dt>
              <dd className="m-0">{activityFee(activity.fee)}</dd>
            </dl>
            <div className="mt-6" data-testid="activity-signup">
              <SignUp activity={activity} />
            </div>
          </div>
        </div>
        <section className="mt-10 max-w-3xl leading-relaxed" aria-labelledby="activity-body-title">
          <h2 id="activity-body-title" className="text-xl font-bold">
            活動介紹
          </h2>
          {activity.body.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </section>
      </article>
      <p className="mt-8 mb-0">
        <Link to="/activity/list" className="btn-outline">
          看更多活動
        </Link>
      </p>
      <JsonLd data={eventData(activity, root?.origin ?? "", root?.site.siteTitle ?? "")} />
    </div>
  );
}
