// Query keys of member data: ["member", session key, …]. The session key (app/features/session/session-key.ts, read from the
// marker cookie) changes with every sign-in and sign-out, so one member's cached data can never be read under another
// member's session. What the browser stores of a member follows the same key (member-storage.ts).
import type { QueryClient, QueryKey } from "@tanstack/react-query";

export const MEMBER_QUERY_ROOT = "member";

/** The key of one member query, e.g. memberQueryKey(key, "likes") → ["member", key, "likes"]. */
export function memberQueryKey(sessionKey: string | null, ...parts: readonly unknown[]): QueryKey {
  return [MEMBER_QUERY_ROOT, sessionKey, ...parts];
}

/** Whether `queryKey` is member data, and (given `sessionKey`) whether it belongs to another session than that one. */
export function isMemberQuery(queryKey: QueryKey, otherThan?: string | null): boolean {
  if (queryKey[0] !== MEMBER_QUERY_ROOT) return false;
  return otherThan === undefined || queryKey[1] !== otherThan;
}

/** Drops member data: all of it, or (given the current session key) every other session's. */
export function removeMemberQueries(queryClient: QueryClient, keep?: string | null) {
  queryClient.removeQueries({ predicate: (query) => isMemberQuery(query.queryKey, keep) });
}
