-- Accounts, login sessions and content blocks (ADR 0010). Keep in step with
-- ../postgres/0005_accounts_content.sql. Emails are stored lower-cased (unique); passwords only
-- as Argon2id PHC strings; sessions only as the hex SHA-256 of their cookie token. Times are
-- unix seconds, UTC.

CREATE TABLE users (
    id                           INTEGER PRIMARY KEY AUTOINCREMENT,
    email                        TEXT    NOT NULL,
    display_name                 TEXT    NOT NULL,
    role                         TEXT    NOT NULL CHECK (role IN ('administrator', 'shop_manager', 'editor', 'author', 'customer')),
    password_hash                TEXT    NOT NULL,
    coming_soon_banner_dismissed INTEGER NOT NULL DEFAULT 0,
    created_at                   INTEGER NOT NULL,
    CONSTRAINT users_email_key UNIQUE (email)
);

CREATE TABLE auth_sessions (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
);
CREATE INDEX auth_sessions_by_user ON auth_sessions (user_id);

CREATE TABLE content_blocks (
    slug       TEXT    PRIMARY KEY,
    title      TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    updated_at INTEGER NOT NULL
);

-- The home page's newest well-rated reviews across the shop.
CREATE INDEX reviews_by_status_time ON reviews (status, created_at);
