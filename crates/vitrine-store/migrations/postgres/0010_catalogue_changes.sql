-- The catalogue's change counter (issue 13): every product write takes the next number from
-- id_counters 'catalogue_changes' and records it in products.change_seq, so each server
-- instance's search index can ask for what changed since the number it last saw. The counter
-- row is updated inside the writing transaction, so writers are serialised on it and a
-- number is never committed after a larger one. Keep in step with ../sqlite/0010_catalogue_changes.sql.

ALTER TABLE products
    ADD COLUMN change_seq BIGINT NOT NULL DEFAULT 0;
CREATE INDEX products_by_change ON products (change_seq, id);
INSERT INTO id_counters (name, last_id) VALUES ('catalogue_changes', 0);
