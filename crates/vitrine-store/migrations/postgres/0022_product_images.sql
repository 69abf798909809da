-- Which products show each image (ADR 0044): `/media/{image}-{width}.svg` draws an image as
-- its product's subject, so every instance, after any restart, must find the product from the
-- image id alone. Written with the category and tag rows when a product is written (its own
-- images and its variations'); filled here from the documents already stored (a document that
-- is not valid JSON adds nothing). Keep in step with ../sqlite/0022_product_images.sql.
CREATE TABLE product_images (
    image_id   BIGINT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    PRIMARY KEY (image_id, product_id)
);
CREATE INDEX product_images_by_product ON product_images (product_id);

-- PostgreSQL 15 has no pg_input_is_valid: a document that does not parse reads as NULL.
CREATE FUNCTION vitrine_document_or_null(document TEXT) RETURNS JSONB
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN document::jsonb;
EXCEPTION WHEN others THEN
    RETURN NULL;
END
$$;

WITH documents AS (
    SELECT id, vitrine_document_or_null(document) AS d FROM products
),
owned AS (
    SELECT i.value -> 'id' AS image, documents.id AS product
    FROM documents
    CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(d -> 'images') = 'array' THEN d -> 'images' ELSE '[]' END) i
    UNION ALL
    SELECT v.value -> 'image' -> 'id', documents.id
    FROM documents
    CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(d -> 'variations') = 'array' THEN d -> 'variations' ELSE '[]' END) v
)
INSERT INTO product_images (image_id, product_id)
SELECT DISTINCT (image #>> '{}')::bigint, product FROM owned WHERE jsonb_typeof(image) = 'number'
ON CONFLICT DO NOTHING;

DROP FUNCTION vitrine_document_or_null(TEXT);
