// What checkout reads of the signed-in member: the profile (the buyer's name and e-mail) and the saved recipients.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecipientBody } from "~/features/checkout/checkout-recipient";
import { browserApi } from "../../lib/api/browser";
import { unwrap } from "../../lib/api/client";
import { memberQueryKey } from "../session/member-query";
import { useSessionKey } from "../session/session";

export function useMemberProfile() {
  const sessionKey = useSessionKey();
  return useQuery({
    queryKey: memberQueryKey(sessionKey, "profile"),
    queryFn: () => unwrap(browserApi.GET("/member/profile")),
    enabled: sessionKey !== null,
    staleTime: 5 * 60_000,
  });
}

export function useSavedRecipients() {
  const sessionKey = useSessionKey();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: memberQueryKey(sessionKey, "recipients"),
    queryFn: () => unwrap(browserApi.GET("/member/recipients")),
    enabled: sessionKey !== null,
  });
  /** Saves a new recipient; a refusal (e.g. ten already saved) is only reported, the order stands. */
  const save = async (body: RecipientBody): Promise<boolean> => {
    try {
      await browserApi.POST("/member/recipients", { body });
      await queryClient.invalidateQueries({ queryKey: memberQueryKey(sessionKey, "recipients") });
      return true;
    } catch {
      return false;
    }
  };
  return { recipients: query.data ?? null, save };
}
