//! The admin area (docs/admin-contract.md): the audit log, every withdrawal with its owner and
//! the decision on a pending one, every user with their counts, and the summary tiles. Each
//! list is one query per page, newest first by keyset (`id < before`) on an index; counts come
//! from index-only range counts in the same query, never a query per row.

use sqlx::FromRow;

use crate::platform::db::Db;
use crate::economy::store::earnings::WithdrawalRow;
use crate::notifications::store::{Act, Notice};
use crate::kernel::money::dollars;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::kernel::page::Page;

/// What an audit entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    WithdrawalCompleted,
    WithdrawalFailed,
    AdCreated,
    AdPaused,
    AdResumed,
    ReportDismiss,
    ReportRemove,
    ReportSuspend,
    /// An admin opened a reported target (read-only, whatever its privacy).
    ReportView,
}

impl AuditAction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::WithdrawalCompleted => "withdrawal.completed",
            Self::WithdrawalFailed => "withdrawal.failed",
            Self::AdCreated => "ad.created",
            Self::AdPaused => "ad.paused",
            Self::AdResumed => "ad.resumed",
            Self::ReportDismiss => "report.dismiss",
            Self::ReportRemove => "report.remove",
            Self::ReportSuspend => "report.suspend",
            Self::ReportView => "report.view",
        }
    }

    pub fn target_type(self) -> &'static str {
        match self {
            Self::WithdrawalCompleted | Self::WithdrawalFailed => "withdrawal",
            Self::AdCreated | Self::AdPaused | Self::AdResumed => "ad",
            Self::ReportDismiss | Self::ReportRemove | Self::ReportSuspend | Self::ReportView => {
                "report"
            }
        }
    }
}

/// Writes one audit entry inside the caller's transaction (the change it records commits with
/// it or not at all).
pub async fn audit(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    admin_id: i64,
    action: AuditAction,
    target_id: i64,
    notes: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit_log (admin_id, action, target_type, target_id, notes, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(admin_id)
    .bind(action.as_str())
    .bind(action.target_type())
    .bind(target_id)
    .bind(notes)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// An audit entry with its admin.
#[derive(Debug, Clone, FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub admin_id: i64,
    pub admin_username: String,
    pub admin_display_name: String,
    pub action: String,
    pub target_type: String,
    pub target_id: i64,
    pub notes: Option<String>,
    pub created_at: i64,
}

/// A page of the audit log, newest first (primary key range).
pub async fn audit_page(db: &Db, page: Page) -> Result<Vec<AuditRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT a.id, a.admin_id, u.username AS admin_username,
                u.display_name AS admin_display_name, a.action, a.target_type, a.target_id,
                a.notes, a.created_at
         FROM audit_log a JOIN users u ON u.id = a.admin_id
         WHERE a.id < $1 ORDER BY a.id DESC LIMIT $2",
    )
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

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
                w.requested_at, w.processed_at, w.notes, w.user_id, u.username, u.display_name,
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
/// available; the row's CHECKs hold), and the audit entry.
pub async fn decide_withdrawal(
    db: &Db,
    id: i64,
    decision: Decision,
    notes: &str,
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
        "UPDATE withdrawals SET status = $2, processed_at = $3, notes = $4
         WHERE id = $1 AND status = 'pending'
         RETURNING user_id, amount_cents",
    )
    .bind(id)
    .bind(status)
    .bind(now)
    .bind(notes)
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

/// A user as the admin list shows them, with their counts.
#[derive(Debug, Clone, FromRow)]
pub struct AdminUserRow {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub email: String,
    pub profile_image: Option<String>,
    pub is_admin: i64,
    pub deactivated_at: Option<i64>,
    pub created_at: i64,
    pub posts_count: i64,
    pub followers_count: i64,
    pub following_count: i64,
}

/// The columns of `AdminUserRow` over `users u`; each count is an index-only range count
/// (posts_user_id_idx, follows_followee_id_idx, the follows primary key).
macro_rules! admin_user_select {
    () => {
        "SELECT u.id, u.username, u.display_name, u.email,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                u.is_admin, u.deactivated_at, u.created_at,
                (SELECT COUNT(*) FROM posts p WHERE p.user_id = u.id) AS posts_count,
                (SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id) AS followers_count,
                (SELECT COUNT(*) FROM follows f WHERE f.follower_id = u.id) AS following_count
         FROM users u"
    };
}

/// A page of every user (deactivated ones too), newest first by the primary key; with `query`,
/// only those whose username, display name or email contains it (case-insensitive; a filter on
/// the same key range).
pub async fn users_page(
    db: &Db,
    query: Option<&str>,
    page: Page,
) -> Result<Vec<AdminUserRow>, sqlx::Error> {
    match query {
        Some(query) => {
            let pattern = format!("%{}%", super::users::escape_like(&query.to_lowercase()));
            sqlx::query_as(concat!(
                admin_user_select!(),
                " WHERE u.id < $1
                    AND (lower(u.username) LIKE $2 ESCAPE '\\'
                         OR lower(u.display_name) LIKE $2 ESCAPE '\\'
                         OR lower(u.email) LIKE $2 ESCAPE '\\')
                  ORDER BY u.id DESC LIMIT $3"
            ))
            .bind(page.before)
            .bind(pattern)
            .bind(page.fetch_limit())
            .fetch_all(&db.pool)
            .await
        }
        None => {
            sqlx::query_as(concat!(
                admin_user_select!(),
                " WHERE u.id < $1 ORDER BY u.id DESC LIMIT $2"
            ))
            .bind(page.before)
            .bind(page.fetch_limit())
            .fetch_all(&db.pool)
            .await
        }
    }
}

/// (every user, admins): the first from `admin_totals` (kept by triggers, migration 0015), the
/// second a range count of the partial index `users_admin_idx`.
pub async fn user_counts(db: &Db) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT CAST(users_count AS BIGINT),
                (SELECT CAST(COUNT(*) AS BIGINT) FROM users WHERE is_admin = 1)
         FROM admin_totals WHERE id = 1",
    )
    .fetch_one(&db.pool)
    .await
}

/// Totals over every ad: (revenue cents, impressions, clicks). A read of the whole `ads` table,
/// which admins fill by hand (one row per campaign); a totals row would instead be written by
/// every impression of every ad.
/// The creator economy's totals in cents (issue 23): the platform's fees, sales and tips
/// volumes, from the one totals row (kept by 0027's trigger).
pub async fn economy_totals(db: &Db) -> Result<(i64, i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT platform_fees_cents, sales_volume_cents, tips_volume_cents
         FROM admin_totals WHERE id = 1",
    )
    .fetch_one(&db.pool)
    .await
}

pub async fn ad_totals(db: &Db) -> Result<(i64, i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(revenue_cents), 0) AS BIGINT),
                CAST(COALESCE(SUM(total_impressions), 0) AS BIGINT),
                CAST(COALESCE(SUM(total_clicks), 0) AS BIGINT)
         FROM ads",
    )
    .fetch_one(&db.pool)
    .await
}
