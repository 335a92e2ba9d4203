//! Ads: serving a placement in rotation, and counting impressions and clicks. An impression and
//! a click are each deduplicated per (ad, viewer) for `CLICK_WINDOW_MS` by one conditional
//! upsert (issue 39: impressions too); a counted click is charged by one conditional UPDATE that adds at most what is left of the budget, so concurrent clicks
//! can never take revenue past it (the CHECK constraint backs this up). Times come from the
//! caller (the injected clock).

use sqlx::FromRow;

use crate::platform::db::{Db, Tx};

/// Repeated clicks (and impressions) by one viewer on one ad within this window count once
/// (issue 39).
pub const CLICK_WINDOW_MS: i64 = 10 * 60 * 1000;
/// The most ads one placement request answers.
pub const MAX_SERVED: i64 = 10;

/// An `ads` row.
#[derive(Debug, Clone, FromRow)]
pub struct AdRow {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub image_url: String,
    pub target_url: String,
    pub advertiser_name: String,
    pub category: String,
    pub budget_cents: i64,
    pub cost_per_click_cents: i64,
    pub start_date: i64,
    pub end_date: i64,
    pub is_active: i64,
    pub total_impressions: i64,
    pub total_clicks: i64,
    pub revenue_cents: i64,
    pub created_at: i64,
}

macro_rules! ad_columns {
    () => {
        "id, title, description, image_url, target_url, advertiser_name, category, budget_cents,
         cost_per_click_cents, start_date, end_date, is_active, total_impressions, total_clicks,
         revenue_cents, created_at"
    };
}

pub struct NewAd<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub image_url: &'a str,
    pub target_url: &'a str,
    pub advertiser_name: &'a str,
    /// `feed`, `story`, `banner` or `sidebar`.
    pub category: &'a str,
    pub budget_cents: i64,
    pub cost_per_click_cents: i64,
    pub start_date: i64,
    pub end_date: i64,
    pub is_active: bool,
    pub created_at: i64,
}

/// Inserts an ad (the demo seed and tests); answers its id.
pub async fn insert(db: &Db, new: NewAd<'_>) -> Result<i64, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    insert_row(&mut conn, &new, None).await
}

/// The INSERT of an ad, on a connection or inside a transaction.
async fn insert_row(
    conn: &mut sqlx::AnyConnection,
    new: &NewAd<'_>,
    media_key: Option<&str>,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO ads (title, description, image_url, target_url, advertiser_name, category,
                          budget_cents, cost_per_click_cents, start_date, end_date, is_active,
                          created_at, media_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(new.title)
    .bind(new.description)
    .bind(new.image_url)
    .bind(new.target_url)
    .bind(new.advertiser_name)
    .bind(new.category)
    .bind(new.budget_cents)
    .bind(new.cost_per_click_cents)
    .bind(new.start_date)
    .bind(new.end_date)
    .bind(i64::from(new.is_active))
    .bind(new.created_at)
    .bind(media_key)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// One ad by id, whatever its state.
pub async fn find(db: &Db, id: i64) -> Result<Option<AdRow>, sqlx::Error> {
    sqlx::query_as(concat!("SELECT ", ad_columns!(), " FROM ads WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The ads of one placement that may be shown at `now`: active, inside their dates, revenue
/// below budget; least shown first (rotation), at most `MAX_SERVED`.
pub async fn serving(db: &Db, category: &str, now: i64) -> Result<Vec<AdRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        ad_columns!(),
        " FROM ads
         WHERE category = $1 AND is_active = 1 AND start_date <= $2 AND end_date >= $2
           AND revenue_cents < budget_cents
         ORDER BY total_impressions, id
         LIMIT $3"
    ))
    .bind(category)
    .bind(now)
    .bind(MAX_SERVED)
    .fetch_all(&db.pool)
    .await
}

/// What an impression did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Impression {
    Counted,
    /// The viewer was shown this ad within the window: not counted again.
    Repeated,
    /// No active ad with this id inside its dates.
    NotFound,
}

/// Records that `viewer_key` was shown an ad that is active and inside its dates at `now`, in
/// one short write transaction: counted once per viewer and ad in `CLICK_WINDOW_MS` (issue 39),
/// with the same conditional upsert as a click's.
pub async fn record_impression(
    db: &Db,
    ad_id: i64,
    viewer_key: &str,
    now: i64,
) -> Result<Impression, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let counted = count_once(&mut tx, IMPRESSION_ONCE, ad_id, viewer_key, now).await?;
    let outcome = if counted {
        sqlx::query("UPDATE ads SET total_impressions = total_impressions + 1 WHERE id = $1")
            .bind(ad_id)
            .execute(&mut *tx)
            .await?;
        Impression::Counted
    } else {
        if servable(&mut tx, ad_id, now).await? {
            Impression::Repeated
        } else {
            Impression::NotFound
        }
    };
    tx.commit().await?;
    Ok(outcome)
}

/// Counts an impression: inserts the (ad, viewer) row, or moves it forward when the last
/// counted one is older than the window; only an active ad inside its dates is counted.
const IMPRESSION_ONCE: &str = "INSERT INTO ad_impressions (ad_id, viewer_key, seen_at)
     SELECT id, $2, $3 FROM ads
     WHERE id = $1 AND is_active = 1 AND start_date <= $3 AND end_date >= $3
     ON CONFLICT (ad_id, viewer_key) DO UPDATE SET seen_at = excluded.seen_at
     WHERE ad_impressions.seen_at <= excluded.seen_at - $4";

