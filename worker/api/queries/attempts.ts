// The throttle of sign-in attempts per e-mail address: at most MAX_ATTEMPTS passwords checked in a fixed 15-minute
// window that starts with the window's first attempt. It counts passwords only: recovery has limits of its own
// (recovery-limits.ts), so failing to sign in never blocks recovery, nor the other way round. An attempt is claimed
// before the password is checked, in one statement (count and increment together), so parallel requests cannot all
// slip past the count; a right password (or a password reset with a mailed code) then clears the window.
import type { ApiDatabase } from "../types";

export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS = 5;

/** Claims one attempt for the address; false when the window's attempts are used up (answer code 7). */
export async function claimAttempt(db: ApiDatabase, email: string, now = Date.now()): Promise<boolean> {
  const [, claim] = await db.batch([
    // Ended windows go first (a range of the window_started_at index), so a conflict below is a live window.
    db.prepare("DELETE FROM attempt_windows WHERE window_started_at <= ?1").bind(now - ATTEMPT_WINDOW_MS),
    // A new window starts at 1; a live one counts up while below the limit. A full window is left as it is
    // (neither counted nor extended) and RETURNING gives no row.
    db
      .prepare(
        `INSERT INTO attempt_windows (email, window_started_at, attempts) VALUES (?1, ?2, 1)
         ON CONFLICT (email) DO UPDATE SET attempts = attempts + 1 WHERE attempts < ?3
         RETURNING attempts`,
      )
      .bind(email, now, MAX_ATTEMPTS),
  ]);
  return (claim?.results.length ?? 0) > 0;
}

/** After a right password, or a reset with a mailed code: the address starts afresh. */
export async function clearAttempts(db: ApiDatabase, email: string) {
  await db.prepare("DELETE FROM attempt_windows WHERE email = ?1").bind(email).run();
}
