-- Full-text search over products with the trigram tokenizer (any part of a Chinese word matches), kept in step
-- with products, their contributors and publisher by triggers.
CREATE VIRTUAL TABLE products_fts USING fts5 (title, subtitle, contributors, publisher, isbn, tokenize = 'trigram');

CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts (rowid, title, subtitle, contributors, publisher, isbn)
  VALUES (
    NEW.id,
    NEW.title,
    COALESCE(NEW.subtitle, ''),
    COALESCE((SELECT group_concat(a.name, ' ') FROM product_contributors pc JOIN authors a ON a.id = pc.author_id
               WHERE pc.product_id = NEW.id), ''),
    COALESCE((SELECT name FROM publishers WHERE id = NEW.publisher_id), ''),
    COALESCE(NEW.isbn, '')
  );
END;

CREATE TRIGGER products_fts_after_update AFTER UPDATE ON products BEGIN
  UPDATE products_fts
     SET title = NEW.title,
         subtitle = COALESCE(NEW.subtitle, ''),
         publisher = COALESCE((SELECT name FROM publishers WHERE id = NEW.publisher_id), ''),
         isbn = COALESCE(NEW.isbn, '')
   WHERE rowid = NEW.id;
END;

CREATE TRIGGER products_fts_after_delete AFTER DELETE ON products BEGIN
  DELETE FROM products_fts WHERE rowid = OLD.id;
END;

CREATE TRIGGER product_contributors_fts_after_insert AFTER INSERT ON product_contributors BEGIN
  UPDATE products_fts
     SET contributors = COALESCE((SELECT group_concat(a.name, ' ') FROM product_contributors pc
                                    JOIN authors a ON a.id = pc.author_id WHERE pc.product_id = NEW.product_id), '')
   WHERE rowid = NEW.product_id;
END;

CREATE TRIGGER product_contributors_fts_after_delete AFTER DELETE ON product_contributors BEGIN
  UPDATE products_fts
     SET contributors = COALESCE((SELECT group_concat(a.name, ' ') FROM product_contributors pc
                                    JOIN authors a ON a.id = pc.author_id WHERE pc.product_id = OLD.product_id), '')
   WHERE rowid = OLD.product_id;
END;

-- Rows that existed before this migration.
INSERT INTO products_fts (rowid, title, subtitle, contributors, publisher, isbn)
SELECT p.id, p.title, COALESCE(p.subtitle, ''),
       COALESCE((SELECT group_concat(a.name, ' ') FROM product_contributors pc JOIN authors a ON a.id = pc.author_id
                  WHERE pc.product_id = p.id), ''),
       COALESCE((SELECT name FROM publishers WHERE id = p.publisher_id), ''),
       COALESCE(p.isbn, '')
  FROM products p;
