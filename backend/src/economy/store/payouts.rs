//! Payouts as an admin sees them (docs/admin-contract.md): every withdrawal with its owner, the
//! queue's summary, and the decision on a pending one (a failed payout's money returns to the
//! creator's balance), audited in its transaction.

use sqlx::FromRow;

use crate::economy::store::earnings::WithdrawalRow;
use crate::kernel::money::dollars;
use crate::kernel::page::Page;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::notifications::{self, Act, Notice};
use crate::platform::db::Db;
use crate::platform::db::audit::{AuditAction, audit};

/// A withdrawal with the user who asked for it.
#[derive(Debug, Clone, FromRow)]
pub struct AdminWithdrawalRow {
    #[sqlx(flatten)]
    pub withdrawal: WithdrawalRow,
    pub user_id: i64,
    pub username: String,
    pub display_name: String,
    pub user_email: String,
}

macro_rules! admin_withdrawal_select {
    () => {
        "SELECT w.id, w.amount_cents, w.fee_cents, w.net_cents, w.payment_method,
                w.account_holder, w.account_number, w.routing_number, w.email, w.status,
                w.requested_at, w.processed_at, w.notes, w.test_mode, w.user_id, u.username, u.display_name,
                u.email AS user_email
         FROM withdrawals w JOIN users u ON u.id = w.user_id"
    };
}

/// A page of every withdrawal (of one `status` when given), newest first: the primary key, or
/// with a status `withdrawals_status_idx`. The status is a literal
/// in the SQL (one statement per status), so PostgreSQL's generic plan knows it and picks the
/// index (a parameter would let it walk the primary key and filter).
pub async fn withdrawals_page(
    db: &Db,
    status: Option<&str>,
    page: Page,
) -> Result<Vec<AdminWithdrawalRow>, sqlx::Error> {
    macro_rules! of_status {
        ($status:literal) => {
            concat!(
                admin_withdrawal_select!(),
                " WHERE w.status = '",
                $status,
                "' AND w.id < $1 ORDER BY w.id DESC LIMIT $2"
            )
        };
    }
    let sql = match status {
        None => concat!(
            admin_withdrawal_select!(),
            " WHERE w.id < $1 ORDER BY w.id DESC LIMIT $2"
        ),
        Some("pending") => of_status!("pending"),
        Some("completed") => of_status!("completed"),
        Some("failed") => of_status!("failed"),
        Some(_) => return Ok(Vec::new()),
    };
    sqlx::query_as(sql)
        .bind(page.before)
        .bind(page.fetch_limit())
        .fetch_all(&db.pool)
        .await
}

/// One withdrawal with its user.
pub async fn find_withdrawal(db: &Db, id: i64) -> Result<Option<AdminWithdrawalRow>, sqlx::Error> {
    sqlx::query_as(concat!(admin_withdrawal_select!(), " WHERE w.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The withdrawal tiles, over every withdrawal.
#[derive(Debug, Clone, Copy, FromRow)]
pub struct WithdrawalSummaryRow {
    pub pending_count: i64,
    pub total_amount: i64,
    pub total_fees: i64,
}

/// The sums come from `admin_totals` (kept by triggers, migration 0015); the pending count is a
/// range count of `withdrawals_status_idx`, as long as the admins' queue.
pub async fn withdrawal_summary(db: &Db) -> Result<WithdrawalSummaryRow, sqlx::Error> {
    sqlx::query_as(
        "SELECT (SELECT CAST(COUNT(*) AS BIGINT) FROM withdrawals WHERE status = 'pending')
                  AS pending_count,
                CAST(withdrawn_cents AS BIGINT) AS total_amount,
                CAST(withdrawal_fees_cents AS BIGINT) AS total_fees
         FROM admin_totals WHERE id = 1",
    )
    .fetch_one(&db.pool)
    .await
}

/// The decision on a withdrawal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Completed,
    Failed,
}

/// What deciding did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    /// It was pending and is now decided; its balance moved, the audit entry is written and
    /// the creator told (issue 21).
    Done(Option<Notice>),
    /// It was decided already: nothing changed.
    AlreadyProcessed,
    NotFound,
}

/// Decides a pending withdrawal in one write transaction: one conditional UPDATE
/// (`WHERE status = 'pending'`, so of two admins deciding at once only one changes it), the
/// balance row moved by the same amount (completed: pending → completed; failed: pending →
/// available; the row's CHECKs hold), and the audit entry. `test_mode`: no real money moves
/// (the payment provider's mode now), kept with the decision.
pub async fn decide_withdrawal(
    db: &Db,
    id: i64,
    decision: Decision,
    notes: &str,
    test_mode: bool,
    admin_id: i64,
    now: i64,
) -> Result<Decided, sqlx::Error> {
    let (status, action, balance_sql) = match decision {
        Decision::Completed => (
            "completed",
            AuditAction::WithdrawalCompleted,
            "UPDATE balances SET pending_cents = pending_cents - $2,
                                 completed_cents = completed_cents + $2
             WHERE user_id = $1",
        ),
        Decision::Failed => (
            "failed",
            AuditAction::WithdrawalFailed,
            "UPDATE balances SET pending_cents = pending_cents - $2,
                                 available_cents = available_cents + $2
             WHERE user_id = $1",
        ),
    };
    let mut tx = db.begin_write().await?;
    let changed: Option<(i64, i64)> = sqlx::query_as(
        "UPDATE withdrawals SET status = $2, processed_at = $3, notes = $4, test_mode = $5
         WHERE id = $1 AND status = 'pending'
         RETURNING user_id, amount_cents",
    )
    .bind(id)
    .bind(status)
    .bind(now)
    .bind(notes)
    .bind(i64::from(test_mode))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, amount)) = changed else {
        let exists: Option<(i64,)> = sqlx::query_as("SELECT id FROM withdrawals WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        tx.rollback().await?;
        return Ok(if exists.is_some() {
            Decided::AlreadyProcessed
        } else {
            Decided::NotFound
        });
    };
    let moved = sqlx::query(balance_sql)
        .bind(user_id)
        .bind(amount)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if moved != 1 {
        tx.rollback().await?;
        return Err(sqlx::Error::Protocol(format!(
            "withdrawal {id} has no balance row for user {user_id}"
        )));
    }
    audit(&mut tx, admin_id, action, id, Some(notes), now).await?;
    let told = match decision {
        Decision::Completed => format!("Your withdrawal of {} was completed", dollars(amount)),
        Decision::Failed => format!(
            "Your withdrawal of {} failed: the amount is back in your available balance",
            dollars(amount)
        ),
    };
    let act = Act::told(
        user_id,
        NotificationKind::Withdrawal,
        NotificationTargetType::Withdrawal,
        id,
        &told,
    );
    let notice = notifications::record(&mut tx, &act, now).await?;
    tx.commit().await?;
    Ok(Decided::Done(notice))
}
