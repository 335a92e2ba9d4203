//! The admin area (docs/admin-contract.md): the audit log, every withdrawal with its owner and
//! the decision on a pending one, every user with their counts, and the summary tiles. Each
//! list is one query per page, newest first by keyset (`id < before`) on an index; counts come
//! from index-only range counts in the same query, never a query per row.

use sqlx::FromRow;

use crate::kernel::page::Page;
use crate::platform::db::{Db, escape_like};

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
            let pattern = format!("%{}%", escape_like(&query.to_lowercase()));
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
