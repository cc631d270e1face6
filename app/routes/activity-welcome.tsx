// /activity/welcome: the welcome text of the activities corner, the next three activities (streamed in after the
// text), and the way to the full list.
import { ACTIVITY_CARD_LINES, ActivityCard } from "~/components/activity-card";
import { SeeAll, StreamedCardSection, WelcomePage } from "~/components/welcome-page";
import { critical, deferredItems } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { editorialPageMeta } from "~/lib/meta";
import type { Route } from "./+types/activity-welcome";

const NEXT_COUNT = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const next = deferredItems(
    api.GET("/activities", { params: { query: { when: "upcoming", per_page: NEXT_COUNT } } }),
    "upcoming activities",
  );
  const page = await critical(api.GET("/pages/{slug}", { params: { path: { slug: "activity-welcome" } } }));
  return { page, next };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  editorialPageMeta(matches, loaderData?.page, "/activity/welcome");

export default function ActivityWelcome({ loaderData }: Route.ComponentProps) {
  const { page, next } = loaderData;
  return (
    <WelcomePage page={page}>
      <StreamedCardSection
        headingId="next-activities-title"
        title="近期活動"
        items={next}
        count={NEXT_COUNT}
        skeletonLines={ACTIVITY_CARD_LINES}
        testId="next-activities"
        emptyText="目前沒有即將舉辦的活動，敬請期待。"
        card={(activity) => <ActivityCard activity={activity} headingLevel={3} />}
      >
        <SeeAll to="/activity/list" label="查看全部活動" className="mt-6 mb-0" />
      </StreamedCardSection>
    </WelcomePage>
  );
}
