// What a 收藏 form names: the like's `type` (SPEC §3: 0 book, 1 author, 2 article) and `id`, as the guest's form of
// favorite-button.tsx posts them to /login. Framework-free.
import type { LikeType } from "./likes";

export interface LikeTarget {
  type: LikeType;
  id: number;
}

/** The like a form names, or null when it names none or something malformed. */
export function likeTargetOf(form: FormData): LikeTarget | null {
  const type = form.get("type");
  const id = form.get("id");
  if (typeof type !== "string" || !/^[012]$/.test(type)) return null;
  if (typeof id !== "string" || !/^[1-9]\d{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) return null;
  return { type: Number(type) as LikeType, id: Number(id) };
}
