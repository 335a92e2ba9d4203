-- Issue 42. Whether a withdrawal was decided while the payment provider was in test mode (no
-- real money moves): 1 for such a decision, 0 for one made while real money moved and while
-- the withdrawal is pending. Written with the decision, never changed afterwards, so a payout
-- keeps saying 'Test payout — no money sent' after the site goes live.
ALTER TABLE withdrawals ADD COLUMN test_mode INTEGER NOT NULL DEFAULT 0 CHECK (test_mode IN (0, 1));
-- Every decision before this one was made with the built-in test provider, the only provider
-- there was: none of them sent money.
UPDATE withdrawals SET test_mode = 1 WHERE status <> 'pending';