/// Counts a click, as `IMPRESSION_ONCE` counts an impression.
const CLICK_ONCE: &str = "INSERT INTO ad_clicks (ad_id, viewer_key, clicked_at)
     SELECT id, $2, $3 FROM ads
     WHERE id = $1 AND is_active = 1 AND start_date <= $3 AND end_date >= $3
     ON CONFLICT (ad_id, viewer_key) DO UPDATE SET clicked_at = excluded.clicked_at
     WHERE ad_clicks.clicked_at <= excluded.clicked_at - $4";

/// Runs one of the conditional upserts above: whether this impression or click counts (one
/// statement, so there is no read-then-write race between two of the viewer's requests).
async fn count_once(
    tx: &mut Tx,
    sql: &'static str,
    ad_id: i64,
    viewer_key: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let affected = sqlx::query(sql)
        .bind(ad_id)
        .bind(viewer_key)
        .bind(now)
        .bind(CLICK_WINDOW_MS)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(affected == 1)
}

/// Whether ad `ad_id` is active and inside its dates at `now` (an impression or click that was
/// not counted: repeated, or of no servable ad).
async fn servable(
    conn: &mut sqlx::AnyConnection,
    ad_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM ads
         WHERE id = $1 AND is_active = 1 AND start_date <= $2 AND end_date >= $2",
    )
    .bind(ad_id)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

/// What a click did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Click {
    /// Counted and charged (at most what was left of the budget).
    Charged,
    /// The viewer clicked this ad within the window: not counted again.
    Repeated,
    /// Counted for dedupe, but the budget was spent already: nothing charged.
    BudgetSpent,
    /// No active ad with this id inside its dates.
    NotFound,
}

/// Records a click by `viewer_key` (a user or an anonymous client) in one short write
/// transaction. The dedupe row is inserted, or moved forward only when the last counted click
/// is older than the window (one conditional upsert: no read-then-write race); a counted click
/// then adds `MIN(cost per click, budget − revenue)` to revenue in one conditional UPDATE.
pub async fn record_click(
    db: &Db,
    ad_id: i64,
    viewer_key: &str,
    now: i64,
) -> Result<Click, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let counted = count_once(&mut tx, CLICK_ONCE, ad_id, viewer_key, now).await?;
    if !counted {
        let servable = servable(&mut tx, ad_id, now).await?;
        tx.commit().await?;
        return Ok(if servable {
            Click::Repeated
        } else {
            Click::NotFound
        });
    }
    let charged = sqlx::query(
        "UPDATE ads SET
           total_clicks = total_clicks + 1,
           revenue_cents = revenue_cents
             + CASE WHEN cost_per_click_cents < budget_cents - revenue_cents
                    THEN cost_per_click_cents ELSE budget_cents - revenue_cents END
         WHERE id = $1 AND revenue_cents < budget_cents",
    )
    .bind(ad_id)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    tx.commit().await?;
    Ok(if charged {
        Click::Charged
    } else {
        Click::BudgetSpent
    })
}

/// Deletes click and impression dedupe rows whose window has passed at `now`.
pub async fn forget_old_clicks(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let clicks = sqlx::query("DELETE FROM ad_clicks WHERE clicked_at <= $1")
        .bind(now - CLICK_WINDOW_MS)
        .execute(&db.pool)
        .await?
        .rows_affected();
    let impressions = sqlx::query("DELETE FROM ad_impressions WHERE seen_at <= $1")
        .bind(now - CLICK_WINDOW_MS)
        .execute(&db.pool)
        .await?
        .rows_affected();
    Ok(clicks + impressions)
}

/// How many ads of `category` exist (the demo seed tops them up).
pub async fn count_in(db: &Db, category: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM ads WHERE category = $1")
        .bind(category)
        .fetch_one(&db.pool)
        .await?;
    Ok(count)
}

/// Inserts an ad an admin created, with its audit entry, in one transaction; answers its id.
/// `media_key`: the stored image when it was uploaded.
pub async fn create_by_admin(
    db: &Db,
    new: NewAd<'_>,
    media_key: Option<&str>,
    admin_id: i64,
) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let id = insert_row(&mut tx, &new, media_key).await?;
    crate::platform::db::audit::audit(
        &mut tx,
        admin_id,
        crate::platform::db::audit::AuditAction::AdCreated,
        id,
        None,
        new.created_at,
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// Pauses or resumes an ad with its audit entry, in one transaction; `None` when there is no
/// such ad. Serving reads `is_active`, so a paused ad stops being served at once. Setting the
/// state it already has changes nothing and writes no entry.
pub async fn set_active(
    db: &Db,
    id: i64,
    active: bool,
    admin_id: i64,
    now: i64,
) -> Result<Option<AdRow>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let changed = sqlx::query("UPDATE ads SET is_active = $2 WHERE id = $1 AND is_active <> $2")
        .bind(id)
        .bind(i64::from(active))
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1;
    if changed {
        let action = if active {
            crate::platform::db::audit::AuditAction::AdResumed
        } else {
            crate::platform::db::audit::AuditAction::AdPaused
        };
        crate::platform::db::audit::audit(&mut tx, admin_id, action, id, None, now).await?;
    }
    let row = sqlx::query_as(concat!("SELECT ", ad_columns!(), " FROM ads WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(row)
}

/// A page of every ad (paused and spent too), newest first by the primary key.
pub async fn admin_page(
    db: &Db,
    page: crate::kernel::page::Page,
) -> Result<Vec<AdRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        ad_columns!(),
        " FROM ads WHERE id < $1 ORDER BY id DESC LIMIT $2"
    ))
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}
