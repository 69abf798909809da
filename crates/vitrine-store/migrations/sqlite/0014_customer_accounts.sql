-- Customer accounts (issue 15): WooCommerce's first and last name on the account ("Account
-- details"), and password reset links. A reset is stored only as the hex SHA-256 of its
-- token, one live reset per user (a new request replaces the old link); it is deleted when
-- used, so a link works once. Keep in step with ../postgres/0014_customer_accounts.sql.

ALTER TABLE users
    ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE users
    ADD COLUMN last_name TEXT NOT NULL DEFAULT '';

CREATE TABLE password_resets (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    CONSTRAINT password_resets_user_key UNIQUE (user_id)
);
