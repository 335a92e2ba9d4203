-- The admin tiles' totals (GET /api/admin/users/summary, /withdrawals/summary): one row kept by
-- triggers inside the writes' own transactions, so the tiles read a row instead of counting
-- every user or summing every withdrawal (DESIGN §2: no whole-table reads). The pending count
-- and the admin count stay index range counts (withdrawals_status_idx, users_admin_idx).
CREATE TABLE admin_totals (
    id                    INTEGER PRIMARY KEY CHECK (id = 1),
    users_count           BIGINT NOT NULL,
    withdrawn_cents       BIGINT NOT NULL,
    withdrawal_fees_cents BIGINT NOT NULL
);
INSERT INTO admin_totals (id, users_count, withdrawn_cents, withdrawal_fees_cents)
SELECT 1,
       (SELECT COUNT(*) FROM users),
       (SELECT COALESCE(SUM(amount_cents), 0) FROM withdrawals),
       (SELECT COALESCE(SUM(fee_cents), 0) FROM withdrawals);

-- Inserts count once per statement (a transition table), so a bulk insert (the synthetic seed's
-- 10,000 users) moves the row once, not once per row; deletes and amount changes, which nothing
-- in the app makes, count per row.
CREATE FUNCTION admin_totals_users_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE admin_totals SET users_count = users_count + (SELECT COUNT(*) FROM added) WHERE id = 1;
    RETURN NULL;
END
$$;
CREATE TRIGGER admin_totals_users_added AFTER INSERT ON users
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_users_added();

CREATE FUNCTION admin_totals_user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE admin_totals SET users_count = users_count - 1 WHERE id = 1;
    RETURN NULL;
END
$$;
CREATE TRIGGER admin_totals_user_deleted AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION admin_totals_user_deleted();

CREATE FUNCTION admin_totals_withdrawals_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE admin_totals
    SET withdrawn_cents = withdrawn_cents + (SELECT COALESCE(SUM(amount_cents), 0) FROM added),
        withdrawal_fees_cents = withdrawal_fees_cents + (SELECT COALESCE(SUM(fee_cents), 0) FROM added)
    WHERE id = 1;
    RETURN NULL;
END
$$;
CREATE TRIGGER admin_totals_withdrawals_added AFTER INSERT ON withdrawals
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_withdrawals_added();

CREATE FUNCTION admin_totals_withdrawal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        UPDATE admin_totals
        SET withdrawn_cents = withdrawn_cents + NEW.amount_cents - OLD.amount_cents,
            withdrawal_fees_cents = withdrawal_fees_cents + NEW.fee_cents - OLD.fee_cents
        WHERE id = 1;
    ELSE
        UPDATE admin_totals
        SET withdrawn_cents = withdrawn_cents - OLD.amount_cents,
            withdrawal_fees_cents = withdrawal_fees_cents - OLD.fee_cents
        WHERE id = 1;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER admin_totals_withdrawal_changed AFTER UPDATE OF amount_cents, fee_cents OR DELETE
    ON withdrawals FOR EACH ROW EXECUTE FUNCTION admin_totals_withdrawal_changed();
