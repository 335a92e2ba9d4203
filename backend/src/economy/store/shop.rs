//! The catalogue and orders (docs/shop-contract.md). An order takes its stock with one
//! conditional UPDATE (`stock >= quantity`) and is inserted in the same write transaction, so no
//! interleaving of requests sells more than there is, on SQLite or PostgreSQL; the unique
//! index on (user, Idempotency-Key) makes a retried checkout line one order, not two.

use sqlx::FromRow;

use crate::kernel::page::Page;
use crate::notifications::rules::notification::{
    NotificationKind, NotificationTargetType, preview,
};
use crate::notifications::{Act, Notice, record};
use crate::platform::db::Db;
use crate::platform::db::visibility::not_blocked;

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
    /// Its reviews not removed by moderation, and the sum of their ratings (store/reviews.rs).
    pub review_count: i64,
    pub rating_sum: i64,
    pub stock: i64,
    pub badge: Option<String>,
    /// `physical` or `digital`.
    pub kind: String,
    pub created_at: i64,
    /// When its seller unlisted it (it cannot be bought; orders keep naming it).
    pub unlisted_at: Option<i64>,
    /// The creator selling it; all NULL for the house catalogue.
    pub seller_id: Option<i64>,
    pub seller_username: Option<String>,
    pub seller_display_name: Option<String>,
    pub seller_profile_image: Option<String>,
}

macro_rules! product_columns {
    () => {
        "SELECT p.id, p.name, p.description, p.price_cents, p.original_price_cents, p.image_key,
                p.product_url, p.category, p.review_count, p.rating_sum, p.stock, p.badge, p.kind,
                p.created_at, p.unlisted_at, s.id AS seller_id, s.username AS seller_username,
                s.display_name AS seller_display_name,
                COALESCE(s.profile_image_small_url, s.profile_image_url) AS seller_profile_image
         FROM products p
         LEFT JOIN users s ON s.id = p.seller_id"
    };
}

/// The house catalogue in featured (id) order.
pub async fn products(db: &Db) -> Result<Vec<ProductRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        product_columns!(),
        " WHERE p.seller_id IS NULL ORDER BY p.id LIMIT $1"
    ))
    .bind(CATALOGUE_MAX)
    .fetch_all(&db.pool)
    .await
}

