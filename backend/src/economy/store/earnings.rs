//! Creator earnings: the ledger of credits, one balance row per user,
//! and withdrawals. Money only moves inside write transactions that change the balance row in
//! the same statement as the check: a credit adds to `total_earnings_cents` and
//! `available_cents`; a withdrawal is one conditional UPDATE (`available_cents >= amount`) plus
//! its INSERT. The row's CHECKs (`available >= 0`, `available = total − pending − completed`)
//! make an overdraft or a lost cent a refused statement on either backend.

use sqlx::FromRow;

use crate::kernel::money::PayoutAccount;
use crate::kernel::page::Page;
use crate::platform::db::{Db, violates_unique};

/// A user's balance, in cents.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, FromRow)]
pub struct BalanceRow {
    pub total_earnings_cents: i64,
    pub pending_cents: i64,
    pub completed_cents: i64,
    pub available_cents: i64,
}

/// `user`'s balance; all zero for someone never credited.
pub async fn balance(db: &Db, user: i64) -> Result<BalanceRow, sqlx::Error> {
    let row = sqlx::query_as(
        "SELECT total_earnings_cents, pending_cents, completed_cents, available_cents
         FROM balances WHERE user_id = $1",
    )
    .bind(user)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.unwrap_or_default())
}

/// What a credit came from (`earning_credits.source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// An order of the creator's work.
    Sale,
    Tip,
    /// The demo seed, `atelier admin credit`.
    Other,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sale => "sale",
            Self::Tip => "tip",
            Self::Other => "other",
        }
    }
}

/// A credit to write: what the creator gets (`amount_cents`, net of the platform's
/// `fee_cents`), from what and whom.
#[derive(Debug, Clone, Copy)]
pub struct NewCredit<'a> {
    pub user_id: i64,
    pub amount_cents: i64,
    pub fee_cents: i64,
    pub source: Source,
    pub note: &'a str,
    pub from_user_id: Option<i64>,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub order_id: Option<i64>,
    pub tip_id: Option<i64>,
    pub created_at: i64,
}

impl<'a> NewCredit<'a> {
    /// A credit of `amount_cents` with nothing but a note (no fee, no one it came from).
    pub fn other(user_id: i64, amount_cents: i64, note: &'a str, created_at: i64) -> Self {
        Self {
            user_id,
            amount_cents,
            fee_cents: 0,
            source: Source::Other,
            note,
            from_user_id: None,
            post_id: None,
            reel_id: None,
            order_id: None,
            tip_id: None,
            created_at,
        }
    }
}

/// Writes `credit` to the ledger and adds it to the balance row, in the caller's write
/// transaction (a sale's or a tip's own); answers the new balance. The admin totals' trigger
/// (0027) counts its fee and volume in the same transaction.
pub async fn insert_credit(
    conn: &mut sqlx::AnyConnection,
    credit: &NewCredit<'_>,
) -> Result<BalanceRow, sqlx::Error> {
    // The balance row first, then the ledger row (whose trigger takes the admin totals' row):
    // a withdrawal takes the same two rows in the same order, so the two never deadlock.
    let balance = sqlx::query_as(
        "INSERT INTO balances (user_id, total_earnings_cents, available_cents)
         VALUES ($1, $2, $2)
         ON CONFLICT (user_id) DO UPDATE
         SET total_earnings_cents = balances.total_earnings_cents + excluded.total_earnings_cents,
             available_cents = balances.available_cents + excluded.available_cents
         RETURNING total_earnings_cents, pending_cents, completed_cents, available_cents",
    )
    .bind(credit.user_id)
    .bind(credit.amount_cents)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO earning_credits (user_id, amount_cents, note, created_at, source, fee_cents,
                                      from_user_id, post_id, reel_id, order_id, tip_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(credit.user_id)
    .bind(credit.amount_cents)
    .bind(credit.note)
    .bind(credit.created_at)
    .bind(credit.source.as_str())
    .bind(credit.fee_cents)
    .bind(credit.from_user_id)
    .bind(credit.post_id)
    .bind(credit.reel_id)
    .bind(credit.order_id)
    .bind(credit.tip_id)
    .execute(&mut *conn)
    .await?;
    Ok(balance)
}

/// Adds a credit to `user`'s ledger and balance in one transaction; answers the new balance.
pub async fn credit(
    db: &Db,
    user: i64,
    amount_cents: i64,
    note: &str,
    now: i64,
) -> Result<BalanceRow, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let balance = insert_credit(&mut tx, &NewCredit::other(user, amount_cents, note, now)).await?;
    tx.commit().await?;
    Ok(balance)
}

