-- The saved cart's version, raised by every write (a save, or the checkout taking the ordered items out): the
-- contract's ETag of GET /cart/cache, which a save names in If-Match, so a device that saves over a cart it has not
-- seen (another device's newer save) is refused instead of losing that save. A member with no row is at version 0.
ALTER TABLE carts ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
