// /activity/welcome: the welcome text of the activities corner, the next three activities (streamed in after the
// text), and the way to the full list.
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ACTIVITY_GRID, ActivityCard, ActivityGridSkeleton } from "~/components/activity-card";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EditorialSections } from "~/components/editorial-sections";
import { critical, deferred } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server";
import { editorialPageMeta } from "~/lib/meta";
import type { Route } from "./+types/activity-welcome";

const NEXT_COUNT = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const next = deferred(
    api.GET("/activities", { params: { query: { when: "upcoming", per_page: NEXT_COUNT } } }),
    { items: [], page: 1, per_page: NEXT_COUNT, total: 0, total_pages: 0 },
    "upcoming activities",
  ).then((activities) => activities.items);
  const page = await critical(api.GET("/pages/{slug}", { params: { path: { slug: "activity-welcome" } } }));
  return { page, next };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  editorialPageMeta(matches, loaderData?.page, "/activity/welcome");

export default function ActivityWelcome({ loaderData }: Route.ComponentProps) {
  const { page, next } = loaderData;
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: page.title }]} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold mt-0 mb-2">{page.title}</h1>
      <EditorialSections sections={page.sections} />
      <section className="mt-10" aria-labelledby="next-activities-title">
        <h2 id="next-activities-title" className="text-xl font-bold">
          近期活動
        </h2>
        <Suspense fallback={<ActivityGridSkeleton count={NEXT_COUNT} label="近期活動" />}>
          <Await resolve={next}>
            {(items) =>
              items.length > 0 ? (
                <ul className={ACTIVITY_GRID} aria-label="近期活動" data-testid="next-activities">
                  {items.map((activity) => (
                    <li key={activity.id}>
                      <ActivityCard activity={activity} headingLevel={3} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-ink-muted">目前沒有即將舉辦的活動，敬請期待。</p>
              )
            }
          </Await>
        </Suspense>
        <p className="mt-6 mb-0">
          <Link to="/activity/list" className="btn-outline">
            查看全部活動
          </Link>
        </p>
      </section>
    </div>
  );
}
