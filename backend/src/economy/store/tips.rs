//! Tips (issue 23, docs/economy-contract.md). A tip is reserved first — a `pending` row that
//! takes the tipper's Idempotency-Key — then charged, then made `paid` together with the
//! creator's credit, the balance and the notification in one write transaction. A concurrent
//! retry of the same key finds the reservation and waits (409); a retry after it finds the paid
//! tip. A failed charge deletes the reservation: nothing is kept.

use sqlx::FromRow;

use super::earnings::{NewCredit, Source, insert_credit};
use crate::kernel::page::Page;
use crate::notifications::rules::notification::{
    NotificationKind, NotificationTargetType, preview,
};
use crate::notifications::{Act, Notice, record};
use crate::platform::db::visibility::{in_audience, not_blocked};
use crate::platform::db::{Db, violates_unique};

/// A tip with the creator it went to.
#[derive(Debug, Clone, FromRow)]
pub struct TipRow {
    pub id: i64,
    pub from_user_id: i64,
    pub to_user_id: i64,
    pub to_username: String,
    pub to_display_name: String,
    pub to_profile_image: Option<String>,
    pub amount_cents: i64,
    pub fee_cents: i64,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub message: Option<String>,
    pub status: String,
    pub created_at: i64,
}

macro_rules! tip_view {
    () => {
        "SELECT t.id, t.from_user_id, t.to_user_id, u.username AS to_username,
                u.display_name AS to_display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS to_profile_image,
                t.amount_cents, t.fee_cents, t.post_id, t.reel_id, t.message, t.status,
                t.created_at
         FROM tips t JOIN users u ON u.id = t.to_user_id"
    };
}

/// The tips `user` sent (paid ones), newest first: 'Tips you sent' (uses
/// `tips_from_export_idx`). The creators are named even when deactivated or blocked since: it is
/// the sender's own record.
pub async fn sent_page(db: &Db, user: i64, page: Page) -> Result<Vec<TipRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        tip_view!(),
        " WHERE t.from_user_id = $1 AND t.status = 'paid' AND t.id < $2
          ORDER BY t.id DESC LIMIT $3"
    ))
    .bind(user)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// A tip to be made: checked by the caller except for what the database knows.
#[derive(Debug, Clone)]
pub struct NewTip<'a> {
    pub from_user_id: i64,
    pub to_user_id: i64,
    pub amount_cents: i64,
    pub fee_cents: i64,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub message: Option<&'a str>,
    pub idempotency_key: Option<&'a str>,
    pub created_at: i64,
}

/// Why a tip cannot go where it was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreachable {
    /// No such creator, deactivated, or blocked either way.
    User,
    /// The post is not theirs, is gone, or the tipper may not see it.
    Post,
    Reel,
}

/// Whether `new`'s creator, and the post or reel it names, may be tipped by its tipper.
pub async fn reachable(db: &Db, new: &NewTip<'_>) -> Result<Result<(), Unreachable>, sqlx::Error> {
    let user: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT u.id FROM users u WHERE u.id = $1 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$2", "u.id")
    ))
    .bind(new.to_user_id)
    .bind(new.from_user_id)
    .fetch_optional(&db.pool)
    .await?;
    if user.is_none() {
        return Ok(Err(Unreachable::User));
    }
    if let Some(post) = new.post_id {
        let found: Option<(i64,)> = sqlx::query_as(concat!(
            "SELECT p.id FROM posts p
             WHERE p.id = $1 AND p.user_id = $2 AND p.removed_at IS NULL AND ",
            in_audience!("$3", "p.user_id")
        ))
        .bind(post)
        .bind(new.to_user_id)
        .bind(new.from_user_id)
        .fetch_optional(&db.pool)
        .await?;
        if found.is_none() {
            return Ok(Err(Unreachable::Post));
        }
    }
    if let Some(reel) = new.reel_id {
        let found: Option<(i64,)> = sqlx::query_as(concat!(
            "SELECT r.id FROM reels r
             WHERE r.id = $1 AND r.user_id = $2 AND r.removed_at IS NULL AND ",
            in_audience!("$3", "r.user_id")
        ))
        .bind(reel)
        .bind(new.to_user_id)
        .bind(new.from_user_id)
        .fetch_optional(&db.pool)
        .await?;
        if found.is_none() {
            return Ok(Err(Unreachable::Reel));
        }
    }
    Ok(Ok(()))
}

