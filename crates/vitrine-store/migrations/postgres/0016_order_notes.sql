-- Order notes (issue 18): what happened to an order after it was placed (a refund, a dispute),
-- as WooCommerce's order notes. `source` names what made the note (the webhook event id), so a
-- redelivered event adds no second note. Keep in step with ../sqlite/0016_order_notes.sql.

CREATE TABLE order_notes (
    id         BIGSERIAL PRIMARY KEY,
    order_id   BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    source     TEXT    NOT NULL,
    note       TEXT    NOT NULL,
    created_at BIGINT NOT NULL,
    CONSTRAINT order_notes_source_key UNIQUE (source)
);
CREATE INDEX order_notes_by_order ON order_notes (order_id, id);
