-- The offline test provider's state (ADR 0014). Keep in step with
-- ../sqlite/0009_test_provider.sql. Objects are the provider's JSON documents (never a card
-- number) with a version for compare-and-swap and the id of what owns them (a payment method's
-- customer, a charge's intent); idempotency records answer a retried request
-- with its first answer (`status` NULL while the request runs, until `lease_until`); events
-- wait in `test_provider_events` until the webhook is delivered.

CREATE TABLE test_provider_objects (
    id         TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL,
    version    BIGINT  NOT NULL,
    owner      TEXT,
    body       TEXT    NOT NULL
);
CREATE INDEX test_provider_objects_by_owner ON test_provider_objects (kind, owner);

CREATE TABLE test_provider_idempotency (
    idem_key     TEXT    PRIMARY KEY,
    request_hash TEXT    NOT NULL,
    status       BIGINT,
    response     TEXT,
    created_at   BIGINT  NOT NULL,
    lease_until  BIGINT  NOT NULL
);

CREATE TABLE test_provider_events (
    id           TEXT    PRIMARY KEY,
    seq          BIGINT  NOT NULL,
    created      BIGINT  NOT NULL,
    body         TEXT    NOT NULL,
    delivered_at BIGINT
);
CREATE INDEX test_provider_events_pending ON test_provider_events (delivered_at, seq);
