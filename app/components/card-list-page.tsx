// A corner's full list (activities, articles): the way back to its welcome page, filter tabs, a page of cards or
// what to say when there are none, and the pagination.
import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "./breadcrumbs";
import { CardGrid } from "./card-grid";
import { type FilterTab, FilterTabs } from "./filter-tabs";
import { Pagination } from "./pagination";

export function CardListPage<T extends { id: number }>({
  title,
  welcome,
  filterLabel,
  tabs,
  list,
  listLabel,
  emptyText,
  card,
}: {
  title: string;
  /** The corner's welcome page, the crumb before this one. */
  welcome: Required<Crumb>;
  filterLabel: string;
  tabs: FilterTab[];
  list: { items: T[]; page: number; total_pages: number };
  listLabel: string;
  emptyText: string;
  card: (item: T) => ReactNode;
}) {
  return (
    <div className="container py-8">
      <Breadcrumbs items={[welcome, { label: title }]} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold mt-0 mb-4">{title}</h1>
      <FilterTabs label={filterLabel} tabs={tabs} />
      {list.items.length > 0 ? (
        <CardGrid items={list.items} label={listLabel} card={card} />
      ) : (
        <p className="text-ink-muted">{emptyText}</p>
      )}
      <Pagination page={list.page} totalPages={list.total_pages} />
    </div>
  );
}
