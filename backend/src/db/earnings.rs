//! Creator earnings (DESIGN §3 "Balances", §6): the ledger of credits, one balance row per user,
//! and withdrawals. Money only moves inside write transactions that change the balance row in
//! the same statement as the check: a credit adds to `total_earnings_cents` and
//! `available_cents`; a withdrawal is one conditional UPDATE (`available_cents >= amount`) plus
//! its INSERT. The row's CHECKs (`available >= 0`, `available = total − pending − completed`)
//! make an overdraft or a lost cent a refused statement on either backend.

use sqlx::FromRow;

use super::Db;
use crate::domain::Page;
use crate::domain::money::PayoutAccount;

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

/// Adds a credit to `user`'s ledger and balance in one transaction; answers the new balance.
pub async fn credit(
    db: &Db,
    user: i64,
    amount_cents: i64,
    note: &str,
    now: i64,
) -> Result<BalanceRow, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO earning_credits (user_id, amount_cents, note, created_at)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(user)
    .bind(amount_cents)
    .bind(note)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let balance = sqlx::query_as(
        "INSERT INTO balances (user_id, total_earnings_cents, available_cents)
         VALUES ($1, $2, $2)
         ON CONFLICT (user_id) DO UPDATE
         SET total_earnings_cents = balances.total_earnings_cents + excluded.total_earnings_cents,
             available_cents = balances.available_cents + excluded.available_cents
         RETURNING total_earnings_cents, pending_cents, completed_cents, available_cents",
    )
    .bind(user)
    .bind(amount_cents)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(balance)
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
}

macro_rules! withdrawal_columns {
    () => {
        "SELECT id, amount_cents, fee_cents, net_cents, payment_method, account_holder,
                account_number, routing_number, email, status, requested_at, processed_at, notes
         FROM withdrawals"
    };
}

pub struct NewWithdrawal<'a> {
    pub user_id: i64,
    pub amount_cents: i64,
    pub fee_cents: i64,
    pub payment_method: &'a str,
    pub account: &'a PayoutAccount,
    pub requested_at: i64,
}

/// Moves `amount` from available to pending (one conditional UPDATE of the balance row) and
/// records the pending withdrawal, in one transaction. `None`: not enough available, nothing
/// moved.
pub async fn withdraw(
    db: &Db,
    new: NewWithdrawal<'_>,
) -> Result<Option<WithdrawalRow>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
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
        return Ok(None);
    }
    let row = sqlx::query_as(
        "INSERT INTO withdrawals (user_id, amount_cents, fee_cents, net_cents, payment_method,
                                  account_holder, account_number, routing_number, email, status,
                                  requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10)
         RETURNING id, amount_cents, fee_cents, net_cents, payment_method, account_holder,
                   account_number, routing_number, email, status, requested_at, processed_at,
                   notes",
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
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(row))
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
