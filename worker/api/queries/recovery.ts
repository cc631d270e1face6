// Recovery codes on D1.
import { RECOVERY_CODE_SECONDS, RECOVERY_MAX_ATTEMPTS, RECOVERY_RESEND_SECONDS } from "../auth/recovery-code";
import type { ApiDatabase } from "../types";

interface CodeRow {
  code_hash: string;
  expires_at: number;
  attempts: number;
  created_at: number;
}

function liveCode(db: ApiDatabase, memberId: number) {
  return db
    .prepare("SELECT code_hash, expires_at, attempts, created_at FROM recovery_codes WHERE member_id = ?1")
    .bind(memberId)
    .first<CodeRow>();
}

/** Whether a code was mailed to this member less than a minute ago. */
export async function sentRecently(db: ApiDatabase, memberId: number, now = Date.now()) {
  const row = await liveCode(db, memberId);
  return row !== null && now - row.created_at < RECOVERY_RESEND_SECONDS * 1000;
}

/** Stores a new code, replacing the previous one. */
export async function storeRecoveryCode(db: ApiDatabase, memberId: number, codeHash: string, now = Date.now()) {
  await db
    .prepare(
      `INSERT INTO recovery_codes (member_id, code_hash, expires_at, attempts, created_at) VALUES (?1, ?2, ?3, 0, ?4)
       ON CONFLICT (member_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at,
         attempts = 0, created_at = excluded.created_at`,
    )
    .bind(memberId, codeHash, now + RECOVERY_CODE_SECONDS * 1000, now)
    .run();
}

type CodeCheck = "valid" | "wrong" | "used-up";

/**
 * Checks a code, each step one statement so parallel requests cannot race it: a right, live code is spent at once
 * (only one request can spend it); a wrong one counts as an attempt, and the last allowed wrong one voids the code.
 */
export async function checkRecoveryCode(
  db: ApiDatabase,
  memberId: number,
  codeHash: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const spent = await db
    .prepare(
      `DELETE FROM recovery_codes WHERE member_id = ?1 AND code_hash = ?2 AND expires_at > ?3 AND attempts < ?4
       RETURNING member_id`,
    )
    .bind(memberId, codeHash, now, RECOVERY_MAX_ATTEMPTS)
    .first();
  if (spent) return "valid";
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
 * Sets the new password, ends every session, unlinks every provider account and spends the code, in one
 * transaction. A reset is how a member takes back an account someone else got into; a provider account that
 * person linked would otherwise still let them in, so the member links their own again from /member/security.
 */
export async function resetPassword(db: ApiDatabase, memberId: number, passwordHash: string) {
  await db.batch([
    db.prepare("UPDATE members SET password_hash = ?2 WHERE id = ?1").bind(memberId, passwordHash),
    db.prepare("DELETE FROM sessions WHERE member_id = ?1").bind(memberId),
    db.prepare("DELETE FROM oauth_identities WHERE member_id = ?1").bind(memberId),
    db.prepare("DELETE FROM recovery_codes WHERE member_id = ?1").bind(memberId),
  ]);
}