/// How long a reserved (pending) tip holds its key before a retry may take it over: the
/// request that reserved it died between the reservation and the payment (a crash).
pub const TIP_KEY_STALE_MS: i64 = 5 * 60 * 1000;

/// What reserving a tip found.
#[derive(Debug)]
pub enum Reserved {
    /// The tip to charge, then `pay` or `cancel`: a new reservation, or a stale one of the same
    /// tip taken over (charged again with the same provider key, so a charge the dead request
    /// made is not made twice).
    New(i64),
    /// The key's tip, already paid (a retry of the same tip).
    Paid(Box<TipRow>),
    /// The key's tip is still being charged by another request.
    InFlight,
    /// The key was used for another tip.
    KeyReused,
}

impl TipRow {
    /// Whether `new` asks for this very tip (a retry may send nothing else).
    fn same_as(&self, new: &NewTip<'_>) -> bool {
        self.to_user_id == new.to_user_id
            && self.amount_cents == new.amount_cents
            && self.post_id == new.post_id
            && self.reel_id == new.reel_id
            && self.message.as_deref() == new.message
    }
}

/// Stores `new` as a `pending` tip (with its Idempotency-Key, if any): its id.
pub async fn insert_pending(db: &Db, new: &NewTip<'_>) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO tips (from_user_id, to_user_id, amount_cents, fee_cents, post_id, reel_id,
                           message, status, idempotency_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) RETURNING id",
    )
    .bind(new.from_user_id)
    .bind(new.to_user_id)
    .bind(new.amount_cents)
    .bind(new.fee_cents)
    .bind(new.post_id)
    .bind(new.reel_id)
    .bind(new.message)
    .bind(new.idempotency_key)
    .bind(new.created_at)
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// Takes `new`'s Idempotency-Key with a `pending` tip (or finds the key's tip).
pub async fn reserve(db: &Db, new: &NewTip<'_>) -> Result<Reserved, sqlx::Error> {
    match insert_pending(db, new).await {
        Ok(id) => return Ok(Reserved::New(id)),
        Err(err) if violates_unique(&err, "tips_idempotency_key", "tips.idempotency_key") => {}
        Err(err) => return Err(err),
    }
    let key = new.idempotency_key.unwrap_or_default();
    // Cancelled (deleted) between the INSERT and this read: the first request has just failed
    // and the key is free again; this one is told to wait, as while it was deciding.
    let Some(first) = by_key(db, new.from_user_id, key).await? else {
        return Ok(Reserved::InFlight);
    };
    if !first.same_as(new) {
        return Ok(Reserved::KeyReused);
    }
    if first.status == "paid" {
        return Ok(Reserved::Paid(Box::new(first)));
    }
    // Pending: still being charged, unless the request holding it died long ago; then this
    // one takes it over (one of several racing retries: the UPDATE decides).
    if first.created_at >= new.created_at - TIP_KEY_STALE_MS {
        return Ok(Reserved::InFlight);
    }
    let taken = sqlx::query(
        "UPDATE tips SET created_at = $2 WHERE id = $1 AND status = 'pending' AND created_at = $3",
    )
    .bind(first.id)
    .bind(new.created_at)
    .bind(first.created_at)
    .execute(&db.pool)
    .await?;
    Ok(if taken.rows_affected() == 1 {
        tracing::warn!(
            tip = first.id,
            "a stale tip reservation is taken over by a retry"
        );
        Reserved::New(first.id)
    } else {
        Reserved::InFlight
    })
}

/// The tip `user` sent with this Idempotency-Key, if any.
pub async fn by_key(db: &Db, user: i64, key: &str) -> Result<Option<TipRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        tip_view!(),
        " WHERE t.from_user_id = $1 AND t.idempotency_key = $2"
    ))
    .bind(user)
    .bind(key)
    .fetch_optional(&db.pool)
    .await
}

