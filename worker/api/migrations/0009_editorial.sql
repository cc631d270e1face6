-- Editorial content: home banners, news (types 1–3), activities and articles.
-- Bodies are JSON arrays of paragraphs; times are ISO 8601 in UTC.

CREATE TABLE banners (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL DEFAULT '',
  -- A site path ("/product/12") or an absolute https URL.
  link TEXT NOT NULL,
  image_url TEXT NOT NULL,
  image_width INTEGER NOT NULL CHECK (image_width > 0),
  image_height INTEGER NOT NULL CHECK (image_height > 0),
  position INTEGER NOT NULL DEFAULT 0,
  starts_at TEXT NOT NULL,
  ends_at TEXT
);

CREATE TABLE news (
  id INTEGER PRIMARY KEY,
  -- 1 活動快訊, 2 系統公告, 3 客服公告 (SPEC §3).
  type INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL,
  is_pinned INTEGER NOT NULL DEFAULT 0 CHECK (is_pinned IN (0, 1)),
  published_at TEXT NOT NULL
);

CREATE INDEX news_published ON news (is_pinned DESC, published_at DESC, id DESC);
CREATE INDEX news_type_published ON news (type, is_pinned DESC, published_at DESC, id DESC);

CREATE TABLE activities (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL,
  cover_url TEXT NOT NULL,
  cover_width INTEGER NOT NULL CHECK (cover_width > 0),
  cover_height INTEGER NOT NULL CHECK (cover_height > 0),
  -- Where: a venue name, its address (NULL when online) and whether it happens online.
  venue TEXT NOT NULL,
  address TEXT,
  is_online INTEGER NOT NULL DEFAULT 0 CHECK (is_online IN (0, 1)),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL CHECK (ends_at >= starts_at),
  capacity INTEGER CHECK (capacity IS NULL OR capacity > 0),
  -- Free to attend, or a fee in whole NT$.
  fee INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
  registration_url TEXT,
  published_at TEXT NOT NULL
);

CREATE INDEX activities_starts ON activities (starts_at, id);
CREATE INDEX activities_ends ON activities (ends_at, id);

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL,
  -- A column name such as 書評, 專訪, 閱讀生活.
  category TEXT NOT NULL,
  author_id INTEGER REFERENCES authors (id),
  cover_url TEXT NOT NULL,
  cover_width INTEGER NOT NULL CHECK (cover_width > 0),
  cover_height INTEGER NOT NULL CHECK (cover_height > 0),
  published_at TEXT NOT NULL
);

CREATE INDEX articles_published ON articles (published_at DESC, id DESC);
CREATE INDEX articles_author ON articles (author_id, published_at DESC);
CREATE INDEX articles_category ON articles (category, published_at DESC);

-- The books an article talks about, in the order it mentions them.
CREATE TABLE article_products (
  article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (article_id, product_id)
);
