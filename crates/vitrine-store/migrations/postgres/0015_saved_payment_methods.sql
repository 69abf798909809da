-- Saved cards (issue 15): each account's link to the payment provider's customer, made on
-- first need, and the cards it kept. Keep in step with ../sqlite/0015_saved_payment_methods.sql.
-- A card is only the provider's payment-method id and what the payment methods table shows
-- (brand, last four, expiry, the default flag): never a card number. Times are unix seconds.

CREATE TABLE payment_customers (
    user_id              BIGINT  NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    provider_customer_id TEXT    NOT NULL,
    created_at           BIGINT  NOT NULL,
    CONSTRAINT payment_customers_provider_key UNIQUE (provider_customer_id)
);

CREATE TABLE saved_payment_methods (
    id                 BIGSERIAL PRIMARY KEY,
    user_id            BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider_method_id TEXT    NOT NULL,
    brand              TEXT    NOT NULL,
    last4              TEXT    NOT NULL,
    exp_month          BIGINT  NOT NULL,
    exp_year           BIGINT  NOT NULL,
    is_default         BIGINT  NOT NULL DEFAULT 0,
    created_at         BIGINT  NOT NULL,
    CONSTRAINT saved_payment_methods_provider_key UNIQUE (provider_method_id)
);
CREATE INDEX saved_payment_methods_by_user ON saved_payment_methods (user_id, created_at);
