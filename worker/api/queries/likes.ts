// A member's likes (favourite books, authors and articles): the ids by type, and each type's liked items in full.
import type { ApiDatabase, Schemas } from "../types";
import { type ArticleRow, SUMMARY_COLUMNS, toSummary } from "./articles";
import { pageOf, totalOf } from "./paging";
import { CARD_COLUMNS, type CardRow, toCard } from "./products";

export async function listLikes(db: ApiDatabase, memberId: number): Promise<Schemas["LikeGroup"][]> {
  const { results } = await db
    .prepare("SELECT type, item_id FROM likes WHERE member_id = ?1 ORDER BY type, created_at, item_id")
    .bind(memberId)
    .all<{ type: 0 | 1 | 2; item_id: number }>();
  return ([0, 1, 2] as const).map((type) => ({
    type,
    items: results.filter((r) => r.type === type).map((r) => r.item_id),
  }));
}

const TARGET_EXISTS: Record<0 | 1 | 2, string> = {
  0: "SELECT 1 FROM products WHERE id = ?1",
  1: "SELECT 1 FROM authors WHERE id = ?1",
  2: "SELECT 1 FROM articles WHERE id = ?1",
};

export async function likeTargetExists(db: ApiDatabase, type: 0 | 1 | 2, id: number): Promise<boolean> {
  return (await db.prepare(TARGET_EXISTS[type]).bind(id).first()) !== null;
}

export async function setLike(db: ApiDatabase, memberId: number, type: 0 | 1 | 2, id: number, liked: boolean) {
  if (liked) {
    await db
      .prepare(
        `INSERT INTO likes (member_id, type, item_id, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT DO NOTHING`,
      )
      .bind(memberId, type, id, new Date().toISOString())
      .run();
  } else {
    await db
      .prepare("DELETE FROM likes WHERE member_id = ?1 AND type = ?2 AND item_id = ?3")
      .bind(memberId, type, id)
      .run();
  }
}

type FavoriteItem = Schemas["FavoritePage"]["items"][number];

interface Liked {
  liked_at: string;
}

/** How each type's likes become items: the liked rows joined to what they name, and the list mapper of that. */
const FAVORITES: Record<0 | 1 | 2, { columns: string; join: string; toItem: (row: never) => FavoriteItem }> = {
  0: {
    columns: CARD_COLUMNS,
    join: "JOIN products p ON p.id = l.item_id",
    toItem: (row: CardRow & Liked) => ({ type: 0, liked_at: row.liked_at, product: toCard(row) }),
  },
  1: {
    columns: "a.id, a.name",
    join: "JOIN authors a ON a.id = l.item_id",
    toItem: (row: Schemas["NamedRef"] & Liked) => ({
      type: 1,
      liked_at: row.liked_at,
      author: { id: row.id, name: row.name },
    }),
  },
  2: {
    columns: SUMMARY_COLUMNS,
    join: "JOIN articles r ON r.id = l.item_id LEFT JOIN authors a ON a.id = r.author_id",
    toItem: (row: ArticleRow & Liked) => ({ type: 2, liked_at: row.liked_at, article: toSummary(row) }),
  },
};

/**
 * One page of a member's likes of one type, most recently liked first (a repeated like keeps its first time, so
 * the insertion order breaks ties).
 */
export async function listFavorites(
  db: ApiDatabase,
  memberId: number,
  { type, page, perPage }: { type: 0 | 1 | 2; page: number; perPage: number },
): Promise<Schemas["FavoritePage"]> {
  const { columns, join, toItem } = FAVORITES[type];
  const liked = `FROM likes l ${join} WHERE l.member_id = ?1 AND l.type = ?2`;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${columns}, l.created_at AS liked_at ${liked} ORDER BY l.created_at DESC, l.rowid DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(memberId, type, perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS total ${liked}`).bind(memberId, type),
  ]);
  const items = ((rows?.results ?? []) as never[]).map(toItem);
  return { type, ...pageOf(items, page, perPage, totalOf(count)) };
}
