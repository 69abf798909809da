-- Pricing settings saved through the API (issue 12, ADR 0012 amendment): the currency list and
-- the discount rules, each one JSON document (the domain's CurrencyConfig / DiscountConfig) that
-- overrides the configuration file's table. Every save takes the next number from id_counters
-- 'pricing_settings' in its transaction; instances poll that number and reload when it moves,
-- and page caches can key on it. Keep in step with ../sqlite/0012_pricing_settings.sql.

CREATE TABLE pricing_settings (
    name       TEXT    PRIMARY KEY,
    document   TEXT    NOT NULL,
    version    BIGINT  NOT NULL,
    updated_at BIGINT  NOT NULL
);
INSERT INTO id_counters (name, last_id) VALUES ('pricing_settings', 0);
