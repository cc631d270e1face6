-- Listings of one type by price: the sort runs on the index alone instead of on every row of the type.
CREATE INDEX products_type_price ON products (product_type_id, price_sale, id);
