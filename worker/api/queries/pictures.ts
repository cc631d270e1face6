// What the built-in pictures of banners, activities and articles are drawn from.
import type { ApiDatabase } from "../types";

const PICTURE_KINDS = {
  banners: "SELECT title, subtitle, image_width AS width, image_height AS height FROM banners WHERE id = ?1",
  activities:
    "SELECT title, venue AS subtitle, cover_width AS width, cover_height AS height FROM activities WHERE id = ?1",
  articles:
    "SELECT title, category AS subtitle, cover_width AS width, cover_height AS height FROM articles WHERE id = ?1",
} as const;

type PictureKind = keyof typeof PICTURE_KINDS;

export function isPictureKind(kind: string): kind is PictureKind {
  return Object.hasOwn(PICTURE_KINDS, kind);
}

export function findPictureFacts(db: ApiDatabase, kind: PictureKind, id: number) {
  return db
    .prepare(PICTURE_KINDS[kind])
    .bind(id)
    .first<{ title: string; subtitle: string; width: number; height: number }>();
}
