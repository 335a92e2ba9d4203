//! Checkouts (issue 42, docs/payments.md): a buyer's order of one or more lines, created at the
//! review step with every line's stock reserved in one write transaction (a conditional UPDATE
//! per line, `stock >= quantity`, at the price the buyer was shown), then paid once. Paying
//! turns the lines into orders, credits their sellers and tells them, in one transaction that
//! only an open checkout passes; a failed or timed-out payment gives the stock back, also once.

use sqlx::FromRow;

use super::earnings::{NewCredit, Source, insert_credit};
use crate::kernel::money::platform_fee;
use crate::kernel::page::Page;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::notifications::{Act, Notice, record};
use crate::platform::db::{Db, placeholders, violates_unique};

/// How long a checkout holds its stock while the buyer pays.
pub const RESERVATION_MS: i64 = 15 * 60 * 1000;

/// A shipping address, as stored and as a checkout copies it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Address {
    pub name: String,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub postal_code: String,
    pub country: String,
}

/// `user`'s remembered shipping address, if they saved one.
pub async fn address(db: &Db, user: i64) -> Result<Option<Address>, sqlx::Error> {
    sqlx::query_as(
        "SELECT name, line1, line2, city, postal_code, country
         FROM shipping_addresses WHERE user_id = $1",
    )
    .bind(user)
    .fetch_optional(&db.pool)
    .await
}

/// Remembers `address` as `user`'s (replacing the one before).
pub async fn save_address(
    db: &Db,
    user: i64,
    address: &Address,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO shipping_addresses
             (user_id, name, line1, line2, city, postal_code, country, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id) DO UPDATE SET
             name = excluded.name, line1 = excluded.line1, line2 = excluded.line2,
             city = excluded.city, postal_code = excluded.postal_code,
             country = excluded.country, updated_at = excluded.updated_at",
    )
    .bind(user)
    .bind(&address.name)
    .bind(&address.line1)
    .bind(&address.line2)
    .bind(&address.city)
    .bind(&address.postal_code)
    .bind(&address.country)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// One line to reserve: the product, how many, and the unit price the buyer was shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewLine {
    pub product_id: i64,
    pub quantity: i64,
    pub unit_price_cents: i64,
}

/// A checkout to create (its lines already checked by the service).
pub struct NewCheckout<'a> {
    pub buyer: i64,
    pub lines: &'a [NewLine],
    /// Where the physical lines ship (`None` when every line is digital).
    pub address: Option<&'a Address>,
    pub provider: &'a str,
    /// No real money moves (the test provider, or Stripe's test keys).
    pub test_mode: bool,
    pub idempotency_key: Option<&'a str>,
    pub now: i64,
}

/// What creating a checkout came to; only `Created` moved anything.
#[derive(Debug)]
pub enum Created {
    Created(i64),
    /// A line's product has fewer units than asked for (0: sold out), as read in the transaction.
    OutOfStock {
        product_id: i64,
        name: String,
        left: i64,
    },
    /// A line's price is no longer the one the buyer was shown.
    PriceChanged {
        product_id: i64,
        unit_price: i64,
    },
    /// A line's product is gone or unlisted.
    Gone {
        product_id: i64,
    },
    /// This buyer already created a checkout with this Idempotency-Key.
    DuplicateKey,
}

