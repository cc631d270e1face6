// A trail of links to the current page, shown to readers and given to search engines as a BreadcrumbList.
import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { JsonLd } from "./json-ld";

export interface Crumb {
  label: string;
  /** A site path; the last crumb (the current page) has none. */
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const trail: Crumb[] = [{ label: "首頁", to: "/" }, ...items];
  return (
    <nav aria-label="麵包屑" className="text-sm text-ink-muted mb-4">
      <ol className="list-none m-0 p-0 flex flex-wrap gap-x-2">
        {trail.map((crumb, i) => (
          <li key={`${crumb.to ?? "here"}:${crumb.label}`} className="flex gap-x-2">
            {i > 0 && <span aria-hidden="true">/</span>}
            {crumb.to && i < trail.length - 1 ? (
              <Link to={crumb.to} className="text-link">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current={i === trail.length - 1 ? "page" : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          "@type": "BreadcrumbList",
          itemListElement: trail.map((crumb, i) => ({
            "@type": "ListItem",
            position: i + 1,
            name: crumb.label,
            ...(crumb.to ? { item: `${origin}${crumb.to}` } : {}),
          })),
        }}
      />
    </nav>
  );
}