/// One UTC day's credits of one source: net and fees, summed.
#[derive(Debug, Clone, FromRow)]
pub struct DayTotal {
    /// Days since the epoch (UTC).
    pub day: i64,
    pub source: String,
    pub amount_cents: i64,
    pub fee_cents: i64,
}

/// `user`'s credits since `since` (epoch ms), summed per UTC day and source: a range of
/// `earning_credits_user_created_idx`, at most three rows a day.
pub async fn days_since(db: &Db, user: i64, since: i64) -> Result<Vec<DayTotal>, sqlx::Error> {
    sqlx::query_as(
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS day, source,
                CAST(SUM(amount_cents) AS BIGINT) AS amount_cents,
                CAST(SUM(fee_cents) AS BIGINT) AS fee_cents
         FROM earning_credits WHERE user_id = $1 AND created_at >= $2
         GROUP BY CAST(created_at / 86400000 AS BIGINT), source",
    )
    .bind(user)
    .bind(since)
    .fetch_all(&db.pool)
    .await
}

/// One credit as the ledger lists it, with whom it came from.
#[derive(Debug, Clone, FromRow)]
pub struct CreditRow {
    pub id: i64,
    pub source: String,
    pub amount_cents: i64,
    pub fee_cents: i64,
    pub note: String,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub order_id: Option<i64>,
    pub created_at: i64,
    pub from_id: Option<i64>,
    pub from_username: Option<String>,
    pub from_display_name: Option<String>,
    pub from_profile_image: Option<String>,
}

/// A page of `user`'s credits, newest first (a range of `earning_credits_user_id_idx`).
pub async fn credits_page(db: &Db, user: i64, page: Page) -> Result<Vec<CreditRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.id, c.source, c.amount_cents, c.fee_cents, c.note, c.post_id, c.reel_id,
                c.order_id, c.created_at, u.id AS from_id, u.username AS from_username,
                u.display_name AS from_display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS from_profile_image
         FROM earning_credits c
         LEFT JOIN users u ON u.id = c.from_user_id AND u.deactivated_at IS NULL
         WHERE c.user_id = $1 AND c.id < $2
         ORDER BY c.id DESC LIMIT $3",
    )
    .bind(user)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// How many credits `user` has received (the demo seed credits only an empty ledger).
pub async fn credit_count(db: &Db, user: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM earning_credits WHERE user_id = $1")
            .bind(user)
            .fetch_one(&db.pool)
            .await?;
    Ok(count)
}

/// A withdrawal as stored (the whole account number included: answers mask it).
#[derive(Debug, Clone, FromRow)]
pub struct WithdrawalRow {
    pub id: i64,
    pub amount_cents: i64,
    pub fee_cents: i64,
    pub net_cents: i64,
    pub payment_method: String,
    pub account_holder: Option<String>,
    pub account_number: Option<String>,
    pub routing_number: Option<String>,
    pub email: Option<String>,
    pub status: String,
    pub requested_at: i64,
    pub processed_at: Option<i64>,
    pub notes: Option<String>,
    /// 1 when it was decided while no real money moved (issue 42); 0 while pending.
    pub test_mode: i64,
}

macro_rules! withdrawal_columns {
    () => {
        "SELECT id, amount_cents, fee_cents, net_cents, payment_method, account_holder,
                account_number, routing_number, email, status, requested_at, processed_at, notes,
                test_mode
         FROM withdrawals"
    };
}
/// The account export (export/store.rs) reads a withdrawal as the history does.
pub(crate) use withdrawal_columns;

pub struct NewWithdrawal<'a> {
    pub user_id: i64,
    pub amount_cents: i64,
    pub fee_cents: i64,
    pub payment_method: &'a str,
    pub account: &'a PayoutAccount,
    pub requested_at: i64,
    /// The request's Idempotency-Key (issue 39): a retry with it answers the first withdrawal.
    pub idempotency_key: Option<&'a str>,
}

