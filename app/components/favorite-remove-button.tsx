// 取消收藏 in the member's favourites: the SPEC §4 toggle on an item that is liked. Its name says which item.
import { type LikeType, useFavorite } from "~/lib/likes";

export function FavoriteRemoveButton({ type, id, name }: { type: LikeType; id: number; name: string }) {
  const { liked, toggle, pending, error, ready } = useFavorite(type, id);
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        className="btn-outline h-control-sm px-3 text-sm"
        aria-label={`取消收藏「${name}」`}
        disabled={!ready || !liked}
        aria-busy={pending}
        onClick={toggle}
      >
        取消收藏
      </button>
      {error && (
        <span role="alert" className="text-error text-sm mt-1">
          {error.message}
        </span>
      )}
    </span>
  );
}
