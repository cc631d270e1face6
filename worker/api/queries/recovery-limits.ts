// Password recovery's limits per e-mail address (recovery_limits, migration 0019), apart from the sign-in throttle:
// a day's window that starts with the address's first request, in which at most RECOVERY_CODES_PER_DAY codes are
// sent (one a minute) and RECOVERY_FAILURES_PER_DAY wrong codes are checked. Past either cap recovery pauses for
// RECOVERY_PAUSE_MS: no new code is sent. A pause stops new codes only; signing in with the password, and sessions,
// are another matter. A code already sent may still be used while failures are left.
//
// The counts are kept for every address asked about, member or not, and the replies follow from them alone, so they
// are the same whether a member has the address: nobody learns who is one. Only the mails differ (a non-member's
// address gets none). Each step is one D1 batch (a transaction): parallel requests cannot slip past a cap, and the
// mail that tells the owner of a pause is written with the pause or not at all.
import {
  RECOVERY_CODES_PER_DAY,
  RECOVERY_FAILURES_PER_DAY,
  RECOVERY_PAUSE_MS,
  RECOVERY_RESEND_SECONDS,
  RECOVERY_WINDOW_MS,
} from "../auth/recovery-code";
import { type Mail, queueMailAfterChange } from "../mail";
import type { ApiDatabase } from "../types";
import { returnedIds } from "../writes";

/** What a request for a code comes to. */
export type CodeRequest =
  /** Send a code now (to a member's address; for another, nothing). */
  | { outcome: "send" }
  /** A code was sent less than a minute ago: nothing new is sent. */
  | { outcome: "recent" }
  /**
   * Recovery is paused until then; `started` when this request started the pause, and `mailed` the outbox ids of the
   * mail that tells the owner (written with the pause), for the delivery to hand on.
   */
  | { outcome: "paused"; pausedUntil: number; started: boolean; mailed: number[] };

/** What checking a code is allowed: the failures counted with it (given back if it is right), or a pause. */
export type CodeCheckClaim =
  | { granted: true; failuresToday: number; failuresSinceCode: number }
  | { granted: false; pausedUntil: number; started: boolean; mailed: number[] };

/** The mail that tells of a pause starting at `pausedUntil` (null for an address no member has). */
export type PauseMail = (pausedUntil: number) => Mail | null;

/** A live row for the address: ended rows (of every address) go first, then the address gets one if it has none. */
function liveRow(db: ApiDatabase, email: string, now: number) {
  return [
    // Ended: the window is over and no pause is on (a range of the window_started_at index).
    db
      .prepare("DELETE FROM recovery_limits WHERE window_started_at <= ?1 AND paused_until <= ?2")
      .bind(now - RECOVERY_WINDOW_MS, now),
    db
      .prepare("INSERT INTO recovery_limits (email, window_started_at) VALUES (?1, ?2) ON CONFLICT (email) DO NOTHING")
      .bind(email, now),
  ];
}

/** Starts a pause when `condition` holds and none is on; the mail follows only a pause this statement started. */
function startPause(db: ApiDatabase, email: string, now: number, condition: string, mail: PauseMail) {
  const pausedUntil = now + RECOVERY_PAUSE_MS;
  const pause = db
    .prepare(
      `UPDATE recovery_limits SET paused_until = ?2 WHERE email = ?1 AND paused_until <= ?3 AND ${condition}
       RETURNING paused_until`,
    )
    .bind(email, pausedUntil, now);
  const told = mail(pausedUntil);
  return told ? [pause, queueMailAfterChange(db, told, now)] : [pause];
}

const pausedUntilOf = (db: ApiDatabase, email: string) =>
  db.prepare("SELECT paused_until FROM recovery_limits WHERE email = ?1").bind(email);

const rowsOf = (result: D1Result | undefined) => result?.results ?? [];

/** The outbox ids of the mail a `startPause` at `at` in the batch wrote (it comes right after the pause). */
const mailedBy = (pause: unknown[], results: D1Result[], at: number) =>
  pause.length > 1 ? returnedIds(results[at + 1]) : [];

/**
 * Counts a request for a code. Within a minute of the last code nothing happens; else the address gets a code while
 * the day's window has codes left, and the request after the last one starts the pause (and `mail` tells the owner).
 */
