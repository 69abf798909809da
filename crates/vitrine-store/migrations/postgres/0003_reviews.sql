-- Product reviews. Keep in step with ../sqlite/0003_reviews.sql. `body` (the review text) and `author` are
-- untrusted plain text, escaped wherever shown; `email` is private to the shop. `rating` is
-- 1–5 or NULL (when the shop does not require one); `status` is pending / approved / spam;
-- `verified_owner` is 0/1. `import_key` is set by imports only, so re-importing adds nothing.
-- Times are unix seconds, UTC.

CREATE TABLE reviews (
    id             BIGSERIAL PRIMARY KEY,
    product_id     BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    author         TEXT   NOT NULL,
    email          TEXT,
    rating         BIGINT CHECK (rating BETWEEN 1 AND 5),
    body           TEXT   NOT NULL,
    status         TEXT   NOT NULL CHECK (status IN ('pending', 'approved', 'spam')),
    verified_owner BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    import_key     TEXT,
    CONSTRAINT reviews_import_key_key UNIQUE (import_key)
);
-- A product page's approved reviews, newest first, and their count and average.
CREATE INDEX reviews_by_product ON reviews (product_id, status, created_at);
