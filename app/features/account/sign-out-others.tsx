// The security page's 登出其他裝置: one button (a plain form post to the page's action); the status line then says
// how many other devices were signed out. This device stays signed in.

import { Form } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import { useIsSubmitting } from "~/lib/form-submission";

export const REVOKE_INTENT = "revoke-others";

/** What the page's action answers: how many other sessions ended, or the API's refusal. */
export type RevokeReply = { intent: typeof REVOKE_INTENT } & (
  | { ok: true; revoked: number }
  | { ok: false; message: string }
);

/** The count, said for people. */
export function revokedMessage(revoked: number): string {
  return revoked > 0 ? `已登出其他 ${revoked} 個裝置` : "沒有其他登入中的裝置";
}

export function SignOutOthers({ reply }: { reply: RevokeReply | undefined }) {
  const submitting = useIsSubmitting(REVOKE_INTENT);
  return (
    <section aria-labelledby="sessions-title" className="max-w-2xl">
      <h2 id="sessions-title" className="text-xl font-bold mt-0 mb-3">
        登出其他裝置
      </h2>
      <p className="mt-0 mb-3 text-ink-muted">在其他電腦、手機或瀏覽器上的登入都會結束，這個裝置會保持登入。</p>
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value={REVOKE_INTENT} />
        <BusySubmitButton className="btn-outline" busy={submitting}>
          {submitting ? "處理中…" : "登出其他裝置"}
        </BusySubmitButton>
        <p role="status" className="m-0 min-h-6 font-bold" data-testid="sessions-status">
          {reply?.ok ? revokedMessage(reply.revoked) : ""}
        </p>
      </Form>
      {reply && !reply.ok && (
        <p role="alert" className="mt-2 mb-0 text-error font-bold">
          {reply.message}
        </p>
      )}
    </section>
  );
}
