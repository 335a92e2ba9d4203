//! Ratings and reviews of products (issue 42, docs/shop-contract.md "Reviews"). A buyer (a paid
//! order of the product) writes one review per product, edits or deletes it; the unique pair
//! (product, author) makes a second one a conflict, whichever request wins. The product's
//! `review_count` and `rating_sum` (what cards show, read with the product itself: no list
//! counts reviews) are moved by migration 0039's triggers in the transaction of each write of a
//! review: a new one, an edit, a deletion, moderation's removal, a deleted account's cascade.

use sqlx::{AnyConnection, FromRow};

use crate::economy::rules::ReviewDraft;
use crate::kernel::page::Page;
use crate::platform::db::Db;
use crate::platform::db::visibility::{not_blocked, shown};

/// A product as its reviews need it: its seller and its aggregate.
#[derive(Debug, Clone, FromRow)]
pub struct ReviewedProduct {
    /// NULL for the house catalogue.
    pub seller_id: Option<i64>,
    pub review_count: i64,
    pub rating_sum: i64,
}

/// A review with its author.
#[derive(Debug, Clone, FromRow)]
pub struct ReviewView {
    pub id: i64,
    pub product_id: i64,
    pub rating: i64,
    pub body: Option<String>,
    pub created_at: i64,
    pub edited_at: Option<i64>,
    /// Moderation removed it: only admins and no count see it.
    pub removed_at: Option<i64>,
    pub author_id: i64,
    pub author_username: String,
    pub author_display_name: String,
    pub author_profile_image: Option<String>,
}

macro_rules! review_view {
    () => {
        "SELECT r.id, r.product_id, r.rating, r.body, r.created_at, r.edited_at, r.removed_at,
                u.id AS author_id, u.username AS author_username,
                u.display_name AS author_display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS author_profile_image
         FROM product_reviews r JOIN users u ON u.id = r.author_id"
    };
}

/// Product `id` when `viewer` may see it (the house catalogue's, or a creator's whose seller is
/// active with no block between them; listed or not, since its buyers keep their reviews).
pub async fn product_for(
    conn: &mut AnyConnection,
    viewer: i64,
    id: i64,
) -> Result<Option<ReviewedProduct>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT p.seller_id, p.review_count, p.rating_sum FROM products p
         LEFT JOIN users s ON s.id = p.seller_id
         WHERE p.id = $1 AND (p.seller_id IS NULL OR (s.deactivated_at IS NULL AND ",
        not_blocked!("$2", "p.seller_id"),
        "))"
    ))
    .bind(id)
    .bind(viewer)
    .fetch_optional(conn)
    .await
}

/// Whether `user` holds a paid order of `product`.
pub async fn has_bought(
    conn: &mut AnyConnection,
    user: i64,
    product: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT o.id FROM orders o
         WHERE o.user_id = $1 AND o.product_id = $2 AND o.status = 'paid' LIMIT 1",
    )
    .bind(user)
    .bind(product)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

/// `author`'s review of `product`, removed or not.
pub async fn own(
    conn: &mut AnyConnection,
    product: i64,
    author: i64,
) -> Result<Option<ReviewView>, sqlx::Error> {
    sqlx::query_as(concat!(
        review_view!(),
        " WHERE r.product_id = $1 AND r.author_id = $2"
    ))
    .bind(product)
    .bind(author)
    .fetch_optional(conn)
    .await
}

/// A page of `product`'s reviews as `viewer` may see them, newest first (a range of
/// `product_reviews_product_idx`): not by an account blocked either way or deactivated, not
/// removed (but for admins).
pub async fn page(
    db: &Db,
    product: i64,
    viewer: i64,
    page: Page,
) -> Result<Vec<ReviewView>, sqlx::Error> {
    sqlx::query_as(concat!(
        review_view!(),
        " WHERE r.product_id = $1 AND r.id < $3 AND u.deactivated_at IS NULL AND ",
        shown!("$2", "r.removed_at"),
        " AND ",
        not_blocked!("$2", "r.author_id"),
        " ORDER BY r.id DESC LIMIT $4"
    ))
    .bind(product)
    .bind(viewer)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// What writing a review came to. Only `Review` changed anything.
#[derive(Debug)]
pub enum Written {
    Review(Box<ReviewView>),
    /// No such product, or one behind a block.
    ProductNotFound,
    /// The author sells it.
    OwnProduct,
    /// The author holds no paid order of it.
    NotBuyer,
    /// The author reviewed it before (a new review), or has no review to edit.
    AlreadyReviewed,
    NoReview,
}

/// `author`'s new review of `product`, in one write transaction: the product, the seller and
/// the purchase are checked where the review is inserted.
pub async fn create(
    db: &Db,
    product: i64,
    author: i64,
    draft: &ReviewDraft,
    now: i64,
) -> Result<Written, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let Some(found) = product_for(&mut tx, author, product).await? else {
        return Ok(Written::ProductNotFound);
    };
    if found.seller_id == Some(author) {
        return Ok(Written::OwnProduct);
    }
    if !has_bought(&mut tx, author, product).await? {
        return Ok(Written::NotBuyer);
    }
    // DO NOTHING: a second review (or a concurrent twin on PostgreSQL) inserts nothing.
    let inserted: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO product_reviews (product_id, author_id, rating, body, created_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (product_id, author_id) DO NOTHING RETURNING id",
    )
    .bind(product)
    .bind(author)
    .bind(draft.rating)
    .bind(draft.text.as_deref())
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    if inserted.is_none() {
        tx.rollback().await?;
        return Ok(Written::AlreadyReviewed);
    }
    let review = own(&mut tx, product, author)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(Written::Review(Box::new(review)))
}

/// Replaces the rating and text of `author`'s review of `product` (not one moderation removed).
pub async fn update(
    db: &Db,
    product: i64,
    author: i64,
    draft: &ReviewDraft,
    now: i64,
) -> Result<Written, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if product_for(&mut tx, author, product).await?.is_none() {
        return Ok(Written::ProductNotFound);
    }
    let changed = sqlx::query(
        "UPDATE product_reviews SET rating = $3, body = $4, edited_at = $5
         WHERE product_id = $1 AND author_id = $2 AND removed_at IS NULL",
    )
    .bind(product)
    .bind(author)
    .bind(draft.rating)
    .bind(draft.text.as_deref())
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if changed.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(Written::NoReview);
    }
    let review = own(&mut tx, product, author)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(Written::Review(Box::new(review)))
}

/// Deletes `author`'s review of `product` (not one moderation removed: that one stays for the
/// case); `false` when there is none.
pub async fn delete(db: &Db, product: i64, author: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM product_reviews
         WHERE product_id = $1 AND author_id = $2 AND removed_at IS NULL",
    )
    .bind(product)
    .bind(author)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}
