// Any other path: HTTP 404 with 'Page not found' and the path, on the error page.
import { ErrorPage } from "~/components/error-page";
import { notFound } from "~/lib/api/loader-data.server";
import { ERROR_PAGE_TITLE, pageMeta, siteFromMatches } from "~/lib/meta";
import type { Route } from "./+types/catch-all";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return notFound({ path: pathname });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: ERROR_PAGE_TITLE });

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={404} notFoundPath={loaderData.path} />;
}
