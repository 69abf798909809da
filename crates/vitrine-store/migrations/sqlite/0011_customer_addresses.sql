-- Customers' saved billing and shipping addresses (issue 15, My account → Addresses): one row
-- per account and kind, the checked address as JSON (the domain `Address`). Checkout prefills
-- its form from them and a signed-in customer's order saves them. Keep in step with
-- ../postgres/0011_customer_addresses.sql. Times are unix seconds, UTC.

CREATE TABLE customer_addresses (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('billing', 'shipping')),
    document   TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
);
