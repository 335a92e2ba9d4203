//! The shop (docs/shop-contract.md): the catalogue, the buyer's orders (each a line of a paid
//! checkout: tests/api/checkouts.rs buys), stock the database never lets below zero, and who
//! may see what.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::checkouts::check_out_and_pay;
use crate::helpers::{Backend, TestApp, error_of, spawn_app};

both_backends!(
    shop_endpoints_need_a_session,
    the_catalogue_is_the_thirteen_products_in_featured_order_with_pictures,
    orders_are_the_buyers_own_newest_first_and_page_by_cursor,
    a_cart_reads_the_current_prices_of_its_lines,
    the_database_refuses_negative_stock_and_a_total_that_is_not_price_times_quantity,
);

/// Brushstroke Tee: 5800 cents, 80 in stock.
const TEE: i64 = 4;
const TEE_PRICE: i64 = 5800;
/// Darkroom Denim Jacket: sold out.
const JACKET: i64 = 11;
/// Gallery Bomber Jacket: 8 left.
const BOMBER: i64 = 13;

/// The house catalogue's prices in cents, by id (migration 0009).
const PRICES: [i64; 13] = [
    5000, 6500, 5500, 5800, 6200, 8900, 6000, 9500, 10500, 9000, 14000, 12500, 13500,
];

/// A cart of one line of the house catalogue at the price the cart shows.
fn line(product_id: i64, quantity: i64) -> Value {
    json!([{
        "productId": product_id,
        "quantity": quantity,
        "expectedUnitPrice": PRICES[(product_id - 1) as usize],
    }])
}

async fn stock(app: &TestApp, product: i64) -> i64 {
    let db = app.db().await;
    let (stock,): (i64,) = sqlx::query_as("SELECT stock FROM products WHERE id = $1")
        .bind(product)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    stock
}

/// (orders, units) in the whole database.
async fn orders_in_db(app: &TestApp) -> (i64, i64) {
    let db = app.db().await;
    let counts: (i64, i64) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM orders",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    counts
}

async fn shop_endpoints_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.anonymous();

    for path in ["/api/products", "/api/orders"] {
        let (status, _, code) = error_of(stranger.get(path).await).await;
        assert_eq!((status, code.as_str()), (401, "not_signed_in"), "{path}");
    }
    let opened = stranger
        .post_json("/api/checkouts", &json!({"lines": line(TEE, 1)}))
        .await;
    assert_eq!(opened.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(stock(&app, TEE).await, 80);
}

async fn the_catalogue_is_the_thirteen_products_in_featured_order_with_pictures(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let products = maya.get_json("/api/products").await;

    let products = products.as_array().unwrap();
    let ids: Vec<i64> = products.iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, (1..=13).collect::<Vec<_>>());
    for product in products {
        let price = product["price"].as_i64().unwrap();
        assert!((5000..=14000).contains(&price), "{product}");
        if let Some(original) = product["originalPrice"].as_i64() {
            assert!(original > price, "{product}");
        }
        assert!(
            ["accessories", "shirts", "hoodies", "jackets"]
                .contains(&product["category"].as_str().unwrap())
        );
        // No invented ratings (issue 42): nobody has reviewed anything yet.
        assert_eq!(
            (&product["rating"], &product["reviewCount"]),
            (&Value::Null, &json!(0)),
            "{product}"
        );
        assert_eq!(
            product["inStock"],
            product["stock"].as_i64().unwrap() > 0,
            "{product}"
        );
        assert!(
            product["productUrl"]
                .as_str()
                .unwrap()
                .starts_with("https://")
        );
    }
    let jacket = &products[(JACKET - 1) as usize];
    assert_eq!(jacket["name"], "Darkroom Denim Jacket");
    assert_eq!(
        (jacket["stock"].as_i64(), jacket["inStock"].as_bool()),
        (Some(0), Some(false))
    );
    assert_eq!(jacket["badge"], "Limited Edition");
    let tee = &products[(TEE - 1) as usize];
    assert_eq!(
        (tee["price"].as_i64(), tee["stock"].as_i64()),
        (Some(TEE_PRICE), Some(80))
    );

    // Every product has its own picture, generated and served from the media store.
    let mut urls: Vec<&str> = products
        .iter()
        .map(|p| p["imageUrl"].as_str().unwrap())
        .collect();
    let picture = maya.get(urls[0]).await;
    assert_eq!(picture.status(), StatusCode::OK);
    assert_eq!(picture.headers()["content-type"], "image/jpeg");
    assert!(urls.iter().all(|u| u.starts_with("/media/")));
    urls.sort();
    urls.dedup();
    assert_eq!(urls.len(), 13);
    // Drawn once: the second read answers the same pictures.
    let again = maya.get_json("/api/products").await;
    assert_eq!(again[0]["imageUrl"], products[0]["imageUrl"]);
}

