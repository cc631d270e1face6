-- Listing orders and filters (new books, picks, formats) at catalogue scale.
CREATE INDEX products_published ON products (published_on DESC, id DESC);
CREATE INDEX products_price ON products (price_sale, id);
CREATE INDEX products_title ON products (title, id);
CREATE INDEX products_format ON products (format, published_on DESC);
CREATE INDEX products_new ON products (is_new, published_on DESC);
CREATE INDEX products_pick ON products (is_pick, published_on DESC);
CREATE INDEX product_types_parent ON product_types (parent_id, position);
