// Recovery codes on D1 (how many may be sent and checked per address and day: recovery-limits.ts).

import { passwordChangedMailFor } from "../account-mails";
import { RECOVERY_CODE_SECONDS, RECOVERY_MAX_ATTEMPTS } from "../auth/recovery-code";
import { newToken, SESSION_SECONDS, tokenHash } from "../auth/tokens";
import { type Mail, queueMailAfterChange } from "../mail";
import type { ApiDatabase, Schemas } from "../types";
import { noteMail, returnedIds, type Writes } from "../writes";

/**
 * Stores the member's new code (replacing any earlier one) and writes the mail that carries it, in one batch: a code
 * is never stored without its mail, nor mailed without being stored. The mail's outbox ids.
 */
export async function storeRecoveryCode(
  db: ApiDatabase,
  memberId: number,
  codeHash: string,
  mail: Mail,
  now = Date.now(),
): Promise<number[]> {
  const [, mailed] = await db.batch([
    db
      .prepare(
        `INSERT INTO recovery_codes (member_id, code_hash, expires_at, attempts, created_at) VALUES (?1, ?2, ?3, 0, ?4)
         ON CONFLICT (member_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at,
           attempts = 0, created_at = excluded.created_at`,
      )
      .bind(memberId, codeHash, now + RECOVERY_CODE_SECONDS * 1000, now),
    queueMailAfterChange(db, mail, now),
  ]);
  return returnedIds(mailed);
}

type CodeCheck = "valid" | "wrong" | "used-up";

/**
 * Checks a code, each step one statement so parallel requests cannot race it: a right, live code is "valid" and stays
 * until resetPassword spends it in the same transaction as the change it allows (so a failed write leaves it usable);
 * a wrong one counts as an attempt, and the last allowed wrong one voids the code.
 */
export async function checkRecoveryCode(
  db: ApiDatabase,
  memberId: number,
  codeHash: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const right = await db
    .prepare(
      `SELECT member_id FROM recovery_codes
       WHERE member_id = ?1 AND code_hash = ?2 AND expires_at > ?3 AND attempts < ?4`,
    )
    .bind(memberId, codeHash, now, RECOVERY_MAX_ATTEMPTS)
    .first();
  if (right) return "valid";
  const counted = await db
    .prepare(
      `UPDATE recovery_codes SET attempts = attempts + 1 WHERE member_id = ?1 AND expires_at > ?2 AND attempts < ?3
       RETURNING attempts`,
    )
    .bind(memberId, now, RECOVERY_MAX_ATTEMPTS)
    .first<{ attempts: number }>();
  if (!counted || counted.attempts < RECOVERY_MAX_ATTEMPTS) return "wrong";
  // Already void (attempts reached the limit); deleting it is tidying up.
  await db.prepare("DELETE FROM recovery_codes WHERE member_id = ?1").bind(memberId).run();
  return "used-up";
}

/**
 * Spends the code, sets the new password, ends every session, unlinks every provider account and starts the member's
 * new session, in one transaction: a failure leaves none of them (the code still works). A reset is how a member
 * takes back an account someone else got into; a provider account that person linked would otherwise still let them
 * in, so the member links their own again from /member/security. Null (nothing changed) when the code is no longer
 * there to spend: another request with it got there first. With `notice`, the 密碼已變更 mail to the member's address is
 * written in the same transaction, only if the password did change.
 */
export async function resetPassword(
  db: ApiDatabase,
  memberId: number,
  codeHash: string,
  passwordHash: string,
  now = Date.now(),
  notice?: { writes: Writes; email: string },
): Promise<Schemas["Session"] | null> {
  const token = newToken();
  const mail = notice && passwordChangedMailFor(notice.writes, notice.email, "recovery-code", now);
  const expiresAt = now + SESSION_SECONDS * 1000;
  // Every statement after the spend runs only if the password is now this reset's own (salted, so unique) hash.
  const reset = "EXISTS (SELECT 1 FROM members WHERE id = ?1 AND password_hash = ?2)";
  const results = await db.batch([
    db
      .prepare(
        "DELETE FROM recovery_codes WHERE member_id = ?1 AND code_hash = ?2 AND expires_at > ?3 AND attempts < ?4",
      )
      .bind(memberId, codeHash, now, RECOVERY_MAX_ATTEMPTS),
    // changes() is the statement before's count: the password changes only if this request spent the code.
    db.prepare("UPDATE members SET password_hash = ?2 WHERE id = ?1 AND changes() = 1").bind(memberId, passwordHash),
    ...(mail ? [queueMailAfterChange(db, mail, now)] : []),
    db.prepare(`DELETE FROM sessions WHERE member_id = ?1 AND ${reset}`).bind(memberId, passwordHash),
    db.prepare(`DELETE FROM oauth_identities WHERE member_id = ?1 AND ${reset}`).bind(memberId, passwordHash),
    db
      .prepare(
        `INSERT INTO sessions (token_hash, member_id, expires_at, created_at) SELECT ?3, ?1, ?4, ?5 WHERE ${reset}`,
      )
      .bind(memberId, passwordHash, await tokenHash(token), expiresAt, now),
  ]);
  if ((results[1]?.meta.changes ?? 0) !== 1) return null;
  if (mail) noteMail(notice?.writes, results[2]);
  return { token, expires_at: new Date(expiresAt).toISOString() };
}
