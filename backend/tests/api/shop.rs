//! The shop (docs/shop-contract.md): the catalogue, orders priced from it, stock that never
//! goes below zero under concurrency, idempotent retries, and who may see what.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use atelier::platform::payments::{
    Charge, PaymentError, PaymentFuture, PaymentMode, PaymentProvider, Receipt,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with_payments};

both_backends!(
    shop_endpoints_need_a_session,
    the_catalogue_is_the_thirteen_products_in_featured_order_with_pictures,
    an_order_is_priced_from_the_catalogue_whatever_the_body_says,
    orders_are_the_buyers_own_newest_first_and_page_by_cursor,
    fifty_concurrent_orders_for_the_last_ten_items_sell_exactly_ten,
    sold_out_and_short_stock_are_refused_and_nothing_moves,
    a_retried_idempotency_key_answers_the_first_order_and_moves_nothing,
    concurrent_retries_with_one_idempotency_key_make_one_order,
    a_key_reserved_by_a_crashed_checkout_is_taken_over_after_five_minutes,
    bad_orders_are_refused_with_the_contracts_messages_and_nothing_moves,
    an_order_without_the_price_its_cart_showed_is_refused_and_nothing_moves,
    an_order_at_a_price_the_catalogue_no_longer_asks_is_refused_and_nothing_moves,
    a_cart_reads_the_current_prices_of_its_lines,
    a_declined_payment_is_refused_and_nothing_moves,
    every_charge_without_an_order_is_refunded_under_concurrency,
    a_provider_that_honours_keys_keeps_the_one_charge_of_concurrent_retries,
    the_database_refuses_negative_stock_and_a_total_that_is_not_price_times_quantity,
);

/// A payment provider that counts what it was asked, and declines everything when told to.
#[derive(Default)]
pub struct Recorder {
    pub decline: bool,
    pub charges: AtomicI64,
    pub charged: AtomicI64,
    pub refunded: AtomicI64,
}

impl PaymentProvider for Recorder {
    fn charge<'a>(&'a self, charge: Charge<'a>) -> PaymentFuture<'a, Receipt> {
        Box::pin(async move {
            if self.decline {
                return Err(PaymentError::Declined("card declined".into()));
            }
            self.charged
                .fetch_add(charge.amount_cents, Ordering::SeqCst);
            // A reference of its own per charge, as a provider that does not know keys gives.
            let n = self.charges.fetch_add(1, Ordering::SeqCst);
            Ok(Receipt {
                reference: format!("rec_{n}_{}", charge.amount_cents),
            })
        })
    }

    fn refund<'a>(&'a self, receipt: &'a Receipt) -> PaymentFuture<'a, ()> {
        Box::pin(async move {
            let cents: i64 = receipt
                .reference
                .rsplit('_')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            self.refunded.fetch_add(cents, Ordering::SeqCst);
            Ok(())
        })
    }

    fn mode(&self) -> PaymentMode {
        PaymentMode::Test
    }
}

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

/// A cart line of the house catalogue at the price the cart shows.
fn line(product_id: i64, quantity: i64) -> Value {
    json!({
        "productId": product_id,
        "quantity": quantity,
        "expectedUnitPrice": PRICES[(product_id - 1) as usize],
        "paymentMethod": "stripe",
    })
}

