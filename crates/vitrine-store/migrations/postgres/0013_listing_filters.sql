-- Layered navigation and the popularity and rating orders (issue 13). Keep in step with
-- ../sqlite/0013_listing_filters.sql.
--
-- product_terms: one row per attribute term a product offers (slugs, as in
-- filter_color=navy-blue, plus their names), rewritten with the product; `is_global` marks
-- WooCommerce's global attributes, the ones a filter panel counts. Rows of products written
-- before this migration are filled in by the store when it migrates (the counter row
-- 'product_terms_filled' says it is done).
CREATE TABLE product_terms (
    product_id     BIGINT  NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    attribute      TEXT    NOT NULL,
    term           TEXT    NOT NULL,
    attribute_name TEXT    NOT NULL,
    term_name      TEXT    NOT NULL,
    is_global      BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, attribute, term)
);
CREATE INDEX product_terms_by_term ON product_terms (attribute, term, product_id);
INSERT INTO id_counters (name, last_id) VALUES ('product_terms_filled', 0);

-- Units sold on paid orders, and approved reviews' average stars in hundredths with how many
-- rated: kept beside the product so the two orders use an index.
ALTER TABLE products
    ADD COLUMN total_sales BIGINT NOT NULL DEFAULT 0;
ALTER TABLE products
    ADD COLUMN average_rating BIGINT NOT NULL DEFAULT 0;
ALTER TABLE products
    ADD COLUMN rating_count BIGINT NOT NULL DEFAULT 0;
CREATE INDEX products_by_sales ON products (status, visibility, total_sales);
CREATE INDEX products_by_rating ON products (status, visibility, average_rating, rating_count);
UPDATE products
    SET total_sales = COALESCE((SELECT SUM(l.quantity) FROM order_lines l
        JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = products.id AND o.paid_at IS NOT NULL), 0);
UPDATE products
    SET rating_count = (SELECT COUNT(*) FROM reviews r
            WHERE r.product_id = products.id AND r.status = 'approved' AND r.rating IS NOT NULL),
        average_rating = COALESCE((SELECT CAST(ROUND(AVG(r.rating) * 100) AS BIGINT) FROM reviews r
            WHERE r.product_id = products.id AND r.status = 'approved' AND r.rating IS NOT NULL), 0);
