// /author/{id}: an author and their books (the page is shared with /publisher/{id}, see MakerPage).
import { MakerPage, makerMeta } from "~/components/maker-page";
import { makerLoader } from "~/lib/maker-loader.server";
import { originFromMatches } from "~/lib/meta";
import type { Route } from "./+types/author";

export const loader = makerLoader("author");

export const meta: Route.MetaFunction = makerMeta("author");

export default function AuthorPage({ loaderData, matches }: Route.ComponentProps) {
  return <MakerPage kind="author" data={loaderData} origin={originFromMatches(matches)} />;
}
