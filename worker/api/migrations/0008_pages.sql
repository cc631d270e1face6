-- Editorial pages: about, instructions and legal texts, as titled sections of paragraphs (JSON).
CREATE TABLE pages (
  slug TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  sections TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
