-- Catalogue: publishers, authors (contributors), product types and products with their contributors and samples.
CREATE TABLE publishers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE authors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  bio TEXT NOT NULL DEFAULT ''
);

CREATE TABLE product_types (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES product_types (id),
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  subtitle TEXT,
  format INTEGER NOT NULL CHECK (format BETWEEN 1 AND 4),
  category_id INTEGER NOT NULL CHECK (category_id BETWEEN 1 AND 4),
  product_type_id INTEGER NOT NULL REFERENCES product_types (id),
  publisher_id INTEGER REFERENCES publishers (id),
  isbn TEXT CHECK (isbn IS NULL OR (length(isbn) = 13 AND isbn NOT GLOB '*[^0-9]*')),
  published_on TEXT,
  price_list INTEGER NOT NULL CHECK (price_list >= 0),
  price_sale INTEGER NOT NULL CHECK (price_sale >= 0 AND price_sale <= price_list),
  stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
  is_pre_order INTEGER NOT NULL DEFAULT 0 CHECK (is_pre_order IN (0, 1)),
  quantity_max INTEGER CHECK (quantity_max IS NULL OR quantity_max >= 0),
  readmoo_link TEXT,
  cover_url TEXT NOT NULL,
  cover_width INTEGER NOT NULL CHECK (cover_width > 0),
  cover_height INTEGER NOT NULL CHECK (cover_height > 0),
  description TEXT NOT NULL DEFAULT '',
  table_of_contents TEXT NOT NULL DEFAULT '',
  is_new INTEGER NOT NULL DEFAULT 0,
  is_pick INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE INDEX products_type ON products (product_type_id, published_on DESC);
CREATE INDEX products_publisher ON products (publisher_id, published_on DESC);

CREATE TABLE product_contributors (
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  author_id INTEGER NOT NULL REFERENCES authors (id),
  role INTEGER NOT NULL CHECK (role BETWEEN 1 AND 4),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, author_id, role)
);

CREATE INDEX product_contributors_author ON product_contributors (author_id);

CREATE TABLE product_samples (
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  PRIMARY KEY (product_id, position)
);
