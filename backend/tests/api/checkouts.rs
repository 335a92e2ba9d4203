//! Checkout (issue 42, docs/payments.md): a remembered shipping address, a checkout opened at
//! the review step with its stock reserved, paid with Stripe's test cards (one pays, two are
//! declined, one asks for an extra confirmation step), a timed-out checkout's stock released by
//! the release job, and fifty buyers racing for the last ten units.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};

both_backends!(
    a_shipping_address_is_checked_remembered_and_edited,
    a_physical_item_needs_a_shipping_address_and_nothing_is_reserved_without_one,
    a_checkout_reserves_its_stock_and_the_test_card_pays_it_once,
    a_declined_card_charges_nothing_and_gives_the_stock_back,
    a_card_that_asks_for_confirmation_is_paid_only_once_confirmed,
    a_card_form_that_is_not_a_card_changes_nothing,
    an_abandoned_checkout_gives_its_stock_back_after_fifteen_minutes,
    fifty_concurrent_checkouts_of_the_last_ten_items_never_oversell,
    a_changed_price_is_refused_at_review_and_nothing_is_reserved,
    a_retried_idempotency_key_opens_one_checkout,
    a_paid_creators_work_credits_the_seller_less_the_fee_and_tells_them,
    a_checkout_is_its_buyers_alone,
    bad_carts_are_refused_and_nothing_moves,
);

/// Brushstroke Tee: 5800 cents, 80 in stock.
const TEE: i64 = 4;
const TEE_PRICE: i64 = 5800;
/// Darkroom Denim Jacket: sold out.
const JACKET: i64 = 11;
const JACKET_PRICE: i64 = 14000;
/// Gallery Bomber Jacket: 13500 cents, 8 left.
const BOMBER: i64 = 13;
const BOMBER_PRICE: i64 = 13500;

const PAYS: &str = "4242 4242 4242 4242";
const DECLINED: &str = "4000 0000 0000 0002";
const NO_FUNDS: &str = "4000 0000 0000 9995";
const CONFIRM: &str = "4000 0027 6000 3184";

fn address() -> Value {
    json!({"name": " Maya Lin ", "line1": "12 Harbour Road", "line2": null, "city": "Lisbon",
           "postalCode": "1100-001", "country": "pt"})
}

fn line(product: i64, quantity: i64, price: i64) -> Value {
    json!({"productId": product, "quantity": quantity, "expectedUnitPrice": price})
}

fn card(number: &str) -> Value {
    json!({"card": {"number": number, "expMonth": 12, "expYear": 2034, "cvc": "123"}})
}

pub async fn with_address(user: &TestUser) {
    let saved = user
        .put_json("/api/user/shipping-address", &address())
        .await;
    assert_eq!(saved.status(), 200);
}

/// `buyer` checks out `lines` and pays with the test card that pays (an address remembered
/// first when they have none): the refusal when the checkout did not open, else the payment's
/// answer (200 and the paid checkout, or its refusal). Every other test buys through this.
pub async fn check_out_and_pay(buyer: &TestUser, lines: Value) -> reqwest::Response {
    if buyer.get_json("/api/user/shipping-address").await.is_null() {
        with_address(buyer).await;
    }
    let opened = open(buyer, lines).await;
    if opened.status() != StatusCode::CREATED {
        return opened;
    }
    let id = opened.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap();
    pay(buyer, id, PAYS).await
}

