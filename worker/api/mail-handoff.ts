// The built-in API hands the mail it wrote to the delivery (worker/mail-delivery/handoff.ts) once the batch has
// committed: through the queue binding the worker passes it (MAIL_QUEUE, beside DB), after the reply.
import { handOffMail } from "../mail-delivery/handoff";
import { type ApiContext, afterReply } from "./after-reply";

/** Hands the outbox rows `ids`, written by a committed batch, to the mail queue, after the reply. */
export async function handOff(c: ApiContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await afterReply(c, handOffMail(c.env.DB, c.env.MAIL_QUEUE, [...ids]));
}
