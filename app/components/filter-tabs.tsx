// A row of filter links drawn as tabs (news types, activity times, article categories). Plain links that put the
// filter in the URL, so they work before hydration and can be bookmarked; the current one has aria-current.
import { Link } from "react-router";

export interface FilterTab {
  to: string;
  label: string;
  current: boolean;
}

export function FilterTabs({ label, tabs }: { label: string; tabs: FilterTab[] }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-line">
      <ul className="list-none m-0 p-0 flex flex-wrap gap-x-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={`inline-flex items-center h-control-sm px-3 -mb-px border-b-2 no-underline focus-visible:outline-2 focus-visible:outline-primary ${
                tab.current
                  ? "border-primary text-ink font-bold"
                  : "border-transparent text-ink-muted hover:text-ink hover:border-line"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
