// Publishers.
import type { ApiDatabase, Schemas } from "../types";

export async function findPublisher(db: ApiDatabase, id: number): Promise<Schemas["Publisher"] | null> {
  return db
    .prepare(
      `SELECT p.id, p.name, p.description,
              (SELECT COUNT(*) FROM products WHERE publisher_id = p.id) AS product_count
         FROM publishers p WHERE p.id = ?1`,
    )
    .bind(id)
    .first<Schemas["Publisher"]>();
}
