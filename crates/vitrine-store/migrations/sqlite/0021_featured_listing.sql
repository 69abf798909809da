-- The featured listing (the home page's first block) sorted by menu order: `featured` was in
-- no index, so its order read every product's row (its whole document) — the bulk of the
-- first `/` after a start at 100,000 products (ADR 0034). A partial index holds only the
-- featured products, in the listing's `WHERE` and `ORDER BY` columns.
CREATE INDEX products_featured_by_menu_order
    ON products (status, visibility, menu_order, sort_name) WHERE featured = 1;
