// The welcome page of a corner (activities, articles): its editorial text, then sections of cards streamed in
// after the text (deferred data: the text is the first screen).
import { type ReactNode, Suspense } from "react";
import { Await, Link } from "react-router";
import type { components } from "~/lib/api/schema";
import { Breadcrumbs } from "./breadcrumbs";
import { CardGrid, CardGridSkeleton } from "./card-grid";
import { EditorialSections } from "./editorial-sections";

type Page = components["schemas"]["Page"];

export function WelcomePage({ page, children }: { page: Page; children: ReactNode }) {
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: page.title }]} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold mt-0 mb-2">{page.title}</h1>
      <EditorialSections sections={page.sections} />
      {children}
    </div>
  );
}

/** The way from a welcome page to the corner's full list. */
export function SeeAll({ to, label, className }: { to: string; label: string; className: string }) {
  return (
    <p className={className}>
      <Link to={to} className="btn-outline">
        {label}
      </Link>
    </p>
  );
}

/** A titled section of cards: placeholders of the card's shape until the deferred items arrive. */
export function StreamedCardSection<T extends { id: number }>({
  headingId,
  title,
  items,
  count,
  skeletonLines,
  testId,
  wide,
  emptyText,
  card,
  children,
}: {
  headingId: string;
  /** The section's heading, also the grid's name. */
  title: string;
  items: Promise<T[]>;
  /** How many are asked for: the number of placeholders. */
  count: number;
  skeletonLines: readonly string[];
  testId: string;
  wide?: boolean;
  emptyText: string;
  card: (item: T) => ReactNode;
  /** What follows the cards inside the section. */
  children?: ReactNode;
}) {
  return (
    <section className="mt-10" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      <Suspense fallback={<CardGridSkeleton count={count} label={title} lines={skeletonLines} />}>
        <Await resolve={items}>
          {(resolved) =>
            resolved.length > 0 ? (
              <CardGrid items={resolved} label={title} testId={testId} wide={wide} card={card} />
            ) : (
              <p className="text-ink-muted">{emptyText}</p>
            )
          }
        </Await>
      </Suspense>
      {children}
    </section>
  );
}