/// Reserves every line's stock and writes the checkout, in one write transaction: all lines or
/// none. A line that cannot be reserved rolls everything back and says why.
pub async fn create(db: &Db, new: &NewCheckout<'_>) -> Result<Created, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    for line in new.lines {
        let taken = sqlx::query(
            "UPDATE products
             SET stock = CASE WHEN kind = 'digital' THEN stock ELSE stock - $2 END
             WHERE id = $1 AND (kind = 'digital' OR stock >= $2) AND price_cents = $3
               AND unlisted_at IS NULL",
        )
        .bind(line.product_id)
        .bind(line.quantity)
        .bind(line.unit_price_cents)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() == 1 {
            continue;
        }
        let row: Option<(String, i64, i64, Option<i64>)> = sqlx::query_as(
            "SELECT name, stock, price_cents, unlisted_at FROM products WHERE id = $1",
        )
        .bind(line.product_id)
        .fetch_optional(&mut *tx)
        .await?;
        tx.rollback().await?;
        let product_id = line.product_id;
        return Ok(match row {
            None | Some((_, _, _, Some(_))) => Created::Gone { product_id },
            Some((_, _, price, None)) if price != line.unit_price_cents => Created::PriceChanged {
                product_id,
                unit_price: price,
            },
            Some((name, left, _, None)) => Created::OutOfStock {
                product_id,
                name,
                left,
            },
        });
    }
    let total: i64 = new
        .lines
        .iter()
        .map(|line| line.unit_price_cents * line.quantity)
        .sum();
    let address = new.address;
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO checkouts (buyer_id, status, total_cents, provider, ship_name, ship_line1,
                                ship_line2, ship_city, ship_postal_code, ship_country,
                                idempotency_key, expires_at, created_at, test_mode)
         VALUES ($1, 'pending_payment', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         RETURNING id",
    )
    .bind(new.buyer)
    .bind(total)
    .bind(new.provider)
    .bind(address.map(|a| a.name.as_str()))
    .bind(address.map(|a| a.line1.as_str()))
    .bind(address.and_then(|a| a.line2.as_deref()))
    .bind(address.map(|a| a.city.as_str()))
    .bind(address.map(|a| a.postal_code.as_str()))
    .bind(address.map(|a| a.country.as_str()))
    .bind(new.idempotency_key)
    .bind(new.now + RESERVATION_MS)
    .bind(new.now)
    .bind(i64::from(new.test_mode))
    .fetch_one(&mut *tx)
    .await;
    let id = match inserted {
        Ok((id,)) => id,
        Err(err)
            if violates_unique(
                &err,
                "checkouts_idempotency_key",
                "checkouts.idempotency_key",
            ) =>
        {
            tx.rollback().await?;
            return Ok(Created::DuplicateKey);
        }
        Err(err) => return Err(err),
    };
    for line in new.lines {
        sqlx::query(
            "INSERT INTO checkout_lines (checkout_id, product_id, quantity, unit_price_cents)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(line.product_id)
        .bind(line.quantity)
        .bind(line.unit_price_cents)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Created::Created(id))
}

/// A checkout as stored.
#[derive(Debug, Clone, FromRow)]
pub struct CheckoutRow {
    pub id: i64,
    pub buyer_id: i64,
    pub status: String,
    pub total_cents: i64,
    pub currency: String,
    pub provider: String,
    pub payment_reference: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub failure_message: Option<String>,
    pub ship_name: Option<String>,
    pub ship_line1: Option<String>,
    pub ship_line2: Option<String>,
    pub ship_city: Option<String>,
    pub ship_postal_code: Option<String>,
    pub ship_country: Option<String>,
    pub idempotency_key: Option<String>,
    pub expires_at: i64,
    pub created_at: i64,
    pub paid_at: Option<i64>,
    /// 1 when it was opened while no real money moves.
    pub test_mode: i64,
}

impl CheckoutRow {
    /// Still waiting for its payment (its stock reserved).
    pub fn is_open(&self) -> bool {
        matches!(self.status.as_str(), "pending_payment" | "requires_action")
    }

    /// The address it ships to, when it has physical lines.
    pub fn address(&self) -> Option<Address> {
        Some(Address {
            name: self.ship_name.clone()?,
            line1: self.ship_line1.clone()?,
            line2: self.ship_line2.clone(),
            city: self.ship_city.clone()?,
            postal_code: self.ship_postal_code.clone()?,
            country: self.ship_country.clone()?,
        })
    }
}

macro_rules! checkout_columns {
    () => {
        "SELECT id, buyer_id, status, total_cents, currency, provider, payment_reference,
                card_brand, card_last4, failure_message, ship_name, ship_line1, ship_line2,
                ship_city, ship_postal_code, ship_country, idempotency_key, expires_at,
                created_at, paid_at, test_mode
         FROM checkouts"
    };
}

/// `buyer`'s checkout `id`; `None` when there is none or it is someone else's.
pub async fn get(db: &Db, id: i64, buyer: i64) -> Result<Option<CheckoutRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        checkout_columns!(),
        " WHERE id = $1 AND buyer_id = $2"
    ))
    .bind(id)
    .bind(buyer)
    .fetch_optional(&db.pool)
    .await
}

/// `buyer`'s checkout created with this Idempotency-Key, if any.
pub async fn by_key(db: &Db, buyer: i64, key: &str) -> Result<Option<CheckoutRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        checkout_columns!(),
        " WHERE buyer_id = $1 AND idempotency_key = $2"
    ))
    .bind(buyer)
    .bind(key)
    .fetch_optional(&db.pool)
    .await
}

