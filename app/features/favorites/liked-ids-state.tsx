// The member's liked ids of one type, read through app/features/favorites/likes.ts (the queries and the API client). Renders
// nothing: it reports to the page that shows them. Loaded on demand by favorite-live.tsx.
import { useEffect } from "react";
import { type LikeType, useLikedIds } from "~/features/favorites/likes";
import { QueryScope } from "../../components/query-scope";

interface LikedIdsStateProps {
  type: LikeType;
  onChange: (ids: Set<number> | null) => void;
}

export default function LikedIdsState(props: LikedIdsStateProps) {
  return (
    <QueryScope>
      <LikedIds {...props} />
    </QueryScope>
  );
}

function LikedIds({ type, onChange }: LikedIdsStateProps) {
  const ids = useLikedIds(type);
  useEffect(() => onChange(ids), [onChange, ids]);
  return null;
}
