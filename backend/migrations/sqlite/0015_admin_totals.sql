-- The admin tiles' totals (GET /api/admin/users/summary, /withdrawals/summary): one row kept by
-- triggers inside the writes' own transactions, so the tiles read a row instead of counting
-- every user or summing every withdrawal (DESIGN §2: no whole-table reads). The pending count
-- and the admin count stay index range counts (withdrawals_status_idx, users_admin_idx).
CREATE TABLE admin_totals (
    id                    INTEGER PRIMARY KEY CHECK (id = 1),
    users_count           INTEGER NOT NULL,
    withdrawn_cents       INTEGER NOT NULL,
    withdrawal_fees_cents INTEGER NOT NULL
);
INSERT INTO admin_totals (id, users_count, withdrawn_cents, withdrawal_fees_cents)
SELECT 1,
       (SELECT COUNT(*) FROM users),
       (SELECT COALESCE(SUM(amount_cents), 0) FROM withdrawals),
       (SELECT COALESCE(SUM(fee_cents), 0) FROM withdrawals);

CREATE TRIGGER admin_totals_user_inserted AFTER INSERT ON users
BEGIN
    UPDATE admin_totals SET users_count = users_count + 1 WHERE id = 1;
END;
CREATE TRIGGER admin_totals_user_deleted AFTER DELETE ON users
BEGIN
    UPDATE admin_totals SET users_count = users_count - 1 WHERE id = 1;
END;

CREATE TRIGGER admin_totals_withdrawal_inserted AFTER INSERT ON withdrawals
BEGIN
    UPDATE admin_totals
    SET withdrawn_cents = withdrawn_cents + NEW.amount_cents,
        withdrawal_fees_cents = withdrawal_fees_cents + NEW.fee_cents
    WHERE id = 1;
END;
CREATE TRIGGER admin_totals_withdrawal_changed AFTER UPDATE OF amount_cents, fee_cents ON withdrawals
BEGIN
    UPDATE admin_totals
    SET withdrawn_cents = withdrawn_cents + NEW.amount_cents - OLD.amount_cents,
        withdrawal_fees_cents = withdrawal_fees_cents + NEW.fee_cents - OLD.fee_cents
    WHERE id = 1;
END;
CREATE TRIGGER admin_totals_withdrawal_deleted AFTER DELETE ON withdrawals
BEGIN
    UPDATE admin_totals
    SET withdrawn_cents = withdrawn_cents - OLD.amount_cents,
        withdrawal_fees_cents = withdrawal_fees_cents - OLD.fee_cents
    WHERE id = 1;
END;
