//! The shop and earnings part of the demo: the catalogue's pictures (economy/catalogue.rs), credits
//! for the demo creators, two orders for maya, and maya's own print with its sales and her tips
//! over the last weeks (so her earnings chart, 'Your sales' and the admin's volumes show
//! something). Each step runs once: a product with a picture keeps it, a creator with any
//! credit is not credited again, maya's orders are placed only while she has none, and her
//! print, sales and tips only while she has no work listed. Then a few real reviews (issue 42)
//! by demo users of what they bought: each reviewer first gets a paid order of the product if
//! they hold none, and a review already written is left as it is. Every demo purchase is a
//! checkout of the test provider, paid through the checkout's own writes (stock, orders, the
//! seller's credit less the fee and their `sale` notification), so what the demo shows is what
//! a buyer would have made.

use crate::economy::catalogue::product_images;
use crate::economy::rules::ReviewDraft;
use crate::economy::store::checkouts::{self, Address, Created, NewCheckout, NewLine};
use crate::economy::store::shop::{NewWork, ProductRow};
use crate::economy::store::tips::{NewTip, Reserved};
use crate::economy::store::{earnings, reviews, shop, tips};
use crate::identity::store::users;
use crate::kernel::money::platform_fee;
use crate::kernel::page::Page;
use crate::platform::db;
use crate::platform::db::Db;
use crate::platform::media::art;
use crate::platform::media::{ImageKind, Media};

const DAY_MS: i64 = 86_400_000;

/// Maya's print: name, description, price in cents, stock.
const DEMO_PRINT: (&str, &str, i64, i64) = (
    "Harbour at Dawn, signed print",
    "A3 giclée print on cotton rag, signed and numbered: an edition of 50.",
    4_500,
    20,
);
/// Sales of maya's print: (buyer, quantity, days ago).
const DEMO_SALES: &[(&str, i64, i64)] = &[("leo", 1, 9), ("sofia", 2, 3)];
/// Tips to maya: (from, cents, message, days ago).
const DEMO_TIPS: &[(&str, i64, &str, i64)] = &[
    ("leo", 500, "The harbour series is wonderful", 12),
    ("sofia", 1_000, "Thank you for the storyboard crit!", 5),
    ("leo", 200, "", 1),
];

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

/// Demo reviews of the house catalogue: (reviewer, product id, stars, text, days ago). Maya's
/// are of her two demo orders; leo and sofia buy theirs first.
const DEMO_REVIEWS: &[(&str, i64, i64, &str, i64)] = &[
    (
        "maya",
        4,
        5,
        "Soft, heavy cotton and the print survived a dozen washes.",
        1,
    ),
    (
        "maya",
        8,
        4,
        "Warm and roomy; the sleeves run a little long.",
        1,
    ),
    (
        "leo",
        4,
        4,
        "Great tee. I sized up and it fits like the photos.",
        6,
    ),
    ("sofia", 8, 5, "", 2),
    ("leo", 1, 3, "Nice pouch, smaller than I expected.", 4),
];
/// Reviews of maya's print by its demo buyers: (reviewer, stars, text).
const DEMO_PRINT_REVIEWS: &[(&str, i64, &str)] = &[
    (
        "leo",
        5,
        "The colours are even better in person. Beautifully packed.",
    ),
    ("sofia", 5, "Signed and numbered, on lovely heavy paper."),
];

/// `fee_percent` is the platform's share of the demo's sales and tips (`--platform-fee-percent`).
pub async fn seed_shop(db: &Db, media: &Media, fee_percent: u8) -> anyhow::Result<()> {
    product_images(db, media).await?;
    let now = db::now_ms();
    let mut credited = Vec::new();
    for (username, cents, note) in DEMO_CREDITS {
        let Some(user) = users::find_by_username(db, username).await? else {
            continue;
        };
        if !credited.contains(&user.id) && earnings::credit_count(db, user.id).await? > 0 {
            continue;
        }
        credited.push(user.id);
        earnings::credit(db, user.id, *cents, note, now - 3 * 86_400_000).await?;
    }
    seed_creator_economy(db, media, now, fee_percent).await?;
    let Some(maya) = users::find_by_username(db, "maya").await? else {
        return Ok(());
    };
    let first = Page {
        limit: 1,
        before: i64::MAX,
    };
    if shop::orders_page(db, maya.id, first).await?.is_empty() {
        seed_maya_orders(db, maya.id, now).await?;
    }
    seed_reviews(db, now).await
}

/// Maya's two orders of the house catalogue, paid checkouts over the last two days.
async fn seed_maya_orders(db: &Db, maya: i64, now: i64) -> anyhow::Result<()> {
    for (n, (product_id, quantity)) in DEMO_ORDERS.iter().enumerate() {
        let Some(product) = shop::product(db, *product_id).await? else {
            continue;
        };
        let at = now - (2 - n as i64) * DAY_MS;
        purchase(db, maya, &product, *quantity, at, 0).await?;
    }
    Ok(())
}

