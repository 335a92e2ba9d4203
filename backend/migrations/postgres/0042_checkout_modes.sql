-- Issue 42: a cart is bought only through a checkout (POST /api/checkouts, then pay); the
-- one-click POST /api/orders and its Idempotency-Key reservations are gone. Orders placed
-- before keep their `idempotency_key` column (it is read by nothing and written by nothing now).
DROP TABLE order_keys;

-- Whether the checkout was opened while no real money moves (the test provider, or Stripe with
-- test keys): written when it opens, never changed, so its receipt keeps saying so after the
-- site goes live. Every checkout before this one was the built-in test provider's.
ALTER TABLE checkouts ADD COLUMN test_mode INTEGER NOT NULL DEFAULT 1 CHECK (test_mode IN (0, 1));
