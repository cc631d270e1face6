-- Password recovery's own limits per e-mail address, apart from the sign-in throttle (attempt_windows, which from
-- now on counts wrong passwords only: failing to sign in no longer blocks recovery, nor the other way round).
-- One row per address, kept for members and non-members alike so that the replies tell nobody who is a member:
-- the day's window (24 hours from its first request), the codes sent and the wrong codes checked in it, the wrong
-- codes since the last code was sent (the fifth voids it), when the last code was sent (one a minute), and the end
-- of a pause. Past a cap recovery pauses for a day: no new codes until paused_until; the counters stay until both
-- the window and the pause have ended, and then the row is deleted (through the index on window_started_at).
CREATE TABLE recovery_limits (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  window_started_at INTEGER NOT NULL,
  codes_sent INTEGER NOT NULL DEFAULT 0,
  codes_failed INTEGER NOT NULL DEFAULT 0,
  failed_since_code INTEGER NOT NULL DEFAULT 0,
  last_code_at INTEGER,
  paused_until INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX recovery_limits_window ON recovery_limits (window_started_at);
