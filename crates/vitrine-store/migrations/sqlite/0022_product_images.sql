-- Which products show each image (ADR 0044): `/media/{image}-{width}.svg` draws an image as
-- its product's subject, so every instance, after any restart, must find the product from the
-- image id alone. Written with the category and tag rows when a product is written (its own
-- images and its variations'); filled here from the documents already stored (a document that
-- is not valid JSON adds nothing). Keep in step with ../postgres/0022_product_images.sql.
CREATE TABLE product_images (
    image_id   INTEGER NOT NULL,
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    PRIMARY KEY (image_id, product_id)
) WITHOUT ROWID;
CREATE INDEX product_images_by_product ON product_images (product_id);

INSERT OR IGNORE INTO product_images (image_id, product_id)
SELECT json_extract(i.value, '$.id'), p.id
FROM products p,
     json_each(CASE WHEN json_valid(p.document) THEN p.document ELSE '{}' END, '$.images') i
WHERE json_type(i.value, '$.id') = 'integer'
UNION
SELECT json_extract(v.value, '$.image.id'), p.id
FROM products p,
     json_each(CASE WHEN json_valid(p.document) THEN p.document ELSE '{}' END, '$.variations') v
WHERE json_type(v.value, '$.image.id') = 'integer';
