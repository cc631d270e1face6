// Linked provider accounts and registration tickets.
import { tokenHash } from "../auth/tokens";

const TICKET_SECONDS = 30 * 60;

export async function memberOfIdentity(db: D1Database, provider: string, subject: string) {
  const row = await db
    .prepare("SELECT member_id FROM oauth_identities WHERE provider = ?1 AND subject = ?2")
    .bind(provider, subject)
    .first<{ member_id: number }>();
  return row?.member_id ?? null;
}

export async function createTicket(
  db: D1Database,
  ticket: string,
  identity: { provider: string; subject: string; email: string | null; name: string | null },
  now = Date.now(),
) {
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

export async function findTicket(db: D1Database, ticket: string, now = Date.now()) {
  return db
    .prepare("SELECT provider, subject FROM oauth_tickets WHERE ticket_hash = ?1 AND expires_at > ?2")
    .bind(await tokenHash(ticket), now)
    .first<{ provider: string; subject: string }>();
}

/** Links the provider account to the new member and spends the ticket, in one transaction. */
export async function linkIdentity(
  db: D1Database,
  ticket: string,
  provider: string,
  subject: string,
  memberId: number,
) {
  await db.batch([
    db
      .prepare(
        `INSERT INTO oauth_identities (provider, subject, member_id, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT DO NOTHING`,
      )
      .bind(provider, subject, memberId, new Date().toISOString()),
    db.prepare("DELETE FROM oauth_tickets WHERE ticket_hash = ?1").bind(await tokenHash(ticket)),
  ]);
}
