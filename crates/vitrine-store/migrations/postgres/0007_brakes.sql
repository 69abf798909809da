-- Brakes on repeated attempts (ADR 0010, amendment for issue 11). Keep in step with
-- ../sqlite/0007_brakes.sql. One row per counted key (`scope:digest`, never an address or an
-- email in clear): `tat` is GCRA's theoretical arrival time in unix milliseconds, `allowed`
-- the verdict of the key's last reservation (1/0), read back by the same statement. A row
-- whose `tat` has passed counts as absent; the adapter deletes such rows now and then.

CREATE TABLE brakes (
    brake_key TEXT    PRIMARY KEY,
    tat       BIGINT  NOT NULL,
    allowed   BIGINT  NOT NULL
);
CREATE INDEX brakes_by_tat ON brakes (tat);
