// The about, instructions and legal pages: one module for ten routes, told apart by the path; the page registry
// (app/pages.ts) gives each its slug in GET /pages/{slug} and its group. Each page shows its titled sections, when it
// was last updated, and a small navigation between the pages of its group.
import { NavLink } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EditorialSections } from "~/components/editorial-sections";
import { critical, notFound } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { formatDate } from "~/lib/format";
import { editorialPageMeta } from "~/lib/meta";
import { editorialPageAt, MENU_LABELS, menuLinks } from "~/pages";
import type { Route } from "./+types/editorial-page";

/** The editorial page of a path (the loader's `url` is the page's, without a data request's `.data`). */
function editorialPage(pathname: string) {
  const page = editorialPageAt(pathname);
  if (!page?.menu) return undefined;
  return { slug: page.slug, group: { label: MENU_LABELS[page.menu], pages: menuLinks(page.menu) } };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const found = editorialPage(url.pathname);
  if (!found) throw notFound();
  const api = serverApi(request, context);
  const page = await critical(api.GET("/pages/{slug}", { params: { path: { slug: found.slug } } }));
  return { page, group: found.group };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  editorialPageMeta(matches, loaderData?.page, location.pathname);

export default function EditorialPage({ loaderData }: Route.ComponentProps) {
  const { page, group } = loaderData;
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: group.label }, { label: page.title }]} />
      <div className="grid gap-6 md:gap-10 md:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label={`${group.label}頁面`} className="md:border-r md:border-line md:pr-4">
          <p className="m-0 mb-2 font-bold text-ink-muted text-sm">{group.label}</p>
          <ul className="list-none m-0 p-0 flex flex-wrap gap-x-4 gap-y-1 md:flex-col">
            {group.pages.map((p) => (
              <li key={p.id}>
                <NavLink
                  to={p.to}
                  end
                  className={({ isActive }) =>
                    `text-link inline-block py-1 ${isActive ? "font-bold underline decoration-primary decoration-2" : ""}`
                  }
                >
                  {p.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <article aria-labelledby="page-title">
          <h1 id="page-title" className="font-serif text-2xl md:text-3xl font-bold mt-0 mb-2">
            {page.title}
          </h1>
          <EditorialSections sections={page.sections} />
          <p className="text-sm text-ink-muted mt-8 mb-0">
            最後更新：<time dateTime={page.updated_at}>{formatDate(page.updated_at)}</time>
          </p>
        </article>
      </div>
    </div>
  );
}
