-- Issue 42: a real checkout (docs/payments.md): remembered shipping addresses, checkouts paid
-- through the payment provider with their stock reserved meanwhile, orders marked shipped.

-- The address a buyer's physical items ship to, remembered per user and editable
-- (GET/PUT /api/user/shipping-address); a checkout copies it, so a later edit never changes
-- where a paid order went.
CREATE TABLE shipping_addresses (
    user_id     BIGINT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT   NOT NULL,
    line1       TEXT   NOT NULL,
    line2       TEXT,
    city        TEXT   NOT NULL,
    postal_code TEXT   NOT NULL,
    -- ISO 3166-1 alpha-2, upper case.
    country     TEXT   NOT NULL,
    updated_at  BIGINT NOT NULL
);

-- A checkout: the buyer's order of one or more lines, paid once (docs/payments.md). It is
-- created at the review step with its lines' stock reserved (`expires_at`, 15 minutes), then
-- paid through the payment provider; a failed or timed-out payment gives the stock back.
-- 'requires_action': the card asked for an extra confirmation step (3-D Secure).
CREATE TABLE checkouts (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    buyer_id           BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status             TEXT   NOT NULL CHECK (status IN ('pending_payment', 'requires_action',
                                                         'paid', 'failed', 'expired')),
    total_cents        BIGINT NOT NULL CHECK (total_cents > 0),
    currency           TEXT   NOT NULL DEFAULT 'usd',
    -- 'test' or 'stripe': the provider that takes (took) the payment.
    provider           TEXT   NOT NULL CHECK (provider IN ('test', 'stripe')),
    -- The provider's payment (a test reference, or a Stripe PaymentIntent id).
    payment_reference  TEXT,
    card_brand         TEXT,
    card_last4         TEXT   CHECK (card_last4 IS NULL OR length(card_last4) = 4),
    failure_message    TEXT,
    -- The shipping address copied at creation (physical lines only; all NULL otherwise).
    ship_name          TEXT,
    ship_line1         TEXT,
    ship_line2         TEXT,
    ship_city          TEXT,
    ship_postal_code   TEXT,
    ship_country       TEXT,
    idempotency_key    TEXT,
    expires_at         BIGINT NOT NULL,
    created_at         BIGINT NOT NULL,
    paid_at            BIGINT
);
-- The buyer's orders, newest first (keyset on id).
CREATE INDEX checkouts_buyer_idx ON checkouts (buyer_id, id);
-- A retried checkout with the same Idempotency-Key answers the first.
CREATE UNIQUE INDEX checkouts_idempotency_key ON checkouts (buyer_id, idempotency_key);
-- The release job: reservations whose time ran out.
CREATE INDEX checkouts_open_idx ON checkouts (expires_at)
    WHERE status IN ('pending_payment', 'requires_action');
-- Stripe's webhook finds the checkout of a PaymentIntent.
CREATE UNIQUE INDEX checkouts_payment_reference ON checkouts (payment_reference);

-- A checkout's lines at the price the buyer reviewed; their stock is taken at creation.
CREATE TABLE checkout_lines (
    checkout_id      BIGINT NOT NULL REFERENCES checkouts (id) ON DELETE CASCADE,
    product_id       BIGINT NOT NULL REFERENCES products (id),
    quantity         BIGINT NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    unit_price_cents BIGINT NOT NULL CHECK (unit_price_cents > 0),
    PRIMARY KEY (checkout_id, product_id)
);
CREATE INDEX checkout_lines_product_idx ON checkout_lines (product_id);

-- A paid checkout's lines become orders (one per line, as before), each naming its checkout;
-- the seller marks a physical line shipped, with an optional tracking note.
ALTER TABLE orders ADD COLUMN checkout_id BIGINT REFERENCES checkouts (id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN shipped_at BIGINT;
ALTER TABLE orders ADD COLUMN tracking_note TEXT;
CREATE INDEX orders_checkout_idx ON orders (checkout_id) WHERE checkout_id IS NOT NULL;

-- Stripe's webhook events already handled: a replayed event id is acknowledged and ignored.
CREATE TABLE stripe_events (
    event_id    TEXT   NOT NULL PRIMARY KEY,
    received_at BIGINT NOT NULL
);

-- The buyer is told when a seller marks their order shipped.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('like',
    'comment', 'reply', 'mention', 'follow', 'follow_request', 'follow_accepted', 'missed_call',
    'voicemail', 'withdrawal', 'report', 'sale', 'tip', 'shipped'));
