-- Issue 39. A withdrawal may carry the Idempotency-Key of its request, as orders and tips do:
-- a retry with the same key answers the first withdrawal instead of asking for a second payout.
ALTER TABLE withdrawals ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX withdrawals_idempotency_key ON withdrawals (user_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

-- Impression dedupe, as ad_clicks is for clicks: the last counted impression of each viewer (a
-- user id, or a hash of an anonymous client's address) on each ad; within 10 minutes of it
-- another is not counted. Keys written before this migration in ad_clicks still hashed the
-- user agent; they expire within the window.
CREATE TABLE ad_impressions (
    ad_id      BIGINT NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
    viewer_key TEXT   NOT NULL,
    seen_at    BIGINT NOT NULL,
    PRIMARY KEY (ad_id, viewer_key)
);
-- The housekeeping sweep of rows past the window.
CREATE INDEX ad_impressions_seen_at_idx ON ad_impressions (seen_at);
