// Members and sessions on D1.

import { passwordChangedMailFor, welcomeMailFor } from "../account-mails";
import { memberOfSessionSql, type SessionRef } from "../auth/session-in-query";
import { newToken, SESSION_SECONDS, tokenHash } from "../auth/tokens";
import { queueMailAfterChange } from "../mail";
import type { ApiDatabase, Schemas } from "../types";
import { noteMail, type Writes } from "../writes";

interface MemberRow {
  id: number;
  email: string;
  name: string;
  cellphone: string | null;
  birthday: string | null;
  gender: 0 | 1 | 2 | null;
  created_at: string;
}

export async function findMemberForLogin(db: ApiDatabase, email: string) {
  return db
    .prepare("SELECT id, email, password_hash FROM members WHERE email = ?1")
    .bind(email)
    .first<{ id: number; email: string; password_hash: string }>();
}

/**
 * Creates a member, their first session and the 歡迎加入 mail (when `writes` is given) in one transaction, so a failure
 * leaves none of them (a member without the session would make the reader's retry a conflict); null (nothing created)
 * when the e-mail is already registered.
 */
export async function createMemberWithSession(
  db: ApiDatabase,
  member: { email: string; name: string; passwordHash: string },
  writes?: Writes,
  now = Date.now(),
): Promise<Schemas["Session"] | null> {
  const token = newToken();
  const expiresAt = now + SESSION_SECONDS * 1000;
  const welcome = writes && welcomeMailFor(writes, member);
  const [created, , mailed] = await db.batch([
    db
      .prepare(
        `INSERT INTO members (email, name, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
      )
      .bind(member.email, member.name, member.passwordHash, new Date(now).toISOString()),
    // The member this batch created, and only them: no one else has this freshly salted password hash.
    db
      .prepare(
        `INSERT INTO sessions (token_hash, member_id, expires_at, created_at)
         SELECT ?3, id, ?4, ?5 FROM members WHERE email = ?1 AND password_hash = ?2`,
      )
      .bind(member.email, member.passwordHash, await tokenHash(token), expiresAt, now),
    // Only when the session was inserted, that is when this batch created the member.
    ...(welcome ? [queueMailAfterChange(db, welcome, now)] : []),
  ]);
  if (!created?.results.length) return null;
  noteMail(writes, mailed);
  return { token, expires_at: new Date(expiresAt).toISOString() };
}

export async function findProfile(db: ApiDatabase, memberId: number): Promise<Schemas["MemberProfile"] | null> {
  return db
    .prepare("SELECT id, email, name, cellphone, birthday, gender, created_at FROM members WHERE id = ?1")
    .bind(memberId)
    .first<MemberRow>();
}

/** The profile of the member whose live session `session` names, in one round trip; null when it names no one. */
export async function findProfileOfSession(db: ApiDatabase, session: SessionRef): Promise<MemberRow | null> {
  return db
    .prepare(
      `SELECT id, email, name, cellphone, birthday, gender, created_at FROM members WHERE id = ${memberOfSessionSql(1)}`,
    )
    .bind(session.tokenHash, session.now)
    .first<MemberRow>();
}

/** Starts a 1-day session with a new token; the token is returned once and only its hash is stored. */
export async function createSession(db: ApiDatabase, memberId: number, now = Date.now()): Promise<Schemas["Session"]> {
  const token = newToken();
  const expiresAt = now + SESSION_SECONDS * 1000;
  await db.batch([
    db.prepare("DELETE FROM sessions WHERE member_id = ?1 AND expires_at <= ?2").bind(memberId, now),
    db
      .prepare("INSERT INTO sessions (token_hash, member_id, expires_at, created_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(await tokenHash(token), memberId, expiresAt, now),
  ]);
  return { token, expires_at: new Date(expiresAt).toISOString() };
}

/** The member a token belongs to, while its session lasts. */
export async function memberOfToken(db: ApiDatabase, token: string, now = Date.now()): Promise<number | null> {
  const row = await db
    .prepare(`SELECT ${memberOfSessionSql(1)} AS member_id`)
    .bind(await tokenHash(token), now)
    .first<{ member_id: number | null }>();
  return row?.member_id ?? null;
}

export async function endSession(db: ApiDatabase, token: string) {
  await db
    .prepare("DELETE FROM sessions WHERE token_hash = ?1")
    .bind(await tokenHash(token))
    .run();
}

export async function updateProfile(
  db: ApiDatabase,
  memberId: number,
  profile: Pick<Schemas["MemberProfile"], "name" | "cellphone" | "birthday" | "gender">,
) {
  await db
    .prepare("UPDATE members SET name = ?2, cellphone = ?3, birthday = ?4, gender = ?5 WHERE id = ?1")
    .bind(memberId, profile.name, profile.cellphone, profile.birthday, profile.gender)
    .run();
}

/** What a password change is checked against and told to: the member's password hash and address. */
export async function credentialsOf(
  db: ApiDatabase,
  memberId: number,
): Promise<{ password_hash: string; email: string } | null> {
  return db
    .prepare("SELECT password_hash, email FROM members WHERE id = ?1")
    .bind(memberId)
    .first<{ password_hash: string; email: string }>();
}

/**
 * Sets a new password over `currentHash` (the hash the current password was just checked against) and ends every
 * other session of the member; with `writes`, the 密碼已變更 notice to `email` is written in the same batch. Nothing
 * changes, and false is returned, when the password is no longer `currentHash`: another request changed it first (a
 * form sent twice), so only one change, and one notice, is made.
 */
export async function changePassword(
  db: ApiDatabase,
  change: { memberId: number; email: string; currentHash: string; passwordHash: string; keepTokenHash: string },
  writes?: Writes,
  now = Date.now(),
): Promise<boolean> {
  const { memberId, currentHash, passwordHash, keepTokenHash } = change;
  const notice = writes && passwordChangedMailFor(writes, change.email, "security-page", now);
  const results = await db.batch([
    db
      .prepare("UPDATE members SET password_hash = ?2 WHERE id = ?1 AND password_hash = ?3")
      .bind(memberId, passwordHash, currentHash),
    ...(notice ? [queueMailAfterChange(db, notice, now)] : []),
    // Only this request's change ends the other sessions (its salted hash is its own).
    db
      .prepare(
        "DELETE FROM sessions WHERE member_id = ?1 AND token_hash <> ?2 AND EXISTS (SELECT 1 FROM members WHERE id = ?1 AND password_hash = ?3)",
      )
      .bind(memberId, keepTokenHash, passwordHash),
  ]);
  const changed = (results[0]?.meta.changes ?? 0) === 1;
  if (changed && notice) noteMail(writes, results[1]);
  return changed;
}

/** Ends every session of the member but the one of `keepTokenHash`; how many were ended. */
export async function endOtherSessions(db: ApiDatabase, memberId: number, keepTokenHash: string): Promise<number> {
  const result = await db
    .prepare("DELETE FROM sessions WHERE member_id = ?1 AND token_hash <> ?2")
    .bind(memberId, keepTokenHash)
    .run();
  return result.meta.changes;
}
