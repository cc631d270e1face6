// A form sent while the reader's connection is down (the action's .data request never reaches the server): the page
// keeps the form and what was typed, and says it may not have been sent, instead of leaving it for the error page
// (SPEC's 查無內容, or 連線失敗, both without the form). A route opts in with
//   export const clientAction = ({ request, serverAction }) =>
//     sendUnlessOffline(request, serverAction, (form) => ({ …the route's refusal with the values of `form`… }));
// and the pages it renders under skip their revalidation after such a reply (skipRevalidationAfterOffline): their
// loaders would fail the same way and replace the page with the error page after all.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { isNetworkFailure } from "./network-failure";

/**
 * What the form says when its submission could not reach the bookstore. fetch() fails the same way when the request
 * arrived and only the reply was lost, so it may have been saved: sent again, a new recipient may be saved twice and a
 * registration or password change is refused as done already. The words say so ("無法確認").
 */
export const OFFLINE_NOT_SENT = "網路連線中斷，無法確認資料是否已送出。請確認網路連線後再送出一次。";

/** The mark of a reply made on the client for a lost submission: no server reply can carry a symbol. */
const OFFLINE = Symbol("offline submission");

/** Marks a reply made on the client for a submission the connection lost. */
export interface OfflineMark {
  readonly [OFFLINE]: true;
}

/** What a search form says when the connection lost it (a search changes nothing: asking again is always safe). */
export const OFFLINE_NOT_SEARCHED = "網路連線中斷，無法查詢。請確認網路連線後再查詢一次。";

/**
 * The server action's reply, or, when the connection lost it, `offline(form)` marked as such (`form`: what was sent).
 * Any other failure, and a lost submission `offline` gives null for (a press with no form to keep, such as 不要加入收藏),
 * goes on to the error boundary as before.
 */
export async function sendUnlessOffline<T, R extends object>(
  request: Request,
  serverAction: () => Promise<T>,
  offline: (form: FormData) => R | null,
): Promise<T | (R & OfflineMark)> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    const reply = isNetworkFailure(error) ? offline(form) : null;
    if (!reply) throw error;
    return { ...reply, [OFFLINE]: true } as R & OfflineMark;
  }
}

/** Whether an action's reply is one `sendUnlessOffline` made for a lost submission. */
export const isOfflineReply = (reply: unknown): reply is OfflineMark =>
  typeof reply === "object" && reply !== null && (reply as Partial<OfflineMark>)[OFFLINE] === true;

/** No revalidation after a lost submission; else what React Router would do. */
export const skipRevalidationAfterOffline = ({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) => (isOfflineReply(actionResult) ? false : defaultShouldRevalidate);
