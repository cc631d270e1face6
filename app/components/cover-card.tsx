// The card frame the activity and article listings share: the cover on top, then the card's lines with its title
// as a link covering the whole card; and the frame's placeholder while deferred cards stream in.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { components } from "~/lib/api/schema";

type Image = components["schemas"]["Image"];

/** The title link covers the whole card, so the picture is clickable too; other links in a card sit above it. */
const WHOLE_CARD_LINK = "after:content-[''] after:absolute after:inset-0";

/** Covers are drawn full width on phones, two across from sm and three across from lg (see CARD_GRID). */
const COVER_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

interface CoverCardProps {
  testId: string;
  cover: Image;
  title: string;
  href: string;
  /** 3 when the cards sit under a section's own h2. */
  headingLevel: 2 | 3;
  /** The line above the title (a state, a category). */
  kicker: ReactNode;
  /** The lines below the title. */
  children: ReactNode;
}

export function CoverCard({ testId, cover, title, href, headingLevel, kicker, children }: CoverCardProps) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article className="relative h-full flex flex-col border border-line bg-surface" data-testid={testId}>
      <img
        src={cover.url}
        srcSet={`${cover.url} ${cover.width}w`}
        sizes={COVER_SIZES}
        width={cover.width}
        height={cover.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="block w-full h-auto border-b border-line"
      />
      <div className="flex flex-col gap-2 p-4">
        {kicker}
        <Heading className="text-lg font-bold m-0 leading-snug">
          <Link to={href} className={`text-link ${WHOLE_CARD_LINK}`}>
            {title}
          </Link>
        </Heading>
        {children}
      </div>
    </article>
  );
}

/** A card's placeholder: the cover's shape and one grey bar per given line (each line's height, margin, width). */
export function CoverCardSkeleton({ lines }: { lines: readonly string[] }) {
  return (
    <div aria-hidden="true" className="animate-pulse border border-line">
      <div className="w-full aspect-[40/21] bg-line" />
      <div className="p-4">
        {lines.map((line) => (
          <div key={line} className={`${line} bg-line`} />
        ))}
      </div>
    </div>
  );
}
