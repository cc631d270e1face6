// /publisher/{id}: a publisher and its books (the page is shared with /author/{id}, see MakerPage).
import { MakerPage, makerMeta } from "~/components/maker-page";
import { makerLoader } from "~/lib/maker-loader.server";
import { originFromMatches } from "~/lib/meta";
import type { Route } from "./+types/publisher";

export const loader = makerLoader("publisher");

export const meta: Route.MetaFunction = makerMeta("publisher");

export default function PublisherPage({ loaderData, matches }: Route.ComponentProps) {
  return <MakerPage kind="publisher" data={loaderData} origin={originFromMatches(matches)} />;
}
