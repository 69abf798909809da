-- Google Ads is its own consent category (spec §6, issue 14 item 5): the proof log keeps it.
-- Decisions recorded before it existed covered Google Ads under marketing, so they take the
-- marketing value. Keep in step with ../postgres/0018_consent_google_ads.sql.

ALTER TABLE tracking_consent_log ADD COLUMN google_ads BIGINT NOT NULL DEFAULT 0;

UPDATE tracking_consent_log SET google_ads = marketing;
