-- The creator economy, first slice (issue 23, docs/economy-contract.md): tips, and a ledger
-- that knows what each credit came from and what the platform kept. Portable shapes (DESIGN
-- §1): ids BIGINT, money BIGINT cents, times BIGINT epoch milliseconds.

-- A tip: reserved as 'pending' (its Idempotency-Key taken) before the charge, so concurrent
-- retries wait (409) instead of charging twice; 'paid' with its credit in one transaction once
-- charged; deleted when the charge fails.
CREATE TABLE tips (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    from_user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    to_user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_cents      BIGINT NOT NULL CHECK (amount_cents BETWEEN 100 AND 50000),
    fee_cents         BIGINT NOT NULL CHECK (fee_cents >= 0 AND fee_cents <= amount_cents),
    post_id           BIGINT REFERENCES posts (id) ON DELETE SET NULL,
    reel_id           BIGINT REFERENCES reels (id) ON DELETE SET NULL,
    message           TEXT,
    status            TEXT   NOT NULL CHECK (status IN ('pending', 'paid')),
    payment_reference TEXT,
    idempotency_key   TEXT,
    created_at        BIGINT NOT NULL,
    CHECK (from_user_id <> to_user_id),
    CHECK ((status = 'paid') = (payment_reference IS NOT NULL))
);
-- A retry with the same key finds the first tip (NULL keys never collide).
CREATE UNIQUE INDEX tips_idempotency_key ON tips (from_user_id, idempotency_key);
-- Deleting a user finds the tips they received.
CREATE INDEX tips_to_user_id_idx ON tips (to_user_id);

-- What each credit came from: 'sale' (an order of the creator's work), 'tip', or 'other' (the
-- demo seed, `atelier admin credit`). amount_cents stays what the creator got; fee_cents is
-- what the platform kept of what the buyer or tipper paid.
ALTER TABLE earning_credits ADD COLUMN source TEXT NOT NULL DEFAULT 'other'
    CHECK (source IN ('sale', 'tip', 'other'));
ALTER TABLE earning_credits ADD COLUMN fee_cents BIGINT NOT NULL DEFAULT 0 CHECK (fee_cents >= 0);
ALTER TABLE earning_credits ADD COLUMN from_user_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE earning_credits ADD COLUMN post_id BIGINT REFERENCES posts (id) ON DELETE SET NULL;
ALTER TABLE earning_credits ADD COLUMN reel_id BIGINT REFERENCES reels (id) ON DELETE SET NULL;
ALTER TABLE earning_credits ADD COLUMN order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL;
ALTER TABLE earning_credits ADD COLUMN tip_id BIGINT REFERENCES tips (id) ON DELETE SET NULL;
-- The earnings chart: a creator's credits of the last days, a range of this index.
CREATE INDEX earning_credits_user_created_idx ON earning_credits (user_id, created_at);
-- Deleting a user, post, reel, order or tip finds the credits naming it.
CREATE INDEX earning_credits_from_user_id_idx ON earning_credits (from_user_id)
    WHERE from_user_id IS NOT NULL;
CREATE INDEX earning_credits_post_id_idx ON earning_credits (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX earning_credits_reel_id_idx ON earning_credits (reel_id) WHERE reel_id IS NOT NULL;
CREATE INDEX earning_credits_order_id_idx ON earning_credits (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX earning_credits_tip_id_idx ON earning_credits (tip_id) WHERE tip_id IS NOT NULL;

-- The admin's revenue tiles (GET /api/admin/revenue) read these from the one totals row
-- (0015), kept by a trigger in each credit's own transaction: what the platform kept, and what
-- buyers and tippers paid. Platform revenue stays when a creator's account is deleted later.
ALTER TABLE admin_totals ADD COLUMN platform_fees_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE admin_totals ADD COLUMN sales_volume_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE admin_totals ADD COLUMN tips_volume_cents BIGINT NOT NULL DEFAULT 0;
CREATE FUNCTION admin_totals_credit_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE admin_totals
    SET platform_fees_cents = platform_fees_cents + NEW.fee_cents,
        sales_volume_cents = sales_volume_cents
            + CASE WHEN NEW.source = 'sale' THEN NEW.amount_cents + NEW.fee_cents ELSE 0 END,
        tips_volume_cents = tips_volume_cents
            + CASE WHEN NEW.source = 'tip' THEN NEW.amount_cents + NEW.fee_cents ELSE 0 END
    WHERE id = 1;
    RETURN NULL;
END;
$$;
CREATE TRIGGER admin_totals_credit_inserted AFTER INSERT ON earning_credits
FOR EACH ROW EXECUTE FUNCTION admin_totals_credit_inserted();