async fn orders_are_the_buyers_own_newest_first_and_page_by_cursor(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let mut ids = Vec::new();
    for product in [1, 2, 3] {
        let paid: Value = check_out_and_pay(&maya, line(product, 1))
            .await
            .json()
            .await
            .unwrap();
        ids.push(paid["lines"][0]["orderId"].as_i64().unwrap());
    }

    let first = maya.get("/api/orders?limit=2").await;
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let page: Value = first.json().await.unwrap();
    let got: Vec<i64> = page
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .collect();
    assert_eq!(got, [ids[2], ids[1]]);
    assert_eq!(cursor, ids[1].to_string());
    let rest = maya
        .get(&format!("/api/orders?limit=2&before={cursor}"))
        .await;
    assert!(rest.headers().get("x-next-cursor").is_none());
    let rest: Value = rest.json().await.unwrap();
    assert_eq!(rest.as_array().unwrap().len(), 1);
    assert_eq!(rest[0]["id"], ids[0]);

    // Leo sees none of them, whatever he asks for.
    assert_eq!(leo.get_json("/api/orders").await, json!([]));
    assert_eq!(
        leo.get_json(&format!("/api/orders?userId={}", maya.id))
            .await,
        json!([])
    );
    let (status, _, _) = error_of(maya.get("/api/orders?limit=101").await).await;
    assert_eq!(status, 400);
}

async fn the_database_refuses_negative_stock_and_a_total_that_is_not_price_times_quantity(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let db = app.db().await;

    let negative = sqlx::query("UPDATE products SET stock = stock - 81 WHERE id = $1")
        .bind(TEE)
        .execute(&db.pool)
        .await;
    assert!(negative.is_err());
    let forged = sqlx::query(
        "INSERT INTO orders (user_id, product_id, quantity, unit_price_cents, total_amount_cents,
                             payment_method, payment_reference, status, created_at)
         VALUES ($1, $2, 2, 5800, 5800, 'stripe', 'x', 'paid', 0)",
    )
    .bind(maya.id)
    .bind(TEE)
    .execute(&db.pool)
    .await;
    assert!(forged.is_err());
    assert_eq!(stock(&app, TEE).await, 80);
    assert_eq!(orders_in_db(&app).await, (0, 0));
}

/// The cart refreshes its lines' prices when opened: `?ids=` answers those products as they are
/// now, leaving out an id that does not exist; bad lists are 400.
async fn a_cart_reads_the_current_prices_of_its_lines(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let priced = maya
        .get_json(&format!("/api/products?ids={BOMBER},{TEE},999"))
        .await;
    let lines: Vec<(i64, i64)> = priced
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_i64().unwrap(), p["price"].as_i64().unwrap()))
        .collect();
    assert_eq!(lines, [(TEE, TEE_PRICE), (BOMBER, 13_500)]);
    let many = (1..=101)
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(",");
    for bad in ["", "4,x", "0", "4,,5", many.as_str()] {
        let response = maya.get(&format!("/api/products?ids={bad}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad:?}");
    }
}
