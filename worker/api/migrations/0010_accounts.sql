-- Account recovery codes, sign-in through other providers (OAuth), newsletter subscriptions and the mail outbox.

-- One live recovery code per member; only its SHA-256 is kept. Wrong guesses are counted and end the code.
CREATE TABLE recovery_codes (
  member_id INTEGER PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

-- A provider's account linked to a member.
CREATE TABLE oauth_identities (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (provider, subject)
);

CREATE INDEX oauth_identities_member ON oauth_identities (member_id);

-- A provider's account that has no member yet: the registration ticket (SHA-256 of it) lets the reader finish
-- signing up on /oauth/register within 30 minutes.
CREATE TABLE oauth_tickets (
  ticket_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  email TEXT,
  name TEXT,
  expires_at INTEGER NOT NULL
);

CREATE TABLE subscriptions (
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  topic TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (member_id, topic)
);

-- Mail waiting for the delivery service (recovery codes, welcome letters). Nothing else reads it in production.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, id);
