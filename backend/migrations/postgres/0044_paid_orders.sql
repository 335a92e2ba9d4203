-- Settings › Orders lists a buyer's paid checkouts only (issue 42): an attempt that failed,
-- expired or still waits for its payment is not an order.
CREATE INDEX checkouts_paid_buyer_idx ON checkouts (buyer_id, id) WHERE status = 'paid';
