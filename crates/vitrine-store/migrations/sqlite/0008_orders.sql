-- Orders and payments (ADR 0014). Keep in step with ../postgres/0008_orders.sql. Only types
-- sqlx `Any` decodes: INTEGER, TEXT. Times are unix seconds, UTC; amounts minor units.
--
-- `orders.document` is the order as placed (the domain `NewOrder`, JSON: lines, addresses,
-- totals, attribution); the columns are what changes after placing and what queries filter
-- on. `resume_key` (`session:cart_hash`) is set while the order is unpaid and open, so a
-- reload or a retry of the same cart finds it instead of placing another (UNIQUE: two
-- concurrent placements of one cart make one order). `stock_reduced` (0/1): the order holds
-- its lines' stock (taken at placing, given back when an unpaid order is cancelled).

CREATE TABLE orders (
    id                   INTEGER PRIMARY KEY,
    order_key            TEXT    NOT NULL,
    status               TEXT    NOT NULL,
    currency             TEXT    NOT NULL,
    total_minor          INTEGER NOT NULL,
    customer_id          INTEGER,
    session_id           TEXT    NOT NULL,
    cart_hash            TEXT    NOT NULL,
    resume_key           TEXT,
    stock_reduced        INTEGER NOT NULL DEFAULT 0,
    payment_method_title TEXT    NOT NULL DEFAULT '',
    transaction_id       TEXT,
    paid_at              INTEGER,
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL,
    document             TEXT    NOT NULL,
    CONSTRAINT orders_resume_key_key UNIQUE (resume_key)
);
-- Unpaid orders by age (the hold-time cancel) and a customer's orders.
CREATE INDEX orders_by_status ON orders (status, created_at);
CREATE INDEX orders_by_customer ON orders (customer_id, created_at);

-- The lines again, one row each, for reports and stock queries without reading documents.
CREATE TABLE order_lines (
    order_id     INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    product_id   INTEGER NOT NULL,
    variation_id INTEGER,
    name         TEXT    NOT NULL,
    quantity     INTEGER NOT NULL,
    total_minor  INTEGER NOT NULL,
    PRIMARY KEY (order_id, position)
);

-- Units on hand of every managed-stock product and variation (`item_id`: the product's or
-- the variation's id). The truth for stock: orders take units with one conditional update
-- (`quantity >= n` unless backorders are allowed), product reads overlay it on the
-- documents' `stock_quantity`, imports write it with the documents.
CREATE TABLE stock (
    item_id    INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL,
    quantity   INTEGER NOT NULL
);
CREATE INDEX stock_by_product ON stock (product_id);
INSERT INTO stock (item_id, product_id, quantity)
SELECT id, id, CAST(json_extract(document, '$.inventory.stock_quantity') AS INTEGER)
FROM products
WHERE json_extract(document, '$.inventory.stock_quantity') IS NOT NULL;
INSERT INTO stock (item_id, product_id, quantity)
SELECT CAST(json_extract(v.value, '$.id') AS INTEGER), p.id,
       CAST(json_extract(v.value, '$.inventory.stock_quantity') AS INTEGER)
FROM products p, json_each(p.document, '$.variations') v
WHERE json_extract(v.value, '$.inventory.stock_quantity') IS NOT NULL;

-- The stock an order holds, item by item, so a cancel gives back exactly what was taken.
CREATE TABLE order_stock (
    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    item_id  INTEGER NOT NULL,
    quantity INTEGER NOT NULL,
    PRIMARY KEY (order_id, item_id)
);

-- One row per `Idempotency-Key` of `POST /api/v1/checkout`: the cart it was for, its order
-- and the answer to replay (NULL until answered).
CREATE TABLE checkout_requests (
    idempotency_key TEXT    PRIMARY KEY,
    cart_hash       TEXT    NOT NULL,
    order_id        INTEGER NOT NULL,
    response        TEXT,
    created_at      INTEGER NOT NULL
);

-- Payment intents made for orders; attempt `number` n of order `order_id` uses the provider
-- idempotency keys `order-{id}-attempt-{n}-…`. `status` is the intent's as last read.
CREATE TABLE payment_attempts (
    intent_id     TEXT    PRIMARY KEY,
    order_id      INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    status        TEXT    NOT NULL,
    amount_minor  INTEGER NOT NULL,
    currency      TEXT    NOT NULL,
    client_secret TEXT    NOT NULL,
    last_error    TEXT,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    CONSTRAINT payment_attempts_order_number_key UNIQUE (order_id, number)
);
CREATE INDEX payment_attempts_by_update ON payment_attempts (updated_at);

-- Webhook event ids seen: a second delivery of one is ignored.
CREATE TABLE webhook_events (
    event_id    TEXT    PRIMARY KEY,
    kind        TEXT    NOT NULL,
    received_at INTEGER NOT NULL
);

-- Download links of paid orders. `downloads_remaining` NULL: unlimited; `expires_at` NULL:
-- never.
CREATE TABLE download_grants (
    token               TEXT    PRIMARY KEY,
    order_id            INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position            INTEGER NOT NULL,
    product_id          INTEGER NOT NULL,
    product_name        TEXT    NOT NULL,
    name                TEXT    NOT NULL,
    file                TEXT    NOT NULL,
    downloads_remaining INTEGER,
    expires_at          INTEGER,
    download_count      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX download_grants_by_order ON download_grants (order_id, position);

-- E-mails to send, queued in the transaction that decided them (one per order and kind).
-- A worker claims a row until `claimed_until`, sends it, then sets `sent_at`.
CREATE TABLE mail_outbox (
    id            INTEGER PRIMARY KEY,
    order_id      INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    recipient     TEXT    NOT NULL,
    subject       TEXT    NOT NULL,
    body_text     TEXT    NOT NULL,
    body_html     TEXT,
    claimed_until INTEGER,
    sent_at       INTEGER,
    created_at    INTEGER NOT NULL,
    CONSTRAINT mail_outbox_order_kind_key UNIQUE (order_id, kind)
);
CREATE INDEX mail_outbox_unsent ON mail_outbox (sent_at, id);
