// Authors (contributors in any role).
import type { ApiDatabase, Schemas } from "../types";

export async function findAuthor(db: ApiDatabase, id: number): Promise<Schemas["Author"] | null> {
  return db
    .prepare(
      `SELECT a.id, a.name, a.bio,
              (SELECT COUNT(DISTINCT product_id) FROM product_contributors WHERE author_id = a.id) AS product_count
         FROM authors a WHERE a.id = ?1`,
    )
    .bind(id)
    .first<Schemas["Author"]>();
}