export async function requestRecoveryCode(
  db: ApiDatabase,
  email: string,
  mail: PauseMail,
  now = Date.now(),
): Promise<CodeRequest> {
  const notRecent = `(last_code_at IS NULL OR last_code_at <= ${now - RECOVERY_RESEND_SECONDS * 1000})`;
  const pause = startPause(db, email, now, `${notRecent} AND codes_sent >= ${RECOVERY_CODES_PER_DAY}`, mail);
  const results = await db.batch([
    ...liveRow(db, email, now),
    // Before the send below, so that the request after the last code is the one that pauses.
    ...pause,
    db
      .prepare(
        `UPDATE recovery_limits SET codes_sent = codes_sent + 1, failed_since_code = 0, last_code_at = ?2
         WHERE email = ?1 AND paused_until <= ?2 AND ${notRecent} AND codes_sent < ?3 RETURNING codes_sent`,
      )
      .bind(email, now, RECOVERY_CODES_PER_DAY),
    pausedUntilOf(db, email),
  ]);
  const started = rowsOf(results[2]).length > 0;
  const sent = rowsOf(results[2 + pause.length]).length > 0;
  const pausedUntil = Number((rowsOf(results.at(-1))[0] as { paused_until?: number } | undefined)?.paused_until ?? 0);
  if (started || pausedUntil > now)
    return { outcome: "paused", pausedUntil, started, mailed: mailedBy(pause, results, 2) };
  return sent ? { outcome: "send" } : { outcome: "recent" };
}

/**
 * Claims the check of one code as a failure, before the code is checked (a right code gives it back): refused once
 * the day's window has had its wrong codes. A refusal starts the pause if the failure that used them up has not yet.
 */
export async function claimCodeCheck(
  db: ApiDatabase,
  email: string,
  mail: PauseMail,
  now = Date.now(),
): Promise<CodeCheckClaim> {
  const pause = startPause(db, email, now, `codes_failed >= ${RECOVERY_FAILURES_PER_DAY}`, mail);
  const results = await db.batch([
    ...liveRow(db, email, now),
    ...pause,
    db
      .prepare(
        `UPDATE recovery_limits SET codes_failed = codes_failed + 1, failed_since_code = failed_since_code + 1
         WHERE email = ?1 AND codes_failed < ?2 RETURNING codes_failed, failed_since_code`,
      )
      .bind(email, RECOVERY_FAILURES_PER_DAY),
    pausedUntilOf(db, email),
  ]);
  const claim = rowsOf(results[2 + pause.length])[0] as { codes_failed: number; failed_since_code: number } | undefined;
  if (claim) return { granted: true, failuresToday: claim.codes_failed, failuresSinceCode: claim.failed_since_code };
  const pausedUntil = Number((rowsOf(results.at(-1))[0] as { paused_until?: number } | undefined)?.paused_until ?? 0);
  return { granted: false, pausedUntil, started: rowsOf(results[2]).length > 0, mailed: mailedBy(pause, results, 2) };
}

/** A right code: the failure claimed for it is given back. */
export async function giveBackCodeCheck(db: ApiDatabase, email: string) {
  await db
    .prepare(
      `UPDATE recovery_limits SET codes_failed = MAX(codes_failed - 1, 0), failed_since_code = MAX(failed_since_code - 1, 0)
       WHERE email = ?1`,
    )
    .bind(email)
    .run();
}

/**
 * After the wrong code that used up the day's failures: recovery pauses (unless a pause is already on) and `mail`
 * tells the owner, and the member's live code (`memberId`) is void; the pause's end.
 */
export async function pauseAfterFailures(
  db: ApiDatabase,
  email: string,
  memberId: number | null,
  mail: PauseMail,
  now = Date.now(),
): Promise<{ pausedUntil: number; started: boolean; mailed: number[] }> {
  const pause = startPause(db, email, now, "1", mail);
  const results = await db.batch([
    ...pause,
    ...(memberId === null ? [] : [db.prepare("DELETE FROM recovery_codes WHERE member_id = ?1").bind(memberId)]),
    pausedUntilOf(db, email),
  ]);
  const pausedUntil = Number((rowsOf(results.at(-1))[0] as { paused_until?: number } | undefined)?.paused_until ?? 0);
  return { pausedUntil, started: rowsOf(results[0]).length > 0, mailed: mailedBy(pause, results, 0) };
}
