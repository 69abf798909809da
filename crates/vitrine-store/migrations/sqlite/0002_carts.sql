-- Server-side carts (ADR 0008), one row per shopper session. Keep in step with
-- ../postgres/0002_carts.sql. `doc` is the JSON of the domain `Cart` (lines only, never
-- prices); `version` is the compare-and-swap token every save checks and increments.
-- `session_id` is the random token of the `vitrine_session` cookie. Times are unix seconds.

CREATE TABLE carts (
    session_id TEXT    PRIMARY KEY NOT NULL,
    version    INTEGER NOT NULL,
    doc        TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
-- For purging abandoned carts by age.
CREATE INDEX carts_by_updated_at ON carts (updated_at);