async fn order(user: &TestUser, body: &Value, key: Option<&str>) -> reqwest::Response {
    let mut request = user.client.post(user.url("/api/orders")).json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.expect("request sent")
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

async fn set_stock(app: &TestApp, product: i64, stock: i64) {
    let db = app.db().await;
    sqlx::query("UPDATE products SET stock = $2 WHERE id = $1")
        .bind(product)
        .bind(stock)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
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
    let (status, _, _) = error_of(order(&stranger, &line(TEE, 1), None).await).await;
    assert_eq!(status, 401);
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

async fn an_order_is_priced_from_the_catalogue_whatever_the_body_says(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let mut body = line(TEE, 3);
    body["productName"] = json!("Free tee");
    body["unitPrice"] = json!(1);
    body["price"] = json!(1);
    body["totalAmount"] = json!(3);
    body["userId"] = json!(maya.id + 1);
    let response = order(&maya, &body, None).await;

    assert_eq!(response.status(), StatusCode::CREATED);
    let placed: Value = response.json().await.unwrap();
    assert_eq!(placed["productId"], TEE);
    assert_eq!(placed["productName"], "Brushstroke Tee");
    assert_eq!(placed["quantity"], 3);
    assert_eq!(placed["unitPrice"], TEE_PRICE);
    assert_eq!(placed["totalAmount"], 3 * TEE_PRICE);
    assert_eq!(placed["paymentMethod"], "stripe");
    assert_eq!(placed["status"], "paid");
    assert!(placed["createdAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(stock(&app, TEE).await, 77);
    assert_eq!(maya.get_json("/api/orders").await, json!([placed]));
    let catalogue = maya.get_json("/api/products").await;
    assert_eq!(catalogue[(TEE - 1) as usize]["stock"], 77);
}

async fn orders_are_the_buyers_own_newest_first_and_page_by_cursor(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let mut ids = Vec::new();
    for product in [1, 2, 3] {
        let placed: Value = order(&maya, &line(product, 1), None)
            .await
            .json()
            .await
            .unwrap();
        ids.push(placed["id"].as_i64().unwrap());
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

async fn fifty_concurrent_orders_for_the_last_ten_items_sell_exactly_ten(backend: Backend) {
    let app = spawn_app(backend).await;
    let buyers = [app.new_user("maya").await, app.new_user("leo").await];
    set_stock(&app, TEE, 10).await;

    let mut tasks = Vec::new();
    for n in 0..50 {
        let buyer = &buyers[n % 2];
        let request = buyer
            .client
            .post(buyer.url("/api/orders"))
            .json(&line(TEE, 1));
        tasks.push(tokio::spawn(async move {
            let response = request.send().await.expect("request sent");
            let status = response.status();
            let body: Value = response.json().await.unwrap();
            (status, body)
        }));
    }
    let mut sold = 0;
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            StatusCode::CREATED => sold += 1,
            StatusCode::UNPROCESSABLE_ENTITY => {
                let message = body["message"].as_str().unwrap();
                assert!(
                    message == "Brushstroke Tee is sold out" || message.starts_with("Only "),
                    "{message}"
                );
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }

    assert_eq!(sold, 10);
    assert_eq!(stock(&app, TEE).await, 0);
    assert_eq!(orders_in_db(&app).await, (10, 10));
    let (status, message, code) = error_of(order(&buyers[0], &line(TEE, 1), None).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (422, "Brushstroke Tee is sold out", "sold_out")
    );
}

async fn sold_out_and_short_stock_are_refused_and_nothing_moves(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let (status, message, _) = error_of(order(&maya, &line(JACKET, 1), None).await).await;
    assert_eq!(
        (status, message.as_str()),
        (422, "Darkroom Denim Jacket is sold out")
    );
    let (status, message, code) = error_of(order(&maya, &line(BOMBER, 9), None).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (422, "Only 8 left in stock", "insufficient_stock")
    );

    assert_eq!(stock(&app, JACKET).await, 0);
    assert_eq!(stock(&app, BOMBER).await, 8);
    assert_eq!(orders_in_db(&app).await, (0, 0));
    // The last eight can be bought.
    let response = order(&maya, &line(BOMBER, 8), None).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    assert_eq!(stock(&app, BOMBER).await, 0);
}

async fn a_retried_idempotency_key_answers_the_first_order_and_moves_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let key = "checkout-7f3a:line-1";

    let first = order(&maya, &line(TEE, 2), Some(key)).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.unwrap();
    let retry = order(&maya, &line(TEE, 2), Some(key)).await;
    assert_eq!(retry.status(), StatusCode::CREATED);
    assert_eq!(retry.json::<Value>().await.unwrap(), first);
    assert_eq!(stock(&app, TEE).await, 78);
    assert_eq!(orders_in_db(&app).await, (1, 2));

    // The same key for another line is a mistake, said so; nothing moves.
    for other in [line(TEE, 3), line(1, 2)] {
        let (status, message, code) = error_of(order(&maya, &other, Some(key)).await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (
                422,
                "This Idempotency-Key was already used for a different order",
                "idempotency_key_reused"
            )
        );
    }
    assert_eq!(stock(&app, TEE).await, 78);
    assert_eq!(stock(&app, 1).await, 40);

    // Keys are per user: Leo's line with the same key is his own order.
    let leos = order(&leo, &line(TEE, 2), Some(key)).await;
    assert_eq!(leos.status(), StatusCode::CREATED);
    assert_ne!(leos.json::<Value>().await.unwrap()["id"], first["id"]);
    // Without a key, the same line again is a new order.
    assert_eq!(
        order(&maya, &line(TEE, 2), None).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(orders_in_db(&app).await, (3, 6));
}

async fn concurrent_retries_with_one_idempotency_key_make_one_order(backend: Backend) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;

    let mut tasks = Vec::new();
    for _ in 0..20 {
        let request = maya
            .client
            .post(maya.url("/api/orders"))
            .header("Idempotency-Key", "retry-storm")
            .json(&line(TEE, 1));
        tasks.push(tokio::spawn(async move {
            let response = request.send().await.expect("request sent");
            (response.status(), response.json::<Value>().await.unwrap())
        }));
    }
    // Each retry answers the one order, or is told the first is still being checked out.
    let mut ids = Vec::new();
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            StatusCode::CREATED => ids.push(body["id"].as_i64().unwrap()),
            StatusCode::CONFLICT => assert_eq!(body["code"], "order_in_flight"),
            other => panic!("{other}: {body}"),
        }
    }
    assert!(!ids.is_empty());
    ids.dedup();
    assert_eq!(ids.len(), 1, "every retry answers the one order");
    assert_eq!(stock(&app, TEE).await, 79);
    assert_eq!(orders_in_db(&app).await, (1, 1));
    // Never a second charge, not even a refunded one.
    assert_eq!(provider.charges.load(Ordering::SeqCst), 1);
    assert_eq!(provider.refunded.load(Ordering::SeqCst), 0);
    // Once it is placed, a retry answers it.
    let retry = order(&maya, &line(TEE, 1), Some("retry-storm")).await;
    assert_eq!(retry.status(), StatusCode::CREATED);
    assert_eq!(retry.json::<Value>().await.unwrap()["id"], ids[0]);
}

async fn bad_orders_are_refused_with_the_contracts_messages_and_nothing_moves(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let quantity = "Quantity must be between 1 and 99";
    let method = "Unsupported payment method";
    let cases = [
        (
            json!({"productId": TEE, "quantity": 0, "paymentMethod": "stripe"}),
            400,
            quantity,
        ),
        (
            json!({"productId": TEE, "quantity": 100, "paymentMethod": "stripe"}),
            400,
            quantity,
        ),
        (
            json!({"productId": TEE, "quantity": -1, "paymentMethod": "stripe"}),
            400,
            quantity,
        ),
        (
            json!({"productId": TEE, "quantity": 1.5, "paymentMethod": "stripe"}),
            400,
            quantity,
        ),
        (
            json!({"productId": TEE, "quantity": "2", "paymentMethod": "stripe"}),
            400,
            quantity,
        ),
        (
            json!({"productId": TEE, "paymentMethod": "stripe"}),
            400,
            quantity,
        ),
        (
            json!({"productId": 999, "quantity": 1, "expectedUnitPrice": 100, "paymentMethod": "stripe"}),
            404,
            "Product not found",
        ),
        (
            json!({"productId": TEE, "quantity": 1, "paymentMethod": "paypal"}),
            400,
            method,
        ),
        (json!({"productId": TEE, "quantity": 1}), 400, method),
        (
            json!({"quantity": 1, "paymentMethod": "stripe"}),
            400,
            "A product is required",
        ),
    ];
    for (body, want_status, want_message) in cases {
        let (status, message, _) = error_of(order(&maya, &body, None).await).await;
        assert_eq!(
            (status, message.as_str()),
            (want_status, want_message),
            "{body}"
        );
    }
    let bad_key = "Idempotency-Key must be 1 to 255 visible characters";
    let long = "k".repeat(256);
    for key in ["has space", "", long.as_str()] {
        let (status, message, _) = error_of(order(&maya, &line(TEE, 1), Some(key)).await).await;
        assert_eq!((status, message.as_str()), (400, bad_key), "{key:?}");
    }
    let text = maya
        .client
        .post(maya.url("/api/orders"))
        .header("content-type", "text/plain")
        .header("origin", &app.address)
        .body("productId=4")
        .send()
        .await
        .unwrap();
    assert_eq!(text.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    assert_eq!(orders_in_db(&app).await, (0, 0));
    assert_eq!(stock(&app, TEE).await, 80);
}

async fn a_declined_payment_is_refused_and_nothing_moves(backend: Backend) {
    let provider = Arc::new(Recorder {
        decline: true,
        ..Recorder::default()
    });
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;

    let (status, message, code) = error_of(order(&maya, &line(TEE, 1), Some("k1")).await).await;

    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (422, "The payment was declined", "payment_declined")
    );
    assert_eq!(stock(&app, TEE).await, 80);
    assert_eq!(orders_in_db(&app).await, (0, 0));
}

async fn every_charge_without_an_order_is_refunded_under_concurrency(backend: Backend) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    set_stock(&app, TEE, 5).await;

    let mut tasks = Vec::new();
    for n in 0..30 {
        let request = maya
            .client
            .post(maya.url("/api/orders"))
            .header("Idempotency-Key", format!("line-{}", n % 10))
            .json(&line(TEE, 1));
        tasks.push(tokio::spawn(async move {
            request.send().await.expect("request sent").status()
        }));
    }
    for task in tasks {
        let status = task.await.unwrap();
        assert!(
            [
                StatusCode::CREATED,
                StatusCode::UNPROCESSABLE_ENTITY,
                StatusCode::CONFLICT
            ]
            .contains(&status),
            "{status}"
        );
    }

    // Five units sold (ten keys, three tries each); what was kept is exactly what was sold.
    assert_eq!(stock(&app, TEE).await, 0);
    assert_eq!(orders_in_db(&app).await, (5, 5));
    let kept = provider.charged.load(Ordering::SeqCst) - provider.refunded.load(Ordering::SeqCst);
    assert_eq!(kept, 5 * TEE_PRICE);
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

/// A provider like a real one: a charge with a key it has seen answers the first charge (one
/// charge per key); it records every refund.
#[derive(Default)]
struct Keyed {
    charges: std::sync::Mutex<std::collections::HashMap<String, i64>>,
    refunded: std::sync::Mutex<Vec<String>>,
}

impl PaymentProvider for Keyed {
    fn charge<'a>(&'a self, charge: Charge<'a>) -> PaymentFuture<'a, Receipt> {
        Box::pin(async move {
            let key = charge
                .idempotency_key
                .expect("the order sent a key")
                .to_owned();
            self.charges
                .lock()
                .unwrap()
                .entry(key.clone())
                .or_insert(charge.amount_cents);
            Ok(Receipt {
                reference: format!("ch_{key}"),
            })
        })
    }

    fn refund<'a>(&'a self, receipt: &'a Receipt) -> PaymentFuture<'a, ()> {
        Box::pin(async move {
            self.refunded
                .lock()
                .unwrap()
                .push(receipt.reference.clone());
            Ok(())
        })
    }

    fn mode(&self) -> PaymentMode {
        PaymentMode::Test
    }
}

async fn a_provider_that_honours_keys_keeps_the_one_charge_of_concurrent_retries(backend: Backend) {
    let provider = Arc::new(Keyed::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    let mut tasks = Vec::new();
    for buyer in [&maya, &maya, &maya, &maya, &maya, &maya, &leo, &leo] {
        let request = buyer
            .client
            .post(buyer.url("/api/orders"))
            .header("Idempotency-Key", "checkout-1")
            .json(&line(TEE, 2));
        tasks.push(tokio::spawn(async move {
            request.send().await.expect("request sent").status()
        }));
    }
    for task in tasks {
        let status = task.await.unwrap();
        assert!(
            [StatusCode::CREATED, StatusCode::CONFLICT].contains(&status),
            "{status}"
        );
    }

    // One order each, and each order's charge stands: the same key of two users is two charges,
    // and no retry gave the winner's charge back.
    assert_eq!(orders_in_db(&app).await.0, 2);
    let charges = provider.charges.lock().unwrap().clone();
    assert_eq!(charges.len(), 2, "{charges:?}");
    assert!(charges.values().all(|cents| *cents == 2 * TEE_PRICE));
    assert!(
        provider.refunded.lock().unwrap().is_empty(),
        "{:?}",
        provider.refunded.lock().unwrap()
    );
    assert_eq!(stock(&app, TEE).await, 80 - 4);
}

async fn a_key_reserved_by_a_crashed_checkout_is_taken_over_after_five_minutes(backend: Backend) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    // A checkout reserved Maya's key 'crashed', then its server died before releasing it.
    let db = app.db().await;
    sqlx::query(
        "INSERT INTO order_keys (user_id, idempotency_key, reserved_at) VALUES ($1, 'crashed', $2)",
    )
    .bind(maya.id)
    .bind(app.clock.now_ms())
    .execute(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    let before = stock(&app, TEE).await;

    // At first it may still be charging: wait, nothing moves.
    let (status, _, code) = error_of(order(&maya, &line(TEE, 1), Some("crashed")).await).await;
    assert_eq!((status, code.as_str()), (409, "order_in_flight"));
    assert_eq!(provider.charges.load(Ordering::SeqCst), 0);
    assert_eq!(stock(&app, TEE).await, before);

    // Five minutes on, a retry takes the key over: one order, one charge; then it answers that.
    app.advance_clock(Duration::from_secs(5 * 60 + 1));
    let placed = order(&maya, &line(TEE, 1), Some("crashed")).await;
    assert_eq!(placed.status(), StatusCode::CREATED);
    let first: Value = placed.json().await.unwrap();
    let again: Value = order(&maya, &line(TEE, 1), Some("crashed"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again["id"], first["id"]);
    assert_eq!(provider.charges.load(Ordering::SeqCst), 1);
    assert_eq!(stock(&app, TEE).await, before - 1);
}

/// Issue 39: an older client, which sends no `expectedUnitPrice`, is refused rather than charged
/// whatever the catalogue asks now.
async fn an_order_without_the_price_its_cart_showed_is_refused_and_nothing_moves(backend: Backend) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    for expected in [
        None,
        Some(json!("5800")),
        Some(json!(-1)),
        Some(json!(58.5)),
    ] {
        let mut body = json!({"productId": TEE, "quantity": 2, "paymentMethod": "stripe"});
        if let Some(expected) = expected {
            body["expectedUnitPrice"] = expected;
        }
        let (status, message, code) = error_of(order(&maya, &body, Some("old")).await).await;
        assert_eq!((status, code.as_str()), (400, "invalid_input"), "{body}");
        assert!(message.contains("expectedUnitPrice"), "{message}");
    }
    assert_eq!(provider.charges.load(Ordering::SeqCst), 0);
    assert_eq!(orders_in_db(&app).await, (0, 0));
    assert_eq!(stock(&app, TEE).await, 80);
}

/// Issue 39: the catalogue's price moved since the cart was filled: 409 `price_changed` with the
/// price now, and nothing charged, reserved or sold; the same key then buys at the new price.
async fn an_order_at_a_price_the_catalogue_no_longer_asks_is_refused_and_nothing_moves(
    backend: Backend,
) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    let db = app.db().await;
    sqlx::query("UPDATE products SET price_cents = 1000000 WHERE id = $1")
        .bind(TEE)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;

    let refused = order(&maya, &line(TEE, 99), Some("cart-1")).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "price_changed");
    assert_eq!(body["productId"], TEE);
    assert_eq!(body["unitPrice"], 1_000_000);
    assert_eq!(provider.charges.load(Ordering::SeqCst), 0);
    assert_eq!(orders_in_db(&app).await, (0, 0));
    assert_eq!(stock(&app, TEE).await, 80);

    let mut at_new_price = line(TEE, 1);
    at_new_price["expectedUnitPrice"] = json!(1_000_000);
    let bought = order(&maya, &at_new_price, Some("cart-1")).await;
    assert_eq!(bought.status(), StatusCode::CREATED);
    assert_eq!(provider.charged.load(Ordering::SeqCst), 1_000_000);
    assert_eq!(stock(&app, TEE).await, 79);
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
