-- What members like (type 0 book, 1 author, 2 article) and the cart saved to their account.
CREATE TABLE likes (
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  type INTEGER NOT NULL CHECK (type IN (0, 1, 2)),
  item_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (member_id, type, item_id)
);

CREATE TABLE carts (
  member_id INTEGER PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  -- JSON object of item id to quantity, as the contract's CartMap.
  items TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL
);