/// Marks the reserved tip `id` paid with the charge `reference`, credits its creator (net of
/// the fee) and notifies them, in one write transaction; answers the tip and the notice.
pub async fn pay(
    db: &Db,
    id: i64,
    reference: &str,
    now: i64,
) -> Result<(TipRow, Option<Notice>), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let paid = sqlx::query(
        "UPDATE tips SET status = 'paid', payment_reference = $2
         WHERE id = $1 AND status = 'pending'",
    )
    .bind(id)
    .bind(reference)
    .execute(&mut *tx)
    .await?;
    if paid.rows_affected() == 0 {
        return Err(sqlx::Error::RowNotFound);
    }
    let tip: TipRow = sqlx::query_as(concat!(tip_view!(), " WHERE t.id = $1"))
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    insert_credit(
        &mut tx,
        &NewCredit {
            user_id: tip.to_user_id,
            amount_cents: tip.amount_cents - tip.fee_cents,
            fee_cents: tip.fee_cents,
            source: Source::Tip,
            note: tip.message.as_deref().unwrap_or_default(),
            from_user_id: Some(tip.from_user_id),
            post_id: tip.post_id,
            reel_id: tip.reel_id,
            order_id: None,
            tip_id: Some(tip.id),
            created_at: now,
        },
    )
    .await?;
    let (target_type, target_id) = match (tip.post_id, tip.reel_id) {
        (Some(post), _) => (NotificationTargetType::Post, post),
        (None, Some(reel)) => (NotificationTargetType::Reel, reel),
        (None, None) => (NotificationTargetType::User, tip.from_user_id),
    };
    let quote = tip.message.as_deref().map(preview);
    let notice = record(
        &mut tx,
        &Act {
            post_id: tip.post_id,
            reel_id: tip.reel_id,
            preview: quote.as_deref(),
            ..Act::new(
                tip.to_user_id,
                tip.from_user_id,
                NotificationKind::Tip,
                target_type,
                target_id,
            )
        },
        now,
    )
    .await?;
    tx.commit().await?;
    Ok((tip, notice))
}

/// Gives up the reserved tip `id` (its charge failed): the key is free again.
pub async fn cancel(db: &Db, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM tips WHERE id = $1 AND status = 'pending'")
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// How long a tip waits for Stripe's payment before housekeeping gives it up (its browser
/// left; a payment that still arrives is refunded).
pub const STRIPE_TIP_ABANDONED_MS: i64 = 60 * 60 * 1000;

/// Records the PaymentIntent that pays the reserved tip `id` (Stripe); `false` when the tip is
/// no longer waiting.
pub async fn attach_intent(db: &Db, id: i64, intent: &str) -> Result<bool, sqlx::Error> {
    let attached = sqlx::query(
        "UPDATE tips SET payment_intent = $2 WHERE id = $1 AND status = 'pending'
           AND (payment_intent IS NULL OR payment_intent = $2)",
    )
    .bind(id)
    .bind(intent)
    .execute(&db.pool)
    .await?;
    Ok(attached.rows_affected() == 1)
}

/// A tip as Stripe's webhook reads it: who, how much, whether paid, and the intent it waits for.
#[derive(Debug, Clone, FromRow)]
pub struct TipPayment {
    pub id: i64,
    pub amount_cents: i64,
    pub status: String,
    pub payment_intent: Option<String>,
    pub payment_reference: Option<String>,
}

/// The tip `id`, as a payment.
pub async fn payment_of(db: &Db, id: i64) -> Result<Option<TipPayment>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, amount_cents, status, payment_intent, payment_reference FROM tips WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// The tip `id` if `user` sent it (pending or paid).
pub async fn sent_by(db: &Db, user: i64, id: i64) -> Result<Option<TipRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        tip_view!(),
        " WHERE t.id = $1 AND t.from_user_id = $2"
    ))
    .bind(id)
    .bind(user)
    .fetch_optional(&db.pool)
    .await
}

/// Gives up the Stripe tip `id` waiting for `intent` (its payment failed): nothing is kept.
pub async fn cancel_intent(db: &Db, id: i64, intent: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM tips WHERE id = $1 AND status = 'pending' AND payment_intent = $2")
        .bind(id)
        .bind(intent)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Gives up the Stripe tips that waited longer than `STRIPE_TIP_ABANDONED_MS` by `now` (uses
/// `tips_pending_idx`); answers how many. Tips paid with a card at Atelier are never pending
/// that long: their request pays or cancels them.
pub async fn give_up_abandoned(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let gone = sqlx::query(
        "DELETE FROM tips WHERE status = 'pending' AND created_at < $1
           AND payment_intent IS NOT NULL",
    )
    .bind(now - STRIPE_TIP_ABANDONED_MS)
    .execute(&db.pool)
    .await?;
    Ok(gone.rows_affected())
}
