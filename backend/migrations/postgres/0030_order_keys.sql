-- An order's Idempotency-Key is reserved before its charge (issue 23, docs/economy-contract.md),
-- as a tip's is: a concurrent retry of the same key finds the reservation and is told to wait
-- (409) instead of being charged a second time. The row goes once the order is placed (the
-- order holds the key then) or refused; one older than five minutes (a crash between the two)
-- may be taken over by a retry.
CREATE TABLE order_keys (
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    idempotency_key TEXT   NOT NULL,
    reserved_at     BIGINT NOT NULL,
    PRIMARY KEY (user_id, idempotency_key)
);
