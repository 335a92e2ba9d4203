//! The shop and earnings part of the demo: the catalogue's pictures (drawn in code), credits
//! for the demo creators and two orders for maya. Each step runs once: a product with a picture
//! keeps it, a creator with any credit is not credited again, and maya's orders are placed
//! only while she has none.

use super::art;
use crate::db::{self, Db, shop::NewOrder};
use crate::domain::Page;
use crate::media::{ImageKind, Media};

/// Draws and stores a square picture for each product that has none (content-addressed, so
/// two fillers at once store the same file and the first key wins).
pub async fn product_images(db: &Db, media: &Media) -> anyhow::Result<()> {
    for product in db::shop::products(db).await? {
        if product.image_key.is_some() {
            continue;
        }
        // Drawing and encoding is CPU work: off the async threads.
        let seed = 7000 + product.id as u64;
        let picture = tokio::task::spawn_blocking(move || art::artwork(seed, 480, 480)).await?;
        let stored = media.ingest_image(db, picture, ImageKind::Post).await?;
        db::shop::set_product_image(db, product.id, &stored.key).await?;
    }
    Ok(())
}

/// Demo credits: (creator, cents, note). Maya has $1,250.00 to withdraw from at once.
const DEMO_CREDITS: &[(&str, i64, &str)] = &[
    (
        "maya",
        125_000,
        "Print sales and commissions, spring collection",
    ),
    ("leo", 42_000, "Shader pack sales"),
    ("leo", 8_550, "Tips from the live-coding stream"),
    ("sofia", 67_500, "Festival title sequence commission"),
];

/// Maya's demo orders: (product id, quantity).
const DEMO_ORDERS: &[(i64, i64)] = &[(4, 2), (8, 1)];

pub async fn seed_shop(db: &Db, media: &Media) -> anyhow::Result<()> {
    product_images(db, media).await?;
    let now = db::now_ms();
    let mut credited = Vec::new();
    for (username, cents, note) in DEMO_CREDITS {
        let Some(user) = db::users::find_by_username(db, username).await? else {
            continue;
        };
        if !credited.contains(&user.id) && db::earnings::credit_count(db, user.id).await? > 0 {
            continue;
        }
        credited.push(user.id);
        db::earnings::credit(db, user.id, *cents, note, now - 3 * 86_400_000).await?;
    }
    let Some(maya) = db::users::find_by_username(db, "maya").await? else {
        return Ok(());
    };
    let first = Page {
        limit: 1,
        before: i64::MAX,
    };
    if !db::shop::orders_page(db, maya.id, first).await?.is_empty() {
        return Ok(());
    }
    for (n, (product_id, quantity)) in DEMO_ORDERS.iter().enumerate() {
        let Some(product) = db::shop::product(db, *product_id).await? else {
            continue;
        };
        let reference = format!("demo_seed_{n}");
        db::shop::place(
            db,
            NewOrder {
                user_id: maya.id,
                product_id: product.id,
                quantity: *quantity,
                unit_price_cents: product.price_cents,
                payment_method: "stripe",
                payment_reference: &reference,
                idempotency_key: None,
                created_at: now - (2 - n as i64) * 86_400_000,
                // House products: no seller to credit.
                seller_id: None,
                fee_cents: 0,
            },
        )
        .await?;
    }
    Ok(())
}