/// One product, listed or not; `None` when there is no such id.
pub async fn product(db: &Db, id: i64) -> Result<Option<ProductRow>, sqlx::Error> {
    sqlx::query_as(concat!(product_columns!(), " WHERE p.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// At most this many products are priced at once (a cart's lines, issue 39).
pub const PRICED_MAX: usize = 100;

/// The products of `ids` that `viewer` may buy now (listed; a creator's only while its seller
/// is active and no block stands between them), in id order: what a cart shows before checkout.
pub async fn listed_among(
    db: &Db,
    viewer: i64,
    ids: &[i64],
) -> Result<Vec<ProductRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        concat!(
            product_columns!(),
            " WHERE p.id IN ({}) AND p.unlisted_at IS NULL
                AND (p.seller_id IS NULL OR (s.deactivated_at IS NULL AND ",
            not_blocked!("$1", "p.seller_id"),
            ")) ORDER BY p.id"
        ),
        crate::platform::db::placeholders(2, ids.len())
    );
    // Only numbered placeholders are formatted in; the ids are bound (a primary-key lookup each).
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(viewer);
    for id in ids {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}

/// A page of creators' listed works as `viewer` may see them (not across a block; the seller
/// active), newest first: all creators', or `seller`'s alone.
pub async fn works_page(
    db: &Db,
    viewer: i64,
    seller: Option<i64>,
    page: Page,
) -> Result<Vec<ProductRow>, sqlx::Error> {
    match seller {
        None => {
            sqlx::query_as(concat!(
                product_columns!(),
                " WHERE p.seller_id IS NOT NULL AND p.unlisted_at IS NULL AND p.id < $2
                    AND s.deactivated_at IS NULL AND ",
                not_blocked!("$1", "p.seller_id"),
                " ORDER BY p.id DESC LIMIT $3"
            ))
            .bind(viewer)
            .bind(page.before)
            .bind(page.fetch_limit())
            .fetch_all(&db.pool)
            .await
        }
        Some(seller) => {
            sqlx::query_as(concat!(
                product_columns!(),
                " WHERE p.seller_id = $4 AND p.unlisted_at IS NULL AND p.id < $2
                    AND s.deactivated_at IS NULL AND ",
                not_blocked!("$1", "p.seller_id"),
                " ORDER BY p.id DESC LIMIT $3"
            ))
            .bind(viewer)
            .bind(page.before)
            .bind(page.fetch_limit())
            .bind(seller)
            .fetch_all(&db.pool)
            .await
        }
    }
}

/// A creator's new listing (already checked).
#[derive(Debug, Clone)]
pub struct NewWork<'a> {
    pub seller_id: i64,
    pub name: &'a str,
    pub description: &'a str,
    pub price_cents: i64,
    pub category: &'a str,
    pub image_key: &'a str,
    /// Units of a physical work; `None` for a digital one.
    pub stock: Option<i64>,
    /// A digital work's file: its private key, uploaded name and size.
    pub file: Option<WorkFile<'a>>,
    pub created_at: i64,
}

/// A digital work's stored file.
#[derive(Debug, Clone, Copy)]
pub struct WorkFile<'a> {
    pub key: &'a str,
    pub name: &'a str,
    pub size: i64,
}

/// Lists `new`; answers its id.
pub async fn create_work(db: &Db, new: &NewWork<'_>) -> Result<i64, sqlx::Error> {
    let kind = if new.file.is_some() {
        "digital"
    } else {
        "physical"
    };
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO products (name, description, price_cents, image_key, product_url, category,
                               rating_tenths, reviews, stock, seller_id, kind, created_at,
                               file_key, file_name, file_size)
         VALUES ($1, $2, $3, $4, '', $5, 0, 0, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
    )
    .bind(new.name)
    .bind(new.description)
    .bind(new.price_cents)
    .bind(new.image_key)
    .bind(new.category)
    .bind(new.stock.unwrap_or(0))
    .bind(new.seller_id)
    .bind(kind)
    .bind(new.created_at)
    .bind(new.file.map(|file| file.key))
    .bind(new.file.map(|file| file.name))
    .bind(new.file.map(|file| file.size))
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// A digital order's file, for its buyer: `None` when `order` is not `buyer`'s or not of a
/// digital work.
pub async fn download(
    db: &Db,
    order: i64,
    buyer: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.file_key, COALESCE(p.file_name, 'download') FROM orders o
         JOIN products p ON p.id = o.product_id AND p.kind = 'digital'
         WHERE o.id = $1 AND o.user_id = $2 AND p.file_key IS NOT NULL",
    )
    .bind(order)
    .bind(buyer)
    .fetch_optional(&db.pool)
    .await
}

/// What a seller may change of a listed work; `None` keeps it.
#[derive(Debug, Clone, Default)]
pub struct WorkChange<'a> {
    pub price_cents: Option<i64>,
    pub stock: Option<i64>,
    pub description: Option<&'a str>,
}

/// Changes `seller`'s listed work `id`; `false` when it is not theirs or not listed.
pub async fn update_work(
    db: &Db,
    id: i64,
    seller: i64,
    change: &WorkChange<'_>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE products
         SET price_cents = COALESCE($3, price_cents), stock = COALESCE($4, stock),
             description = COALESCE($5, description)
         WHERE id = $1 AND seller_id = $2 AND unlisted_at IS NULL
           AND ($4 IS NULL OR kind = 'physical')",
    )
    .bind(id)
    .bind(seller)
    .bind(change.price_cents)
    .bind(change.stock)
    .bind(change.description)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Unlists `seller`'s work `id` (orders keep it); `false` when it is not theirs or unlisted.
pub async fn unlist(db: &Db, id: i64, seller: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE products SET unlisted_at = $3
         WHERE id = $1 AND seller_id = $2 AND unlisted_at IS NULL",
    )
    .bind(id)
    .bind(seller)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
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
    /// The product's kind: a digital one is downloaded.
    pub product_kind: String,
}