/// The order id of `product`'s line in a paid `checkout`.
pub fn order_of(checkout: &Value, product: i64) -> i64 {
    checkout["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["productId"] == product)
        .and_then(|line| line["orderId"].as_i64())
        .expect("a paid line has its order")
}

async fn open(user: &TestUser, lines: Value) -> reqwest::Response {
    user.post_json("/api/checkouts", &json!({ "lines": lines }))
        .await
}

/// Opens a checkout that must open; answers it.
async fn opened(user: &TestUser, lines: Value) -> Value {
    let response = open(user, lines).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn pay(user: &TestUser, id: i64, number: &str) -> reqwest::Response {
    user.post_json(&format!("/api/checkouts/{id}/pay"), &card(number))
        .await
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

/// Orders (paid lines) in the whole database.
async fn orders_in_db(app: &TestApp) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM orders")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

async fn a_shipping_address_is_checked_remembered_and_edited(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    assert_eq!(
        maya.get_json("/api/user/shipping-address").await,
        Value::Null
    );

    let refusals = [
        (
            "name",
            json!(""),
            "Full name is required (at most 100 characters)",
        ),
        (
            "line1",
            json!(null),
            "Address line 1 is required (at most 200 characters)",
        ),
        (
            "line2",
            json!("x".repeat(201)),
            "Address line 2 must be at most 200 characters",
        ),
        (
            "city",
            json!("  "),
            "City is required (at most 100 characters)",
        ),
        (
            "postalCode",
            json!("12#45"),
            "Postal code is required (letters, digits, spaces and dashes)",
        ),
        (
            "country",
            json!("Portugal"),
            "Country must be a two-letter country code",
        ),
    ];
    for (field, value, said) in refusals {
        let mut body = address();
        body[field] = value;
        let (status, message, _) =
            error_of(maya.put_json("/api/user/shipping-address", &body).await).await;
        assert_eq!((status, message.as_str()), (400, said), "{field}");
    }
    assert_eq!(
        maya.get_json("/api/user/shipping-address").await,
        Value::Null
    );

    with_address(&maya).await;
    let saved = maya.get_json("/api/user/shipping-address").await;
    assert_eq!(
        saved,
        json!({"name": "Maya Lin", "line1": "12 Harbour Road", "line2": null, "city": "Lisbon",
               "postalCode": "1100-001", "country": "PT"})
    );
    let mut moved = address();
    moved["city"] = json!("Porto");
    assert_eq!(
        maya.put_json("/api/user/shipping-address", &moved)
            .await
            .status(),
        200
    );
    assert_eq!(
        maya.get_json("/api/user/shipping-address").await["city"],
        "Porto"
    );
}

async fn a_physical_item_needs_a_shipping_address_and_nothing_is_reserved_without_one(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let (status, message, code) =
        error_of(open(&maya, json!([line(TEE, 1, TEE_PRICE)])).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (
            422,
            "Add a shipping address for the physical items",
            "address_required"
        )
    );
    assert_eq!(stock(&app, TEE).await, 80);
    assert_eq!(maya.get_json("/api/checkouts").await, json!([]));
}

async fn a_checkout_reserves_its_stock_and_the_test_card_pays_it_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;

    // Whatever else a line says (a price, a total, a buyer), the catalogue prices it and the
    // session buys it.
    let mut tee = line(TEE, 2, TEE_PRICE);
    tee["unitPrice"] = json!(1);
    tee["total"] = json!(2);
    tee["userId"] = json!(maya.id + 1);
    let checkout = opened(&maya, json!([tee, line(BOMBER, 1, BOMBER_PRICE)])).await;
    let id = checkout["id"].as_i64().unwrap();
    assert_eq!(checkout["status"], "pending_payment");
    assert_eq!(checkout["subtotal"], 2 * TEE_PRICE + BOMBER_PRICE);
    assert_eq!(checkout["shipping"], 0);
    assert_eq!(checkout["fees"], 0);
    assert_eq!(checkout["total"], 2 * TEE_PRICE + BOMBER_PRICE);
    assert_eq!(checkout["testMode"], true);
    assert_eq!(checkout["shippingAddress"]["city"], "Lisbon");
    assert_eq!(checkout["card"], Value::Null);
    let lines = checkout["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["productName"], "Brushstroke Tee");
    assert_eq!(lines[0]["total"], 2 * TEE_PRICE);
    assert_eq!(lines[0]["orderId"], Value::Null);
    // Reserved, not sold: the stock is held while the buyer pays.
    assert_eq!((stock(&app, TEE).await, stock(&app, BOMBER).await), (78, 7));
    assert_eq!(orders_in_db(&app).await, 0);

    let paid = pay(&maya, id, PAYS).await;
    assert_eq!(paid.status(), 200);
    let paid: Value = paid.json().await.unwrap();
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["card"], json!({"brand": "visa", "last4": "4242"}));
    assert!(paid["paidAt"].is_string());
    assert!(paid["lines"][0]["orderId"].is_i64());
    assert_eq!(orders_in_db(&app).await, 2);

    // A retried payment answers the paid checkout and moves nothing again.
    let again = pay(&maya, id, PAYS).await;
    assert_eq!(again.status(), 200);
    assert_eq!(again.json::<Value>().await.unwrap()["status"], "paid");
    assert_eq!(orders_in_db(&app).await, 2);
    assert_eq!((stock(&app, TEE).await, stock(&app, BOMBER).await), (78, 7));

    // Settings › Orders and the receipt.
    let mine = maya.get_json("/api/checkouts").await;
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(mine[0], paid);
    assert_eq!(maya.get_json(&format!("/api/checkouts/{id}")).await, paid);
    // Only the brand and last 4 digits of the card were kept.
    let db = app.db().await;
    let (kept,): (String,) = sqlx::query_as(
        "SELECT COALESCE(card_brand, '') || ':' || COALESCE(card_last4, '') || ':' ||
                COALESCE(payment_reference, '') FROM checkouts WHERE id = $1",
    )
    .bind(id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    assert!(!kept.contains("42424242"), "{kept}");
}

async fn a_declined_card_charges_nothing_and_gives_the_stock_back(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;

    for (number, said) in [
        (DECLINED, "Your card was declined."),
        (NO_FUNDS, "Your card has insufficient funds."),
    ] {
        let checkout = opened(&maya, json!([line(BOMBER, 2, BOMBER_PRICE)])).await;
        let id = checkout["id"].as_i64().unwrap();
        assert_eq!(stock(&app, BOMBER).await, 6);

        let (status, message, code) = error_of(pay(&maya, id, number).await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (402, said, "card_declined")
        );
        assert_eq!(stock(&app, BOMBER).await, 8, "the stock went back");
        assert_eq!(orders_in_db(&app).await, 0);
        let failed = maya.get_json(&format!("/api/checkouts/{id}")).await;
        assert_eq!(failed["status"], "failed");
        assert_eq!(failed["failureMessage"], said);

        // The failed checkout is over: a new one is opened with another card.
        let (status, _, code) = error_of(pay(&maya, id, PAYS).await).await;
        assert_eq!((status, code.as_str()), (409, "checkout_closed"));
        assert_eq!(stock(&app, BOMBER).await, 8);
    }
    let balance = maya.get_json("/api/user/balance").await;
    assert_eq!(balance["totalEarnings"], 0);
}

async fn a_card_that_asks_for_confirmation_is_paid_only_once_confirmed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;

    let id = opened(&maya, json!([line(TEE, 1, TEE_PRICE)])).await["id"]
        .as_i64()
        .unwrap();
    let waiting = pay(&maya, id, CONFIRM).await;
    assert_eq!(waiting.status(), 200);
    let waiting: Value = waiting.json().await.unwrap();
    assert_eq!(waiting["status"], "requires_action");
    assert_eq!(waiting["card"]["last4"], "3184");
    assert_eq!(orders_in_db(&app).await, 0);
    // Not paid by paying again: it waits for the confirmation.
    let (status, _, code) = error_of(pay(&maya, id, PAYS).await).await;
    assert_eq!((status, code.as_str()), (409, "wrong_step"));

    let confirmed = maya
        .post_json(
            &format!("/api/checkouts/{id}/confirm"),
            &json!({"completed": true}),
        )
        .await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(confirmed.json::<Value>().await.unwrap()["status"], "paid");
    assert_eq!(orders_in_db(&app).await, 1);
    assert_eq!(stock(&app, TEE).await, 79);

    // Failing the confirmation declines the payment and gives the stock back.
    let id = opened(&maya, json!([line(TEE, 3, TEE_PRICE)])).await["id"]
        .as_i64()
        .unwrap();
    assert_eq!(pay(&maya, id, CONFIRM).await.status(), 200);
    assert_eq!(stock(&app, TEE).await, 76);
    let (status, message, code) = error_of(
        maya.post_json(
            &format!("/api/checkouts/{id}/confirm"),
            &json!({"completed": false}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (402, "card_declined"));
    assert!(
        message.starts_with("We are unable to authenticate"),
        "{message}"
    );
    assert_eq!(stock(&app, TEE).await, 79);
    assert_eq!(orders_in_db(&app).await, 1);
}

async fn a_card_form_that_is_not_a_card_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    let id = opened(&maya, json!([line(TEE, 1, TEE_PRICE)])).await["id"]
        .as_i64()
        .unwrap();

    let forms = [
        (
            json!({"number": "4242 4242 4242 4241", "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            "Your card number is invalid.",
        ),
        (
            json!({"number": PAYS, "expMonth": 1, "expYear": 2020, "cvc": "123"}),
            "Your card's expiration date is in the past or invalid.",
        ),
        (
            json!({"number": PAYS, "expMonth": 13, "expYear": 2034, "cvc": "123"}),
            "Your card's expiration date is in the past or invalid.",
        ),
        (
            json!({"number": PAYS, "expMonth": 12, "expYear": 2034, "cvc": "12"}),
            "Your card's security code is invalid.",
        ),
        (
            json!({"number": 4242424242424242_i64, "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            "Your card number is invalid.",
        ),
        (
            json!({"number": PAYS, "expMonth": "12", "expYear": 2034, "cvc": "123"}),
            "Your card's expiration date is in the past or invalid.",
        ),
    ];
    for (form, said) in forms {
        let (status, message, code) = error_of(
            maya.post_json(
                &format!("/api/checkouts/{id}/pay"),
                &json!({ "card": form }),
            )
            .await,
        )
        .await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (400, said, "card_invalid"),
            "{form}"
        );
    }
    let (status, _, _) = error_of(
        maya.post_json(&format!("/api/checkouts/{id}/pay"), &json!({}))
            .await,
    )
    .await;
    assert_eq!(status, 400);
    // Still open, its stock still held: the buyer fixes the typo and pays.
    let checkout = maya.get_json(&format!("/api/checkouts/{id}")).await;
    assert_eq!(checkout["status"], "pending_payment");
    assert_eq!(stock(&app, TEE).await, 79);
    assert_eq!(pay(&maya, id, PAYS).await.status(), 200);
}

async fn an_abandoned_checkout_gives_its_stock_back_after_fifteen_minutes(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    let id = opened(&maya, json!([line(BOMBER, 3, BOMBER_PRICE)])).await["id"]
        .as_i64()
        .unwrap();
    assert_eq!(stock(&app, BOMBER).await, 5);

    app.advance_clock(Duration::from_secs(14 * 60));
    app.housekeeping().await;
    assert_eq!(stock(&app, BOMBER).await, 5, "still held at 14 minutes");

    app.advance_clock(Duration::from_secs(61));
    app.housekeeping().await;
    assert_eq!(stock(&app, BOMBER).await, 8, "released after 15 minutes");
    let expired = maya.get_json(&format!("/api/checkouts/{id}")).await;
    assert_eq!(expired["status"], "expired");
    let (status, _, code) = error_of(pay(&maya, id, PAYS).await).await;
    assert_eq!((status, code.as_str()), (409, "checkout_closed"));
    // Released once: another pass gives nothing back twice.
    app.housekeeping().await;
    assert_eq!(stock(&app, BOMBER).await, 8);
    assert_eq!(orders_in_db(&app).await, 0);

    // A checkout whose time ran out before the job came by is refused when paid, and released.
    let id = opened(&maya, json!([line(BOMBER, 1, BOMBER_PRICE)])).await["id"]
        .as_i64()
        .unwrap();
    app.advance_clock(Duration::from_secs(15 * 60));
    let (status, _, code) = error_of(pay(&maya, id, PAYS).await).await;
    assert_eq!((status, code.as_str()), (409, "checkout_closed"));
    assert_eq!(stock(&app, BOMBER).await, 8);
}

async fn fifty_concurrent_checkouts_of_the_last_ten_items_never_oversell(backend: Backend) {
    let app = spawn_app(backend).await;
    let buyers = [app.new_user("maya").await, app.new_user("leo").await];
    for buyer in &buyers {
        with_address(buyer).await;
    }
    set_stock(&app, TEE, 10).await;

    let mut tasks = Vec::new();
    for n in 0..50 {
        let buyer = &buyers[n % 2];
        let (client, base) = (buyer.client.clone(), buyer.url(""));
        tasks.push(tokio::spawn(async move {
            let opened = client
                .post(format!("{base}/api/checkouts"))
                .json(&json!({"lines": [line(TEE, 1, TEE_PRICE)]}))
                .send()
                .await
                .unwrap();
            let status = opened.status();
            let body: Value = opened.json().await.unwrap();
            if status != StatusCode::CREATED {
                return (status, body);
            }
            let id = body["id"].as_i64().unwrap();
            let paid = client
                .post(format!("{base}/api/checkouts/{id}/pay"))
                .json(&card(PAYS))
                .send()
                .await
                .unwrap();
            (paid.status(), paid.json().await.unwrap())
        }));
    }
    let mut sold = 0;
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            StatusCode::OK => {
                assert_eq!(body["status"], "paid");
                sold += 1;
            }
            StatusCode::UNPROCESSABLE_ENTITY => {
                let message = body["message"].as_str().unwrap();
                assert_eq!(message, "Brushstroke Tee is sold out");
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!(sold, 10);
    assert_eq!(stock(&app, TEE).await, 0);
    assert_eq!(orders_in_db(&app).await, 10);
}

async fn a_changed_price_is_refused_at_review_and_nothing_is_reserved(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    let response = open(
        &maya,
        json!([line(BOMBER, 1, BOMBER_PRICE), line(TEE, 1, TEE_PRICE - 100)]),
    )
    .await;
    assert_eq!(response.status(), 409);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "price_changed");
    assert_eq!(body["productId"], TEE);
    assert_eq!(body["unitPrice"], TEE_PRICE);
    assert_eq!((stock(&app, TEE).await, stock(&app, BOMBER).await), (80, 8));
    assert_eq!(maya.get_json("/api/checkouts").await, json!([]));
}

async fn a_retried_idempotency_key_opens_one_checkout(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    let send = |lines: Value| {
        maya.client
            .post(maya.url("/api/checkouts"))
            .header("Idempotency-Key", "cart-1")
            .json(&json!({ "lines": lines }))
            .send()
    };
    let first: Value = send(json!([line(TEE, 2, TEE_PRICE)]))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let again = send(json!([line(TEE, 2, TEE_PRICE)])).await.unwrap();
    assert_eq!(again.status(), 201);
    assert_eq!(again.json::<Value>().await.unwrap()["id"], first["id"]);
    assert_eq!(stock(&app, TEE).await, 78, "reserved once");

    let (status, _, code) = error_of(send(json!([line(TEE, 3, TEE_PRICE)])).await.unwrap()).await;
    assert_eq!((status, code.as_str()), (422, "idempotency_key_reused"));
    assert_eq!(stock(&app, TEE).await, 78);
}

async fn a_paid_creators_work_credits_the_seller_less_the_fee_and_tells_them(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    let work =
        crate::works::list(&leo, &crate::works::print("Harbour at dawn", 4000, 3)).await["id"]
            .as_i64()
            .unwrap();

    // Leo may not buy his own work.
    with_address(&leo).await;
    let (status, _, code) = error_of(open(&leo, json!([line(work, 1, 4000)])).await).await;
    assert_eq!((status, code.as_str()), (422, "own_work"));

    let id = opened(&maya, json!([line(work, 2, 4000)])).await["id"]
        .as_i64()
        .unwrap();
    // Nothing is credited while the payment is pending.
    assert_eq!(leo.get_json("/api/user/balance").await["totalEarnings"], 0);
    assert_eq!(pay(&maya, id, PAYS).await.status(), 200);
    let balance = leo.get_json("/api/user/balance").await;
    // 8000 less the 10 % platform fee.
    assert_eq!(balance["totalEarnings"], 7200);
    assert_eq!(balance["availableBalance"], 7200);
    let told = &leo.get_json("/api/notifications").await[0];
    assert_eq!(told["kind"], "sale");
    assert!(
        told["text"].as_str().unwrap().contains("bought your work"),
        "{told}"
    );
    let sales = leo.get_json("/api/user/sales").await;
    assert_eq!(sales.as_array().unwrap().len(), 1);
    assert_eq!(sales[0]["quantity"], 2);
}

async fn a_checkout_is_its_buyers_alone(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    with_address(&maya).await;
    let id = opened(&maya, json!([line(TEE, 1, TEE_PRICE)])).await["id"]
        .as_i64()
        .unwrap();
    for response in [
        leo.get(&format!("/api/checkouts/{id}")).await,
        pay(&leo, id, PAYS).await,
        leo.post_json(
            &format!("/api/checkouts/{id}/confirm"),
            &json!({"completed": true}),
        )
        .await,
    ] {
        let (status, message, _) = error_of(response).await;
        assert_eq!((status, message.as_str()), (404, "Order not found"));
    }
    assert_eq!(leo.get_json("/api/checkouts").await, json!([]));
    assert_eq!(
        leo.get_json("/api/user/shipping-address").await,
        Value::Null
    );
    let checkout = maya.get_json(&format!("/api/checkouts/{id}")).await;
    assert_eq!(checkout["status"], "pending_payment");
}

async fn bad_carts_are_refused_and_nothing_moves(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    let many: Vec<Value> = (1..=21).map(|id| line(id, 1, 100)).collect();
    let cases = [
        (json!({}), 400, "Your cart is empty"),
        (json!({"lines": []}), 400, "Your cart is empty"),
        (
            json!({"lines": many}),
            400,
            "At most 20 different items can be checked out at once",
        ),
        (
            json!({"lines": [line(TEE, 1, TEE_PRICE), line(TEE, 2, TEE_PRICE)]}),
            400,
            "Each product may appear once",
        ),
        (
            json!({"lines": [line(TEE, 0, TEE_PRICE)]}),
            400,
            "Quantity must be between 1 and 99",
        ),
        (
            json!({"lines": [line(9_999, 1, TEE_PRICE)]}),
            404,
            "Product not found",
        ),
        (
            json!({"lines": [{"productId": TEE, "quantity": 1}]}),
            400,
            "expectedUnitPrice is required: the price in cents the cart showed (refresh the page)",
        ),
        (
            json!({"lines": [line(BOMBER, 9, BOMBER_PRICE)]}),
            422,
            "Only 8 left in stock",
        ),
        (
            json!({"lines": [line(JACKET, 1, JACKET_PRICE)]}),
            422,
            "Darkroom Denim Jacket is sold out",
        ),
        (
            json!({"lines": [{"quantity": 1, "expectedUnitPrice": TEE_PRICE}]}),
            400,
            "A product is required",
        ),
    ];
    let quantity = "Quantity must be between 1 and 99";
    let cases = cases.into_iter().chain(
        [json!(100), json!(-1), json!(1.5), json!("2"), Value::Null]
            .into_iter()
            .map(|bad| {
                (
                    json!({"lines": [{"productId": TEE, "quantity": bad, "expectedUnitPrice": TEE_PRICE}]}),
                    400,
                    quantity,
                )
            }),
    );
    for (body, want, said) in cases {
        let (status, message, _) = error_of(maya.post_json("/api/checkouts", &body).await).await;
        assert_eq!((status, message.as_str()), (want, said), "{body}");
    }
    // The price the cart showed is a whole number of cents.
    for bad in [json!("5800"), json!(-1), json!(58.5)] {
        let body = json!({"lines": [{"productId": TEE, "quantity": 2, "expectedUnitPrice": bad}]});
        let (status, message, code) = error_of(open(&maya, body["lines"].clone()).await).await;
        assert_eq!((status, code.as_str()), (400, "invalid_input"), "{bad}");
        assert!(message.contains("expectedUnitPrice"), "{message}");
    }
    let text = maya
        .client
        .post(maya.url("/api/checkouts"))
        .header("content-type", "text/plain")
        .header("origin", &app.address)
        .body("productId=4")
        .send()
        .await
        .unwrap();
    assert_eq!(text.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // Nobody signed in opens none.
    let anonymous = app
        .anonymous()
        .post_json(
            "/api/checkouts",
            &json!({"lines": [line(TEE, 1, TEE_PRICE)]}),
        )
        .await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!((stock(&app, TEE).await, stock(&app, BOMBER).await), (80, 8));
    assert_eq!(maya.get_json("/api/checkouts").await, json!([]));
    let (status, _, _) = error_of(maya.get("/api/checkouts/0").await).await;
    assert_eq!(status, 404);
    let (status, _, _) = error_of(maya.get("/api/checkouts/abc").await).await;
    assert_eq!(status, 400);
}
