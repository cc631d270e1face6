// The root's hold on the member session in the browser: member data is cached per session key, and a session the
// API has ended (code 3) sends the reader to sign in again with the current page as the return address. The query
// cache exists only once some part of the page has queried (see browser-query-client.ts); before that there is
// nothing to drop.
import { useEffect } from "react";
import { useSubmit } from "react-router";
import { removeMemberQueries } from "./member-query";
import { existingBrowserQueryClient } from "./query-client-ref";
import { onSessionEnded, setCurrentSession } from "./session-end";

function dropMemberData(keep?: string | null) {
  const queryClient = existingBrowserQueryClient();
  if (queryClient) removeMemberQueries(queryClient, keep);
}

export function useMemberSession(sessionKey: string | null) {
  // Signed out, or another member signed in without a reload: no earlier session's data stays in the cache.
  useEffect(() => {
    setCurrentSession(sessionKey);
    dropMemberData(sessionKey);
  }, [sessionKey]);

  const submit = useSubmit();
  useEffect(
    () =>
      onSessionEnded(() => {
        dropMemberData();
        const { pathname, search, hash } = window.location;
        if (pathname === "/login") return;
        // The same post a guest's 收藏 makes (app/components/favorite-button.tsx): remember the page, then sign in.
        void submit(
          { intent: "sign-in-first", return_to: `${pathname}${search}${hash}` },
          { method: "post", action: "/login" },
        );
      }),
    [submit],
  );
}
