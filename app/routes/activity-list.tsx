// /activity/list: activities still to come or under way (?when=upcoming, the default; soonest first) or ended
// (?when=past; latest first), ten a page (?page=). An unknown value falls back to the default.

import { ActivityCard } from "~/components/activity-card";
import { CardListPage } from "~/components/card-list-page";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { choiceParam, listHref, listTitle, pageOrNone, pageParam, withinPages } from "~/lib/list-query";
import { canonicalUrl, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/activity-list";

const WHEN = ["upcoming", "past"] as const;
const WHEN_LABEL = { upcoming: "即將舉辦", past: "已結束" } as const;
const PER_PAGE = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const when = choiceParam(url, "when", WHEN, "upcoming");
  const api = serverApi(request, context);
  const activities = await withinPages(pageParam(url), (page) =>
    critical(api.GET("/activities", { params: { query: { when, page, per_page: PER_PAGE } } })),
  );
  return { when, activities };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const when = loaderData?.when ?? "upcoming";
  const page = loaderData?.activities.page ?? 1;
  return pageMeta(siteFromMatches(matches), {
    title: listTitle(routeTitle("activity-list"), page),
    description: `${WHEN_LABEL[when]}的活動`,
    url: canonicalUrl(
      matches,
      listHref("/activity/list", { when: when === "upcoming" ? undefined : when, page: pageOrNone(page) }),
    ),
  });
};

export default function ActivityList({ loaderData }: Route.ComponentProps) {
  const { when, activities } = loaderData;
  const title = routeTitle("activity-list");
  const tabs = WHEN.map((w) => ({
    to: listHref("/activity/list", { when: w === "upcoming" ? undefined : w }),
    label: WHEN_LABEL[w],
    current: w === when,
  }));
  return (
    <CardListPage
      title={title}
      welcome={{ label: routeTitle("activity-welcome"), to: "/activity/welcome" }}
      filterLabel="活動時間"
      tabs={tabs}
      list={activities}
      listLabel={`${WHEN_LABEL[when]}的活動`}
      emptyText={when === "upcoming" ? "目前沒有即將舉辦的活動，敬請期待。" : "目前沒有已結束的活動。"}
      card={(activity) => <ActivityCard activity={activity} />}
    />
  );
}
