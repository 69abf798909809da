-- Related products (ADR 0002): per category, the products after a given id in id order.
-- `product_categories_by_category` alone makes each lookup sort the whole category.
CREATE INDEX product_categories_by_category_product ON product_categories (category_id, product_id);
