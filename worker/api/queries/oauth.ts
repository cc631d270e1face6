// Linked provider accounts and registration tickets.

import { welcomeMailFor } from "../account-mails";
import { newToken, SESSION_SECONDS, tokenHash } from "../auth/tokens";
import { queueMailAfterChange } from "../mail";
import type { ProviderIdentity } from "../oauth/exchange";
import type { ApiDatabase, Schemas } from "../types";
import { noteMail, type Writes } from "../writes";

const TICKET_SECONDS = 30 * 60;

export async function memberOfIdentity(db: ApiDatabase, provider: string, subject: string) {
  const row = await db
    .prepare("SELECT member_id FROM oauth_identities WHERE provider = ?1 AND subject = ?2")
    .bind(provider, subject)
    .first<{ member_id: number }>();
  return row?.member_id ?? null;
}

/** A ticket carries the provider's verified e-mail: the only e-mail an account made from it can have. */
export interface TicketIdentity {
  provider: string;
  subject: string;
  email: string;
  name: string | null;
}

export async function createTicket(db: ApiDatabase, ticket: string, identity: TicketIdentity, now = Date.now()) {
  const expiresAt = now + TICKET_SECONDS * 1000;
  await db.batch([
    db.prepare("DELETE FROM oauth_tickets WHERE expires_at <= ?1").bind(now),
    db
      .prepare(
        `INSERT INTO oauth_tickets (ticket_hash, provider, subject, email, name, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(await tokenHash(ticket), identity.provider, identity.subject, identity.email, identity.name, expiresAt),
  ]);
  return new Date(expiresAt).toISOString();
}

/** What a live ticket carries, or null; the ticket stays until createMemberWithIdentity spends it. */
export async function ticketIdentity(
  db: ApiDatabase,
  ticket: string,
  now = Date.now(),
): Promise<TicketIdentity | null> {
  const row = await db
    .prepare(
      `SELECT provider, subject, email, name FROM oauth_tickets
       WHERE ticket_hash = ?1 AND expires_at > ?2 AND email IS NOT NULL`,
    )
    .bind(await tokenHash(ticket), now)
    .first<TicketIdentity>();
  return row ?? null;
}

/**
 * Spends the ticket, creates a member with its e-mail, links the provider account, starts the member's first
 * session and writes the 歡迎加入 mail (when `writes` is given), in one transaction: a failure leaves none of them (the ticket still works). "taken" (nothing created) when
 * the e-mail or the provider account already belongs to a member; "spent" when the ticket is gone (another request
 * with it got there first, or it expired meanwhile).
 */
export async function createMemberWithIdentity(
  db: ApiDatabase,
  ticket: string,
  identity: TicketIdentity,
  name: string,
  noPassword: string,
  writes?: Writes,
  now = Date.now(),
): Promise<Schemas["Session"] | "taken" | "spent"> {
  const welcome = writes && welcomeMailFor(writes, { email: identity.email, name });
  const at = new Date(now).toISOString();
  const token = newToken();
  const expiresAt = now + SESSION_SECONDS * 1000;
  try {
    // changes() is the statement before's count: each step runs only if the one before did its one row.
    const results = await db.batch([
      db
        .prepare("DELETE FROM oauth_tickets WHERE ticket_hash = ?1 AND expires_at > ?2")
        .bind(await tokenHash(ticket), now),
      db
        .prepare(
          "INSERT INTO members (email, name, password_hash, created_at) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1",
        )
        .bind(identity.email, name, noPassword, at),
      db
        .prepare(
          `INSERT INTO oauth_identities (provider, subject, member_id, email, created_at)
           SELECT ?1, ?2, id, ?3, ?4 FROM members WHERE email = ?3 AND changes() = 1`,
        )
        .bind(identity.provider, identity.subject, identity.email, at),
      db
        .prepare(
          `INSERT INTO sessions (token_hash, member_id, expires_at, created_at)
           SELECT ?2, id, ?3, ?4 FROM members WHERE email = ?1 AND changes() = 1`,
        )
        .bind(identity.email, await tokenHash(token), expiresAt, now),
      // 歡迎加入, only when the session was inserted (the whole chain ran).
      ...(welcome ? [queueMailAfterChange(db, welcome, now)] : []),
    ]);
    if ((results[3]?.meta.changes ?? 0) !== 1) return "spent";
    noteMail(writes, results[4]);
    return { token, expires_at: new Date(expiresAt).toISOString() };
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(String(error))) return "taken";
    throw error;
  }
}

export type LinkResult = "linked" | "already-linked" | "other-member" | "provider-taken";

/**
 * Links a provider account to a member. Refused when the account belongs to another member, or when the member
 * already has another account of that provider; linking the same account again changes nothing.
 */
export async function linkIdentity(
  db: ApiDatabase,
  memberId: number,
  provider: string,
  identity: Pick<ProviderIdentity, "subject" | "email">,
): Promise<LinkResult> {
  const inserted = await db
    .prepare(
      `INSERT INTO oauth_identities (provider, subject, member_id, email, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT DO NOTHING RETURNING member_id`,
    )
    .bind(provider, identity.subject, memberId, identity.email, new Date().toISOString())
    .first();
  if (inserted) return "linked";
  const owner = await memberOfIdentity(db, provider, identity.subject);
  if (owner === memberId) return "already-linked";
  return owner === null ? "provider-taken" : "other-member";
}

export interface LinkedIdentity {
  provider: string;
  email: string | null;
  linked_at: string;
}

export async function listIdentities(db: ApiDatabase, memberId: number): Promise<LinkedIdentity[]> {
  const { results } = await db
    .prepare(
      `SELECT provider, email, created_at AS linked_at FROM oauth_identities WHERE member_id = ?1
       ORDER BY created_at, provider`,
    )
    .bind(memberId)
    .all<LinkedIdentity>();
  return results;
}

/**
 * Unlinks the member's account of a provider, unless it is their only way to sign in (no password and no other
 * link): the check and the delete are one statement, so two parallel unlinks cannot remove the last two links.
 */
export async function unlinkIdentity(
  db: ApiDatabase,
  memberId: number,
  provider: string,
  noPassword: string,
): Promise<"unlinked" | "not-linked" | "last-way-in"> {
  const deleted = await db
    .prepare(
      `DELETE FROM oauth_identities WHERE member_id = ?1 AND provider = ?2
         AND ((SELECT password_hash FROM members WHERE id = ?1) <> ?3
              OR (SELECT COUNT(*) FROM oauth_identities WHERE member_id = ?1) > 1)
       RETURNING provider`,
    )
    .bind(memberId, provider, noPassword)
    .first();
  if (deleted) return "unlinked";
  const linked = await db
    .prepare("SELECT 1 FROM oauth_identities WHERE member_id = ?1 AND provider = ?2")
    .bind(memberId, provider)
    .first();
  return linked ? "last-way-in" : "not-linked";
}
