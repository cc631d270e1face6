// The member's likes (SPEC §3, §4): loaded once signed in, toggled one at a time, reloaded after each change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { browserApi } from "../../lib/api/browser";
import { unwrap } from "../../lib/api/client";
import { memberQueryKey } from "../session/member-query";
import { useSessionKey } from "../session/session";

export type LikeType = 0 | 1 | 2;

function useLikes() {
  const sessionKey = useSessionKey();
  return useQuery({
    queryKey: memberQueryKey(sessionKey, "likes"),
    queryFn: () => unwrap(browserApi.GET("/member/likes")),
    enabled: sessionKey !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * The liked ids of `type`, or null until the likes have loaded (e.g. for a guest, or while signing in). The same set
 * until the likes change, so it can be handed on in an effect.
 */
export function useLikedIds(type: LikeType): Set<number> | null {
  const likes = useLikes();
  const loaded = likes.isSuccess;
  const groups = likes.data;
  return useMemo(
    () => (loaded ? new Set(groups?.find((group) => group.type === type)?.items ?? []) : null),
    [loaded, groups, type],
  );
}

/** Whether `id` of `type` is liked, and a toggle that is ignored while a previous update is pending. */
export function useFavorite(type: LikeType, id: number) {
  const likes = useLikes();
  const sessionKey = useSessionKey();
  const queryClient = useQueryClient();
  const liked = likes.data?.find((group) => group.type === type)?.items.includes(id) ?? false;
  const mutation = useMutation({
    // Error replies are raised by the client's middleware; success carries no data.
    mutationFn: async (add: boolean) => {
      await browserApi.POST("/member/favorites", { body: { type, id, status: add ? 1 : 0 } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberQueryKey(sessionKey) }),
  });
  const toggle = () => {
    if (mutation.isPending) return;
    mutation.mutate(!liked);
  };
  return { liked, toggle, pending: mutation.isPending, error: mutation.error, ready: likes.isSuccess };
}
