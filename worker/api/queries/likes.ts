// A member's likes (favourite books, authors and articles).
import type { Schemas } from "../types";

export async function listLikes(db: D1Database, memberId: number): Promise<Schemas["LikeGroup"][]> {
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

export async function likeTargetExists(db: D1Database, type: 0 | 1 | 2, id: number): Promise<boolean> {
  return (await db.prepare(TARGET_EXISTS[type]).bind(id).first()) !== null;
}

export async function setLike(db: D1Database, memberId: number, type: 0 | 1 | 2, id: number, liked: boolean) {
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