/// What a withdrawal request did.
#[derive(Debug)]
pub enum Withdrawn {
    /// Recorded now: the amount moved from available to pending.
    New(WithdrawalRow),
    /// The Idempotency-Key's first withdrawal, asked for the same way: nothing moved again.
    First(WithdrawalRow),
    /// The Idempotency-Key was used for a different withdrawal: nothing moved.
    KeyReused,
    /// Not enough available: nothing moved.
    InsufficientFunds,
}

impl WithdrawalRow {
    /// Whether `new` asks for this very withdrawal (a retry of its request).
    fn same_as(&self, new: &NewWithdrawal<'_>) -> bool {
        self.amount_cents == new.amount_cents
            && self.payment_method == new.payment_method
            && self.account_holder == new.account.account_holder
            && self.account_number == new.account.account_number
            && self.routing_number == new.account.routing_number
            && self.email == new.account.email
    }
}

/// The answer to a withdrawal whose Idempotency-Key already has one.
fn replay(first: WithdrawalRow, new: &NewWithdrawal<'_>) -> Withdrawn {
    if first.same_as(new) {
        Withdrawn::First(first)
    } else {
        Withdrawn::KeyReused
    }
}

/// `user`'s withdrawal with this Idempotency-Key, if any (the unique index's lookup).
async fn withdrawal_by_key<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    executor: E,
    user: i64,
    key: &str,
) -> Result<Option<WithdrawalRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        withdrawal_columns!(),
        " WHERE user_id = $1 AND idempotency_key = $2"
    ))
    .bind(user)
    .bind(key)
    .fetch_optional(executor)
    .await
}

/// Moves `amount` from available to pending (one conditional UPDATE of the balance row) and
/// records the pending withdrawal, in one transaction. With an Idempotency-Key already used,
/// the first withdrawal answers (or `KeyReused`) and nothing moves: looked up inside the write
/// transaction (SQLite's are serial), and on PostgreSQL a concurrent twin meets the unique index
/// (its transaction rolled back, the first one read instead).
pub async fn withdraw(db: &Db, new: NewWithdrawal<'_>) -> Result<Withdrawn, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if let Some(key) = new.idempotency_key
        && let Some(first) = withdrawal_by_key(&mut *tx, new.user_id, key).await?
    {
        tx.rollback().await?;
        return Ok(replay(first, &new));
    }
    let moved = sqlx::query(
        "UPDATE balances
         SET available_cents = available_cents - $2, pending_cents = pending_cents + $2
         WHERE user_id = $1 AND available_cents >= $2",
    )
    .bind(new.user_id)
    .bind(new.amount_cents)
    .execute(&mut *tx)
    .await?;
    if moved.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(Withdrawn::InsufficientFunds);
    }
    let inserted = sqlx::query_as(
        "INSERT INTO withdrawals (user_id, amount_cents, fee_cents, net_cents, payment_method,
                                  account_holder, account_number, routing_number, email, status,
                                  requested_at, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11)
         RETURNING id, amount_cents, fee_cents, net_cents, payment_method, account_holder,
                   account_number, routing_number, email, status, requested_at, processed_at,
                   notes, test_mode",
    )
    .bind(new.user_id)
    .bind(new.amount_cents)
    .bind(new.fee_cents)
    .bind(new.amount_cents - new.fee_cents)
    .bind(new.payment_method)
    .bind(new.account.account_holder.as_deref())
    .bind(new.account.account_number.as_deref())
    .bind(new.account.routing_number.as_deref())
    .bind(new.account.email.as_deref())
    .bind(new.requested_at)
    .bind(new.idempotency_key)
    .fetch_one(&mut *tx)
    .await;
    let row = match inserted {
        Ok(row) => row,
        Err(err)
            if violates_unique(
                &err,
                "withdrawals_idempotency_key",
                "withdrawals.idempotency_key",
            ) =>
        {
            tx.rollback().await?;
            let key = new.idempotency_key.unwrap_or_default();
            return Ok(match withdrawal_by_key(&db.pool, new.user_id, key).await? {
                Some(first) => replay(first, &new),
                None => Withdrawn::KeyReused,
            });
        }
        Err(err) => return Err(err),
    };
    tx.commit().await?;
    Ok(Withdrawn::New(row))
}

/// A page of `user`'s withdrawals, newest first.
pub async fn withdrawals_page(
    db: &Db,
    user: i64,
    page: Page,
) -> Result<Vec<WithdrawalRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        withdrawal_columns!(),
        " WHERE user_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3"
    ))
    .bind(user)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}
