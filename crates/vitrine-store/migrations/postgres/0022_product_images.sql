-- Which products show each image (ADR 0044): `/media/{image}-{width}.svg` draws an image as
-- its product's subject, so every instance, after any restart, must find the product from the
-- image id alone. Written with the category and tag rows when a product is written (its own
-- images and its variations'). Products stored before this table are filled in by the store
-- after migrating (`catalogue::images::fill_images`, once: the counter row
-- 'product_images_filled' says it is done; a document that does not parse adds nothing).
-- Keep in step with ../sqlite/0022_product_images.sql.
CREATE TABLE product_images (
    image_id   BIGINT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    PRIMARY KEY (image_id, product_id)
);
CREATE INDEX product_images_by_product ON product_images (product_id);
INSERT INTO id_counters (name, last_id) VALUES ('product_images_filled', 0);
