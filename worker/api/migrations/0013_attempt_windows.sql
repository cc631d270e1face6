-- Sign-in and recovery attempts per e-mail, in fixed windows (replaces login_failures, whose read-then-write
-- count could be raced). One row per address: when its window started and how many attempts were checked in it.
-- The window runs 15 minutes from its first attempt and is never extended, so a stranger cannot lock the owner
-- out for longer. Expired rows are deleted through the index on window_started_at.
DROP TABLE login_failures;

CREATE TABLE attempt_windows (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  window_started_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL
);

CREATE INDEX attempt_windows_started ON attempt_windows (window_started_at);
