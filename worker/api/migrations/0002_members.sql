-- Members, their server-side sessions (1 day) and failed sign-in attempts (for throttling).
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  cellphone TEXT,
  birthday TEXT,
  gender INTEGER CHECK (gender IS NULL OR gender IN (0, 1, 2)),
  created_at TEXT NOT NULL
);

-- Only a SHA-256 of each token is stored: a leaked table does not let anyone sign in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE INDEX sessions_member ON sessions (member_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

CREATE TABLE login_failures (
  email TEXT NOT NULL COLLATE NOCASE,
  at INTEGER NOT NULL
);

CREATE INDEX login_failures_email ON login_failures (email, at);
