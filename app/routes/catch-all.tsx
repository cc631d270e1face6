// Any other path: HTTP 404 with 'Page not found' and the path, on the error page.
import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { ERROR_PAGE_TITLE, pageMeta, siteFromMatches } from "~/lib/meta";
import type { Route } from "./+types/catch-all";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return data({ path: pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: ERROR_PAGE_TITLE });

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={404} notFoundPath={loaderData.path} />;
}
