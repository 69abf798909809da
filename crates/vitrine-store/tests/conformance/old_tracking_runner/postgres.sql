-- Tracking tables (PostgreSQL). Times are unix seconds; booleans are 0/1.
CREATE TABLE IF NOT EXISTS tracking_events (
    event_id    TEXT PRIMARY KEY NOT NULL,
    event_name  TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS tracking_outbox (
    id              TEXT PRIMARY KEY NOT NULL,
    event_id        TEXT NOT NULL REFERENCES tracking_events (event_id),
    destination     TEXT NOT NULL,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    locked_until    BIGINT,
    lease           TEXT,
    last_error      TEXT,
    created_at      BIGINT NOT NULL,
    delivered_at    BIGINT,
    UNIQUE (event_id, destination)
);

CREATE INDEX IF NOT EXISTS tracking_outbox_due ON tracking_outbox (status, next_attempt_at);

CREATE TABLE IF NOT EXISTS tracking_consent_log (
    seq            BIGSERIAL PRIMARY KEY,
    subject        TEXT NOT NULL,
    analytics      BIGINT NOT NULL,
    marketing      BIGINT NOT NULL,
    preferences    BIGINT NOT NULL,
    gpc            BIGINT NOT NULL,
    banner_version TEXT NOT NULL,
    source         TEXT NOT NULL,
    recorded_at    BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS tracking_consent_subject ON tracking_consent_log (subject, seq);

CREATE TABLE IF NOT EXISTS tracking_attribution (
    session_key TEXT PRIMARY KEY NOT NULL,
    snapshot    TEXT NOT NULL,
    first_seen  BIGINT NOT NULL,
    last_seen   BIGINT NOT NULL
);
