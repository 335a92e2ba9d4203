-- Tips paid through Stripe (issue 42): a tip waits as `pending` with its PaymentIntent until
-- Stripe's webhook pays it; housekeeping gives up the ones abandoned for an hour.
ALTER TABLE tips ADD COLUMN payment_intent TEXT;
CREATE INDEX tips_pending_idx ON tips (created_at) WHERE status = 'pending';
