// The grid the activity and article cards sit in (one across on phones, two from sm, three from lg), and its
// placeholder while deferred cards stream in.
import type { ReactNode } from "react";
import { CoverCardSkeleton } from "./cover-card";

const CARD_GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

export function CardGrid<T extends { id: number }>({
  items,
  label,
  testId,
  wide = false,
  card,
}: {
  items: readonly T[];
  label: string;
  testId?: string;
  /** Four across from xl (a short row of the latest items). */
  wide?: boolean;
  card: (item: T) => ReactNode;
}) {
  return (
    <ul
      className={`list-none m-0 p-0 ${CARD_GRID}${wide ? " xl:grid-cols-4" : ""}`}
      aria-label={label}
      data-testid={testId}
    >
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </ul>
  );
}

export function CardGridSkeleton({ count, label, lines }: { count: number; label: string; lines: readonly string[] }) {
  return (
    <div className={CARD_GRID} aria-busy="true">
      <span className="sr-only">{label}載入中</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <CoverCardSkeleton key={i} lines={lines} />
      ))}
    </div>
  );
}