/// A page of `buyer`'s orders: their paid checkouts, newest first (uses `checkouts_paid_buyer_idx`).
pub async fn page(db: &Db, buyer: i64, page: Page) -> Result<Vec<CheckoutRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        checkout_columns!(),
        " WHERE buyer_id = $1 AND status = 'paid' AND id < $2 ORDER BY id DESC LIMIT $3"
    ))
    .bind(buyer)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// A checkout's line with its product, and its order once paid.
#[derive(Debug, Clone, FromRow)]
pub struct LineView {
    pub checkout_id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub product_kind: String,
    pub image_key: Option<String>,
    pub quantity: i64,
    pub unit_price_cents: i64,
    pub seller_id: Option<i64>,
    pub seller_username: Option<String>,
    /// The order the line became when the checkout was paid.
    pub order_id: Option<i64>,
    pub shipped_at: Option<i64>,
    pub tracking_note: Option<String>,
}

/// The lines of `checkouts` (at most a page of them), in product order within each.
pub async fn lines_of(db: &Db, checkouts: &[i64]) -> Result<Vec<LineView>, sqlx::Error> {
    if checkouts.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT l.checkout_id, l.product_id, p.name AS product_name, p.kind AS product_kind,
                p.image_key, l.quantity, l.unit_price_cents, p.seller_id,
                s.username AS seller_username, o.id AS order_id, o.shipped_at, o.tracking_note
         FROM checkout_lines l
         JOIN products p ON p.id = l.product_id
         LEFT JOIN users s ON s.id = p.seller_id
         LEFT JOIN orders o ON o.checkout_id = l.checkout_id AND o.product_id = l.product_id
         WHERE l.checkout_id IN ({})
         ORDER BY l.checkout_id DESC, l.product_id",
        placeholders(1, checkouts.len())
    );
    // Only numbered placeholders are formatted in; the ids are bound.
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for id in checkouts {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}

/// The card a payment is made with, as it may be kept.
#[derive(Debug, Clone, Copy)]
pub struct Card<'a> {
    pub brand: &'a str,
    pub last4: &'a str,
}

/// Marks an open checkout as waiting for the buyer's extra confirmation step (3-D Secure);
/// `false` when it is not open any more.
pub async fn require_action(
    db: &Db,
    id: i64,
    reference: &str,
    card: Card<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE checkouts
         SET status = 'requires_action', payment_reference = $2, card_brand = $3, card_last4 = $4
         WHERE id = $1 AND status = 'pending_payment' AND expires_at > $5",
    )
    .bind(id)
    .bind(reference)
    .bind(card.brand)
    .bind(card.last4)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// What paying a checkout came to.
#[derive(Debug)]
pub enum Settled {
    /// Paid now: the sellers' notifications to announce.
    Paid(Vec<Notice>),
    /// It was not open (paid, failed or expired before): nothing moved.
    NotOpen,
}

