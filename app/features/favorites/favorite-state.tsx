// A member's like of one item, read and toggled through app/features/favorites/likes.ts (the queries, the mutation and the API
// client). Renders nothing: it reports to the button that shows it. Loaded on demand by favorite-live.tsx.
import { useEffect } from "react";
import { type LikeType, useFavorite } from "~/features/favorites/likes";
import { QueryScope } from "../../components/query-scope";
import type { LiveFavorite } from "./favorite-live";

interface FavoriteStateProps {
  type: LikeType;
  id: number;
  onChange: (favorite: LiveFavorite) => void;
}

export default function FavoriteState(props: FavoriteStateProps) {
  return (
    <QueryScope>
      <LikeState {...props} />
    </QueryScope>
  );
}

function LikeState({ type, id, onChange }: FavoriteStateProps) {
  const { liked, toggle, pending, error, ready } = useFavorite(type, id);
  // `toggle` is new with every render; what it does changes only with the values listed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => onChange({ liked, toggle, pending, error, ready }), [onChange, liked, pending, error, ready]);
  return null;
}
