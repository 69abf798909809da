-- The test provider numbers each event after the highest so far (`MAX(seq) + 1`, in the
-- transaction that writes it): without an index leading with `seq` that is a scan of every
-- event ever written, under the write lock, twice per paid order (issue 18 item 12).
CREATE INDEX test_provider_events_seq ON test_provider_events (seq);
