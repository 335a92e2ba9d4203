//! The catalogue and orders (docs/shop-contract.md). An order takes its stock with one
//! conditional UPDATE (`stock >= quantity`) and is inserted in the same write transaction, so no
//! interleaving of requests sells more than there is, on SQLite or PostgreSQL; the unique
//! index on (user, Idempotency-Key) makes a retried checkout line one order, not two.

use sqlx::FromRow;

use super::{Db, violates};

/// Whether an order's INSERT met the unique index on (user, Idempotency-Key). PostgreSQL names
/// the index; SQLite names the columns of a plain-column index
/// ("UNIQUE constraint failed: orders.user_id, orders.idempotency_key").
fn reused_key(err: &sqlx::Error) -> bool {
    violates(err, "orders_idempotency_key")
        || matches!(err, sqlx::Error::Database(db)
            if db.is_unique_violation() && db.message().contains("orders.idempotency_key"))
}
use crate::domain::Page;

/// The catalogue is bounded: the list never reads more than this many rows.
pub const CATALOGUE_MAX: i64 = 100;

/// One product as stored.
#[derive(Debug, Clone, FromRow)]
pub struct ProductRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub price_cents: i64,
    pub original_price_cents: Option<i64>,
    pub image_key: Option<String>,
    pub product_url: String,
    pub category: String,
    pub rating_tenths: i64,
    pub reviews: i64,
    pub stock: i64,
    pub badge: Option<String>,
}

macro_rules! product_columns {
    () => {
        "SELECT id, name, description, price_cents, original_price_cents, image_key, product_url,
                category, rating_tenths, reviews, stock, badge
         FROM products"
    };
}

/// The whole catalogue in featured (id) order.
pub async fn products(db: &Db) -> Result<Vec<ProductRow>, sqlx::Error> {
    sqlx::query_as(concat!(product_columns!(), " ORDER BY id LIMIT $1"))
        .bind(CATALOGUE_MAX)
        .fetch_all(&db.pool)
        .await
}

/// One product; `None` when the catalogue has no such id.
pub async fn product(db: &Db, id: i64) -> Result<Option<ProductRow>, sqlx::Error> {
    sqlx::query_as(concat!(product_columns!(), " WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// Sets a product's generated picture once (a concurrent filler's key is kept).
pub async fn set_product_image(db: &Db, id: i64, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE products SET image_key = $2 WHERE id = $1 AND image_key IS NULL")
        .bind(id)
        .bind(key)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// An order with its product's name, as its buyer sees it.
#[derive(Debug, Clone, FromRow)]
pub struct OrderView {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub quantity: i64,
    pub unit_price_cents: i64,
    pub total_amount_cents: i64,
    pub payment_method: String,
    pub status: String,
    pub idempotency_key: Option<String>,
    /// The provider's charge (never answered to the client).
    pub payment_reference: String,
    pub created_at: i64,
}

macro_rules! order_view {
    () => {
        "SELECT o.id, o.product_id, p.name AS product_name, o.quantity, o.unit_price_cents,
                o.total_amount_cents, o.payment_method, o.status, o.idempotency_key,
                o.payment_reference, o.created_at
         FROM orders o
         JOIN products p ON p.id = o.product_id"
    };
}

/// A page of `user`'s orders, newest first.
pub async fn orders_page(db: &Db, user: i64, page: Page) -> Result<Vec<OrderView>, sqlx::Error> {
    sqlx::query_as(concat!(
        order_view!(),
        " WHERE o.user_id = $1 AND o.id < $2 ORDER BY o.id DESC LIMIT $3"
    ))
    .bind(user)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// The order `user` placed with this Idempotency-Key, if any.
pub async fn order_by_key(db: &Db, user: i64, key: &str) -> Result<Option<OrderView>, sqlx::Error> {
    sqlx::query_as(concat!(
        order_view!(),
        " WHERE o.user_id = $1 AND o.idempotency_key = $2"
    ))
    .bind(user)
    .bind(key)
    .fetch_optional(&db.pool)
    .await
}

pub struct NewOrder<'a> {
    pub user_id: i64,
    pub product_id: i64,
    pub quantity: i64,
    /// The catalogue's price, read by the caller (the body's is never used).
    pub unit_price_cents: i64,
    pub payment_method: &'a str,
    pub payment_reference: &'a str,
    pub idempotency_key: Option<&'a str>,
    pub created_at: i64,
}

/// What placing an order came to.
#[derive(Debug)]
pub enum Placed {
    Created(OrderView),
    /// Fewer than `quantity` units were left: how many there are (0: sold out). Nothing moved.
    OutOfStock {
        left: i64,
    },
    /// The price changed between the caller's read and the write: nothing moved (read again).
    PriceChanged,
    /// This user already placed an order with this Idempotency-Key (a concurrent retry won):
    /// nothing moved; the caller answers the existing one.
    DuplicateKey,
}

/// Takes the stock (one conditional UPDATE, never below zero) and inserts the order, in one
/// write transaction: either both happen or neither.
pub async fn place(db: &Db, new: NewOrder<'_>) -> Result<Placed, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let taken = sqlx::query(
        "UPDATE products SET stock = stock - $2
         WHERE id = $1 AND stock >= $2 AND price_cents = $3",
    )
    .bind(new.product_id)
    .bind(new.quantity)
    .bind(new.unit_price_cents)
    .execute(&mut *tx)
    .await?;
    if taken.rows_affected() == 0 {
        let row: Option<(i64, i64)> =
            sqlx::query_as("SELECT stock, price_cents FROM products WHERE id = $1")
                .bind(new.product_id)
                .fetch_optional(&mut *tx)
                .await?;
        tx.rollback().await?;
        return Ok(match row {
            Some((_, price)) if price != new.unit_price_cents => Placed::PriceChanged,
            Some((left, _)) => Placed::OutOfStock { left },
            None => Placed::OutOfStock { left: 0 },
        });
    }
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO orders (user_id, product_id, quantity, unit_price_cents, total_amount_cents,
                             payment_method, payment_reference, status, idempotency_key,
                             created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'paid', $8, $9) RETURNING id",
    )
    .bind(new.user_id)
    .bind(new.product_id)
    .bind(new.quantity)
    .bind(new.unit_price_cents)
    .bind(new.unit_price_cents * new.quantity)
    .bind(new.payment_method)
    .bind(new.payment_reference)
    .bind(new.idempotency_key)
    .bind(new.created_at)
    .fetch_one(&mut *tx)
    .await;
    let id = match inserted {
        Ok((id,)) => id,
        Err(err) if reused_key(&err) => {
            tx.rollback().await?;
            return Ok(Placed::DuplicateKey);
        }
        Err(err) => return Err(err),
    };
    let order: OrderView = sqlx::query_as(concat!(order_view!(), " WHERE o.id = $1"))
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Placed::Created(order))
}