macro_rules! order_view {
    () => {
        "SELECT o.id, o.product_id, p.name AS product_name, o.quantity, o.unit_price_cents,
                o.total_amount_cents, o.payment_method, o.status, o.idempotency_key,
                o.payment_reference, o.created_at, p.kind AS product_kind
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

/// One sold line of a creator's work, with its buyer and, for a physical line of a checkout,
/// where it ships (issue 42).
#[derive(Debug, Clone, FromRow)]
pub struct SaleView {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    /// `physical` or `digital`.
    pub product_kind: String,
    pub quantity: i64,
    pub total_amount_cents: i64,
    /// What the seller was credited and what the platform kept, from the order's credit.
    pub credited_cents: i64,
    pub fee_cents: i64,
    pub created_at: i64,
    pub buyer_id: i64,
    pub buyer_username: String,
    pub buyer_display_name: String,
    pub buyer_profile_image: Option<String>,
    /// The checkout the line was paid in (NULL: an order placed before checkouts).
    pub checkout_id: Option<i64>,
    pub shipped_at: Option<i64>,
    pub tracking_note: Option<String>,
    /// The checkout's address, read for physical lines only (all NULL for a digital line).
    pub ship_name: Option<String>,
    pub ship_line1: Option<String>,
    pub ship_line2: Option<String>,
    pub ship_city: Option<String>,
    pub ship_postal_code: Option<String>,
    pub ship_country: Option<String>,
}

/// A sale's columns: the order, its product, its buyer, its credit and, for a physical line,
/// its checkout's address (the seller ships to it; a digital line's seller never reads it).
macro_rules! sale_columns {
    () => {
        "SELECT o.id, o.product_id, p.name AS product_name, p.kind AS product_kind, o.quantity,
                o.total_amount_cents,
                COALESCE(c.amount_cents, 0) AS credited_cents, COALESCE(c.fee_cents, 0) AS fee_cents,
                o.created_at, b.id AS buyer_id, b.username AS buyer_username,
                b.display_name AS buyer_display_name,
                COALESCE(b.profile_image_small_url, b.profile_image_url) AS buyer_profile_image,
                o.checkout_id, o.shipped_at, o.tracking_note,
                k.ship_name, k.ship_line1, k.ship_line2, k.ship_city, k.ship_postal_code,
                k.ship_country
         FROM orders o
         JOIN products p ON p.id = o.product_id
         JOIN users b ON b.id = o.user_id
         LEFT JOIN earning_credits c ON c.order_id = o.id
         LEFT JOIN checkouts k ON k.id = o.checkout_id AND p.kind <> 'digital'"
    };
}

/// A page of `seller`'s sold lines, newest first (a range of `orders_seller_idx`; the credit
/// and the checkout are primary-key or unique lookups per row).
pub async fn sales_page(db: &Db, seller: i64, page: Page) -> Result<Vec<SaleView>, sqlx::Error> {
    sqlx::query_as(concat!(
        sale_columns!(),
        " WHERE o.seller_id = $1 AND o.id < $2 ORDER BY o.id DESC LIMIT $3"
    ))
    .bind(seller)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// `seller`'s sold line `order`; `None` when there is none or it is not theirs.
pub async fn sale(db: &Db, seller: i64, order: i64) -> Result<Option<SaleView>, sqlx::Error> {
    sqlx::query_as(concat!(
        sale_columns!(),
        " WHERE o.id = $1 AND o.seller_id = $2"
    ))
    .bind(order)
    .bind(seller)
    .fetch_optional(&db.pool)
    .await
}

/// What marking a sold line shipped came to; only `Shipped` changed anything.
#[derive(Debug)]
pub enum Shipping {
    /// Marked shipped now; the buyer's notification to announce.
    Shipped(Option<Notice>),
    /// Marked shipped before: left as it was (the first time and note stand).
    AlreadyShipped,
    /// No such order sold by this seller.
    NotFound,
    /// A digital work: downloaded, never shipped.
    Digital,
    /// An order placed before checkouts: no address was taken, so there is nothing to ship to.
    NoAddress,
}

/// Marks `seller`'s physical line `order` shipped with an optional tracking `note`, once, and
/// tells its buyer (the notification opens the checkout's receipt), in one write transaction.
pub async fn ship(
    db: &Db,
    seller: i64,
    order: i64,
    note: Option<&str>,
    now: i64,
) -> Result<Shipping, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(i64, String, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT o.user_id, p.kind, o.checkout_id, o.shipped_at
         FROM orders o JOIN products p ON p.id = o.product_id
         WHERE o.id = $1 AND o.seller_id = $2",
    )
    .bind(order)
    .bind(seller)
    .fetch_optional(&mut *tx)
    .await?;
    let (buyer, checkout) = match found {
        Some((buyer, kind, Some(checkout), None)) if kind != "digital" => (buyer, checkout),
        other => {
            tx.rollback().await?;
            return Ok(match other {
                None => Shipping::NotFound,
                Some((_, kind, ..)) if kind == "digital" => Shipping::Digital,
                Some((.., Some(_))) => Shipping::AlreadyShipped,
                Some(_) => Shipping::NoAddress,
            });
        }
    };
    let done = sqlx::query(
        "UPDATE orders SET shipped_at = $2, tracking_note = $3
         WHERE id = $1 AND shipped_at IS NULL",
    )
    .bind(order)
    .bind(now)
    .bind(note)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(Shipping::AlreadyShipped);
    }
    let quote = note.map(preview);
    let notice = record(
        &mut tx,
        &Act {
            preview: quote.as_deref(),
            ..Act::new(
                buyer,
                seller,
                NotificationKind::Shipped,
                NotificationTargetType::Order,
                checkout,
            )
        },
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(Shipping::Shipped(notice))
}