/// Pays open checkout `id`: marks it paid with the provider's reference (and the card, when
/// known), turns each line into an order, credits each creator's line to its seller less the
/// platform's `fee_percent`, and tells them; all in one write transaction that only an open
/// checkout passes. `deadline`: refuse a checkout whose reservation ran out by then (the test
/// provider; Stripe's webhook passes `None`, the money having moved already).
pub async fn settle(
    db: &Db,
    id: i64,
    reference: &str,
    card: Option<Card<'_>>,
    fee_percent: u8,
    deadline: Option<i64>,
    now: i64,
) -> Result<Settled, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "UPDATE checkouts
         SET status = 'paid', paid_at = $3, payment_reference = $2,
             card_brand = COALESCE($4, card_brand), card_last4 = COALESCE($5, card_last4),
             failure_message = NULL
         WHERE id = $1 AND status IN ('pending_payment', 'requires_action')
           AND ($6 IS NULL OR expires_at > $6)",
    )
    .bind(id)
    .bind(reference)
    .bind(now)
    .bind(card.map(|card| card.brand))
    .bind(card.map(|card| card.last4))
    .bind(deadline)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(Settled::NotOpen);
    }
    let (buyer,): (i64,) = sqlx::query_as("SELECT buyer_id FROM checkouts WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let lines: Vec<(i64, i64, i64, Option<i64>, String)> = sqlx::query_as(
        "SELECT l.product_id, l.quantity, l.unit_price_cents, p.seller_id, p.name
         FROM checkout_lines l JOIN products p ON p.id = l.product_id
         WHERE l.checkout_id = $1 ORDER BY l.product_id",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    let mut notices = Vec::new();
    for (product_id, quantity, unit_price, seller, name) in lines {
        let total = unit_price * quantity;
        let (order,): (i64,) = sqlx::query_as(
            "INSERT INTO orders (user_id, product_id, quantity, unit_price_cents,
                                 total_amount_cents, payment_method, payment_reference, status,
                                 created_at, seller_id, checkout_id)
             VALUES ($1, $2, $3, $4, $5, 'card', $6, 'paid', $7, $8, $9) RETURNING id",
        )
        .bind(buyer)
        .bind(product_id)
        .bind(quantity)
        .bind(unit_price)
        .bind(total)
        .bind(reference)
        .bind(now)
        .bind(seller)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        let Some(seller) = seller else { continue };
        let fee = platform_fee(total, fee_percent);
        insert_credit(
            &mut tx,
            &NewCredit {
                user_id: seller,
                amount_cents: total - fee,
                fee_cents: fee,
                source: Source::Sale,
                note: &name,
                from_user_id: Some(buyer),
                post_id: None,
                reel_id: None,
                order_id: Some(order),
                tip_id: None,
                created_at: now,
            },
        )
        .await?;
        let notice = record(
            &mut tx,
            &Act {
                preview: Some(&name),
                ..Act::new(
                    seller,
                    buyer,
                    NotificationKind::Sale,
                    NotificationTargetType::Order,
                    order,
                )
            },
            now,
        )
        .await?;
        notices.extend(notice);
    }
    tx.commit().await?;
    Ok(Settled::Paid(notices))
}

/// Ends open checkout `id` as `failed` (with the provider's `message`) or `expired`, and gives
/// its physical lines' stock back, in one write transaction; `false` when it was not open (the
/// stock is given back once, whoever gets here first).
pub async fn release(
    db: &Db,
    id: i64,
    status: &str,
    message: Option<&str>,
) -> Result<bool, sqlx::Error> {
    debug_assert!(matches!(status, "failed" | "expired"));
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "UPDATE checkouts SET status = $2, failure_message = $3
         WHERE id = $1 AND status IN ('pending_payment', 'requires_action')",
    )
    .bind(id)
    .bind(status)
    .bind(message)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query(
        "UPDATE products
         SET stock = stock + (SELECT l.quantity FROM checkout_lines l
                              WHERE l.checkout_id = $1 AND l.product_id = products.id)
         WHERE kind = 'physical'
           AND id IN (SELECT product_id FROM checkout_lines WHERE checkout_id = $1)",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// At most this many timed-out checkouts are released per pass of the release job.
pub const RELEASE_BATCH: i64 = 100;

/// Open checkouts whose reservation ran out by `now` (at most `RELEASE_BATCH`).
pub async fn timed_out(db: &Db, now: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT id FROM checkouts
         WHERE status IN ('pending_payment', 'requires_action') AND expires_at <= $1
         ORDER BY expires_at LIMIT $2",
    )
    .bind(now)
    .bind(RELEASE_BATCH)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Checkout `id`, whoever's it is (Stripe's webhook names it by its metadata).
pub async fn by_id(db: &Db, id: i64) -> Result<Option<CheckoutRow>, sqlx::Error> {
    sqlx::query_as(concat!(checkout_columns!(), " WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// Keeps the provider's payment (Stripe's PaymentIntent id) on open checkout `id`; `false` when
/// it is not open or already holds another payment.
pub async fn attach_payment(db: &Db, id: i64, reference: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE checkouts SET payment_reference = $2
         WHERE id = $1 AND status = 'pending_payment'
           AND (payment_reference IS NULL OR payment_reference = $2)",
    )
    .bind(id)
    .bind(reference)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records Stripe's event `event_id` as handled; `false` when it was recorded before (a replay:
/// the caller acknowledges it and does nothing).
pub async fn record_stripe_event(db: &Db, event_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO stripe_events (event_id, received_at) VALUES ($1, $2)
         ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(event_id)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets Stripe's event `event_id` (its handling failed: Stripe's retry must be handled).
pub async fn forget_stripe_event(db: &Db, event_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM stripe_events WHERE event_id = $1")
        .bind(event_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}
