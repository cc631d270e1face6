-- Recipients a member saves for checkout (at most 10 each; one may be the default).
CREATE TABLE recipients (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  cellphone TEXT NOT NULL,
  area_type INTEGER NOT NULL CHECK (area_type IN (0, 1)),
  country TEXT NOT NULL,
  city TEXT,
  area TEXT,
  address TEXT NOT NULL,
  area_code TEXT,
  tel_type TEXT,
  tel TEXT,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at TEXT NOT NULL
);

CREATE INDEX recipients_member ON recipients (member_id, is_default DESC, id);
