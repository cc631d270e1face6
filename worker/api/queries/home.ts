// The home page's sections in one reply: banners running now, three shelves of books and the latest editorial.
import type { ApiDatabase, Schemas } from "../types";
import { listActivities } from "./activities";
import { latestArticles } from "./articles";
import { latestNews } from "./news";
import { CARD_COLUMNS, type CardRow, toCard } from "./products";

const SHELF_SIZE = 12;

// Each shelf is a fixed condition; newest first.
const SHELVES = {
  new_books: "p.is_new = 1",
  picks: "p.is_pick = 1",
  ebooks: "p.format = 2",
} as const;

interface BannerRow {
  id: number;
  title: string;
  subtitle: string;
  link: string;
  image_url: string;
  image_width: number;
  image_height: number;
}

async function runningBanners(db: ApiDatabase, now: string): Promise<Schemas["Banner"][]> {
  const { results } = await db
    .prepare(
      `SELECT id, title, subtitle, link, image_url, image_width, image_height FROM banners
        WHERE starts_at <= ?1 AND (ends_at IS NULL OR ends_at > ?1) ORDER BY position, id`,
    )
    .bind(now)
    .all<BannerRow>();
  return results.map((b) => ({
    id: b.id,
    title: b.title,
    subtitle: b.subtitle,
    link: b.link,
    image: { url: b.image_url, width: b.image_width, height: b.image_height, alt: b.title },
  }));
}

async function shelf(db: ApiDatabase, condition: string): Promise<Schemas["ProductCard"][]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM products p WHERE ${condition} ORDER BY p.published_on DESC, p.id DESC LIMIT ?1`,
    )
    .bind(SHELF_SIZE)
    .all<CardRow>();
  return results.map(toCard);
}

export async function homeSections(db: ApiDatabase, now = new Date().toISOString()): Promise<Schemas["HomeSections"]> {
  const [banners, newBooks, picks, ebooks, news, activities, articles] = await Promise.all([
    runningBanners(db, now),
    shelf(db, SHELVES.new_books),
    shelf(db, SHELVES.picks),
    shelf(db, SHELVES.ebooks),
    latestNews(db, 5),
    listActivities(db, { when: "all", page: 1, perPage: 4, now }),
    latestArticles(db, 4),
  ]);
  return {
    banners,
    new_books: newBooks,
    picks,
    ebooks,
    news,
    activities: activities.items,
    articles,
  };
}