/// The demo's reviews, each by someone holding a paid order of the product (placed now when
/// they hold none), through the store's own write: a review already there is kept.
async fn seed_reviews(db: &Db, now: i64) -> anyhow::Result<()> {
    let mut wanted: Vec<(String, i64, i64, &str, i64)> = DEMO_REVIEWS
        .iter()
        .map(|(who, product, stars, text, days)| {
            ((*who).to_owned(), *product, *stars, *text, *days)
        })
        .collect();
    if let Some(maya) = users::find_by_username(db, "maya").await? {
        let first = Page {
            limit: 1,
            before: i64::MAX,
        };
        if let Some(print) = shop::works_page(db, maya.id, Some(maya.id), first)
            .await?
            .first()
        {
            for (who, stars, text) in DEMO_PRINT_REVIEWS {
                wanted.push(((*who).to_owned(), print.id, *stars, *text, 1));
            }
        }
    }
    for (who, product_id, stars, text, days) in wanted {
        let Some(user) = users::find_by_username(db, &who).await? else {
            continue;
        };
        let Some(product) = shop::product(db, product_id).await? else {
            continue;
        };
        let at = now - days * DAY_MS;
        let mut conn = db.pool.acquire().await?;
        let bought = reviews::has_bought(&mut conn, user.id, product.id).await?;
        let reviewed = reviews::own(&mut conn, product.id, user.id)
            .await?
            .is_some();
        drop(conn);
        if reviewed {
            continue;
        }
        if !bought && product.seller_id.is_none() {
            purchase(db, user.id, &product, 1, at - DAY_MS, 0).await?;
        }
        let rating = serde_json::Value::from(stars);
        let draft = ReviewDraft::parse(Some(&rating), Some(text))?;
        // Not a buyer (a creator's work whose demo sale did not happen): no review.
        reviews::create(db, product.id, user.id, &draft, at).await?;
    }
    Ok(())
}

/// Maya's print in 'From creators', its sales and her tips, through the same writes as the app
/// (the credits net of the platform's fee, the `sale` and `tip` notifications).
async fn seed_creator_economy(
    db: &Db,
    media: &Media,
    now: i64,
    fee_percent: u8,
) -> anyhow::Result<()> {
    let Some(maya) = users::find_by_username(db, "maya").await? else {
        return Ok(());
    };
    let first = Page {
        limit: 1,
        before: i64::MAX,
    };
    if !shop::works_page(db, maya.id, Some(maya.id), first)
        .await?
        .is_empty()
    {
        return Ok(());
    }
    let (name, description, price, stock) = DEMO_PRINT;
    let picture = tokio::task::spawn_blocking(|| art::artwork(7_100, 480, 480)).await?;
    let stored = media.ingest_image(db, picture, ImageKind::Post).await?;
    let print = shop::create_work(
        db,
        &NewWork {
            seller_id: maya.id,
            name,
            description,
            price_cents: price,
            category: "prints",
            image_key: &stored.key,
            stock: Some(stock),
            file: None,
            created_at: now - 14 * DAY_MS,
        },
    )
    .await?;
    for (buyer, quantity, days) in DEMO_SALES {
        let Some(buyer) = users::find_by_username(db, buyer).await? else {
            continue;
        };
        let Some(work) = shop::product(db, print).await? else {
            continue;
        };
        purchase(
            db,
            buyer.id,
            &work,
            *quantity,
            now - days * DAY_MS,
            fee_percent,
        )
        .await?;
    }
    for (n, (from, cents, message, days)) in DEMO_TIPS.iter().enumerate() {
        let Some(from) = users::find_by_username(db, from).await? else {
            continue;
        };
        let at = now - days * DAY_MS;
        let tip = NewTip {
            from_user_id: from.id,
            to_user_id: maya.id,
            amount_cents: *cents,
            fee_cents: platform_fee(*cents, fee_percent),
            post_id: None,
            reel_id: None,
            message: (!message.is_empty()).then_some(*message),
            idempotency_key: None,
            created_at: at,
        };
        if let Reserved::New(id) = tips::reserve(db, &tip).await? {
            tips::pay(db, id, &format!("demo_seed_tip_{n}"), at).await?;
        }
    }
    Ok(())
}

/// Where a demo buyer's physical purchases ship, when they have no address remembered yet.
fn demo_address(buyer: &str) -> Address {
    Address {
        name: buyer.to_owned(),
        line1: "1 Atelier Way".into(),
        line2: None,
        city: "Lisbon".into(),
        postal_code: "1100-001".into(),
        country: "PT".into(),
    }
}

/// `buyer` buys `quantity` of `product` at `at`: a checkout of the test provider, opened and
/// paid through the checkout's own writes (a physical line ships to the buyer's remembered
/// address, remembered now when they have none).
async fn purchase(
    db: &Db,
    buyer: i64,
    product: &ProductRow,
    quantity: i64,
    at: i64,
    fee_percent: u8,
) -> anyhow::Result<()> {
    let address = if product.kind == "physical" {
        match checkouts::address(db, buyer).await? {
            Some(address) => Some(address),
            None => {
                let name = users::active_by_id(db, buyer)
                    .await?
                    .map_or_else(|| "Atelier buyer".to_owned(), |user| user.display_name);
                let address = demo_address(&name);
                checkouts::save_address(db, buyer, &address, at).await?;
                Some(address)
            }
        }
    } else {
        None
    };
    let lines = [NewLine {
        product_id: product.id,
        quantity,
        unit_price_cents: product.price_cents,
    }];
    let created = checkouts::create(
        db,
        &NewCheckout {
            buyer,
            lines: &lines,
            address: address.as_ref(),
            provider: "test",
            test_mode: true,
            idempotency_key: None,
            now: at,
        },
    )
    .await?;
    match created {
        Created::Created(id) => {
            checkouts::settle(
                db,
                id,
                &format!("demo_seed_{id}"),
                None,
                fee_percent,
                None,
                at,
            )
            .await?;
        }
        other => tracing::warn!(?other, product = product.id, "a demo purchase was not made"),
    }
    Ok(())
}
