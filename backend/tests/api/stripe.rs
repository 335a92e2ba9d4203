//! Stripe as the payment provider (issue 42, docs/payments.md "Stripe"). Stripe's live API is
//! not reachable from the test machines, so the app talks to a stand-in on 127.0.0.1 that
//! records the form posts and answers as Stripe documents (PaymentIntents, refunds), and the
//! webhook's events are signed here with Stripe's documented scheme (`stripe_webhook::sign`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use atelier::platform::payments::stripe_webhook;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::checkouts::with_address;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};
use crate::works::{list, print};

both_backends!(
    a_payment_intent_is_made_for_the_servers_total_with_an_idempotency_key,
    a_signed_succeeded_event_settles_the_checkout_once_and_a_replay_changes_nothing,
    a_bad_or_stale_signature_is_refused_and_changes_nothing,
    an_amount_or_currency_that_is_not_the_checkouts_does_not_settle_it,
    a_failed_payment_fails_the_checkout_and_gives_the_stock_back,
    a_payment_for_an_expired_checkout_is_refunded,
    the_test_provider_has_no_payment_intents_and_no_webhook,
    a_stripe_tip_is_paid_by_its_webhook_once_for_its_own_amount,
    a_failed_or_abandoned_stripe_tip_is_given_up_and_a_late_payment_refunded,
    the_page_lets_stripe_js_and_its_frames_in_only_where_stripe_takes_the_payments,
);

const WEBHOOK_SECRET: &str = "whsec_atelier_test";
/// Brushstroke Tee: 5800 cents, 80 in stock.
const TEE: i64 = 4;
const TEE_PRICE: i64 = 5800;

/// One request the stand-in received.
#[derive(Debug, Clone)]
struct Posted {
    path: String,
    form: HashMap<String, String>,
    idempotency_key: Option<String>,
    authorization: Option<String>,
}

/// Stripe's API on 127.0.0.1: records every form post and answers as Stripe does. The same
/// Idempotency-Key answers the same PaymentIntent, as Stripe's idempotency does.
#[derive(Clone, Default)]
struct StubStripe {
    posted: Arc<Mutex<Vec<Posted>>>,
    intents: Arc<Mutex<HashMap<String, Value>>>,
}

impl StubStripe {
    async fn start() -> (Self, String) {
        let stub = Self::default();
        let router = axum::Router::new()
            .route("/v1/payment_intents", axum::routing::post(payment_intent))
            .route("/v1/refunds", axum::routing::post(refund))
            .with_state(stub.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        (stub, base)
    }

    fn posted(&self, path: &str) -> Vec<Posted> {
        let posted = self.posted.lock().unwrap();
        posted.iter().filter(|p| p.path == path).cloned().collect()
    }

    fn record(&self, path: &str, headers: &HeaderMap, body: &str) -> Posted {
        let posted = Posted {
            path: path.to_owned(),
            form: url::form_urlencoded::parse(body.as_bytes())
                .into_owned()
                .collect(),
            idempotency_key: header(headers, "idempotency-key"),
            authorization: header(headers, "authorization"),
        };
        self.posted.lock().unwrap().push(posted.clone());
        posted
    }
}

fn header(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

async fn payment_intent(
    State(stub): State<StubStripe>,
    headers: HeaderMap,
    body: String,
) -> axum::response::Response {
    let posted = stub.record("/v1/payment_intents", &headers, &body);
    let key = posted.idempotency_key.clone().unwrap_or_default();
    let mut intents = stub.intents.lock().unwrap();
    let n = intents.len() + 1;
    let intent = intents.entry(key).or_insert_with(|| {
        let id = format!("pi_stub{n}");
        json!({
            "id": id,
            "object": "payment_intent",
            "amount": posted.form["amount"].parse::<i64>().unwrap(),
            "currency": posted.form["currency"],
            "automatic_payment_methods": {"enabled": true},
            "client_secret": format!("{id}_secret_stub{n}"),
            "metadata": metadata_of(&posted.form),
            "status": "requires_payment_method",
            "livemode": false,
        })
    });
    axum::Json(intent.clone()).into_response()
}

/// The `metadata[…]` fields of a form post, as Stripe keeps them.
fn metadata_of(form: &HashMap<String, String>) -> Value {
    form.iter()
        .filter_map(|(key, value)| {
            let name = key.strip_prefix("metadata[")?.strip_suffix(']')?;
            Some((name.to_owned(), Value::String(value.clone())))
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

async fn refund(
    State(stub): State<StubStripe>,
    headers: HeaderMap,
    body: String,
) -> axum::response::Response {
    let posted = stub.record("/v1/refunds", &headers, &body);
    axum::Json(json!({
        "id": "re_stub1",
        "object": "refund",
        "payment_intent": posted.form["payment_intent"],
        "status": "succeeded",
    }))
    .into_response()
}

/// The app with Stripe's test keys, talking to `base`.
async fn stripe_app(backend: Backend, base: &str) -> TestApp {
    let base = base.to_owned();
    spawn_app_with(backend, move |settings| {
        settings.stripe_secret_key = Some("sk_test_atelier".into());
        settings.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
        settings.stripe_publishable_key = Some("pk_test_atelier".into());
        settings.stripe_api_base = base;
    })
    .await
}

/// Stripe's stand-in, the app paying through it, and Maya with her shipping address.
async fn stripe_buyer(backend: Backend) -> (StubStripe, TestApp, TestUser) {
    let (stub, base) = StubStripe::start().await;
    let app = stripe_app(backend, &base).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    (stub, app, maya)
}

/// `buyer`'s open checkout of `quantity` tees: its id.
async fn open_tees(buyer: &TestUser, quantity: i64) -> i64 {
    let opened = buyer
        .post_json(
            "/api/checkouts",
            &json!({"lines": [{"productId": TEE, "quantity": quantity, "expectedUnitPrice": TEE_PRICE}]}),
        )
        .await;
    assert_eq!(opened.status(), StatusCode::CREATED);
    opened.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap()
}

/// Starts paying checkout `id` through Stripe: the answer.
async fn intent_of(buyer: &TestUser, id: i64) -> Value {
    let answer = buyer
        .post(&format!("/api/checkouts/{id}/payment-intent"))
        .await;
    assert_eq!(answer.status(), StatusCode::OK);
    answer.json().await.unwrap()
}

/// A Stripe event about PaymentIntent `intent` of checkout `checkout`.
fn event(id: &str, kind: &str, intent: &str, checkout: i64, amount: i64, currency: &str) -> Value {
    let status = if kind == "payment_intent.succeeded" {
        "succeeded"
    } else {
        "requires_payment_method"
    };
    let last_error = if kind == "payment_intent.payment_failed" {
        json!({"code": "card_declined", "message": "Your card was declined."})
    } else {
        Value::Null
    };
    json!({
        "id": id,
        "object": "event",
        "api_version": "2025-01-27.acacia",
        "livemode": false,
        "type": kind,
        "data": {"object": {
            "id": intent,
            "object": "payment_intent",
            "amount": amount,
            "amount_received": amount,
            "currency": currency,
            "metadata": {"checkout_id": checkout.to_string()},
            "status": status,
            "last_payment_error": last_error,
        }},
    })
}

/// Posts `event` to the webhook as Stripe would, signed with `secret` at `t` (unix seconds).
async fn deliver_signed(app: &TestApp, event: &Value, secret: &str, t: i64) -> reqwest::Response {
    let body = serde_json::to_vec(event).unwrap();
    let signature = stripe_webhook::sign(&body, secret, t);
    deliver(app, body, Some(&signature)).await
}

async fn deliver(app: &TestApp, body: Vec<u8>, signature: Option<&str>) -> reqwest::Response {
    // Stripe's own client: no cookies, no Origin.
    let mut request = reqwest::Client::new()
        .post(app.url("/api/payments/stripe/webhook"))
        .header("content-type", "application/json; charset=utf-8")
        .body(body);
    if let Some(signature) = signature {
        request = request.header("stripe-signature", signature);
    }
    request.send().await.unwrap()
}

fn now_secs(app: &TestApp) -> i64 {
    app.clock.now_ms() / 1000
}

async fn checkout(buyer: &TestUser, id: i64) -> Value {
    buyer.get_json(&format!("/api/checkouts/{id}")).await
}

async fn scalar(app: &TestApp, sql: &'static str) -> i64 {
    let db = app.db().await;
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&db.pool).await.unwrap();
    db.pool.close().await;
    n
}

async fn tee_stock(app: &TestApp) -> i64 {
    stock_of(app, TEE).await
}

async fn stock_of(app: &TestApp, product: i64) -> i64 {
    let db = app.db().await;
    let (n,): (i64,) = sqlx::query_as("SELECT stock FROM products WHERE id = $1")
        .bind(product)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    n
}

async fn orders(app: &TestApp) -> i64 {
    scalar(app, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await
}

async fn a_payment_intent_is_made_for_the_servers_total_with_an_idempotency_key(backend: Backend) {
    let (stub, app, maya) = stripe_buyer(backend).await;
    let before = tee_stock(&app).await;
    let id = open_tees(&maya, 2).await;

    // Whatever the client sends, the intent is for the checkout's own total.
    let answer = maya
        .post_json(
            &format!("/api/checkouts/{id}/payment-intent"),
            &json!({"amount": 1, "currency": "eur"}),
        )
        .await;
    assert_eq!(answer.status(), 200);
    let answer: Value = answer.json().await.unwrap();
    assert_eq!(answer["clientSecret"], "pi_stub1_secret_stub1");
    assert_eq!(answer["checkout"]["status"], "pending_payment");
    assert_eq!(answer["checkout"]["total"], 2 * TEE_PRICE);
    let posted = stub.posted("/v1/payment_intents");
    assert_eq!(posted.len(), 1);
    let form = &posted[0].form;
    assert_eq!(form["amount"], (2 * TEE_PRICE).to_string());
    assert_eq!(form["currency"], "usd");
    assert_eq!(form["automatic_payment_methods[enabled]"], "true");
    assert_eq!(form["metadata[checkout_id]"], id.to_string());
    let key = format!("atelier-checkout-{id}");
    assert_eq!(posted[0].idempotency_key.as_deref(), Some(key.as_str()));
    assert_eq!(
        posted[0].authorization.as_deref(),
        Some("Bearer sk_test_atelier")
    );

    // Asking again answers the same intent, with the same key.
    let again = intent_of(&maya, id).await;
    assert_eq!(again["clientSecret"], answer["clientSecret"]);
    let posted = stub.posted("/v1/payment_intents");
    assert_eq!(posted.len(), 2);
    assert_eq!(posted[1].idempotency_key.as_deref(), Some(key.as_str()));

    // No card is taken at Atelier in this mode; the stock stays reserved, nothing is paid.
    let (status, _, code) = error_of(
        maya.post_json(
            &format!("/api/checkouts/{id}/pay"),
            &json!({"card": {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"}}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (409, "wrong_provider"));
    assert_eq!(tee_stock(&app).await, before - 2);
    assert_eq!(checkout(&maya, id).await["status"], "pending_payment");
    assert_eq!(orders(&app).await, 0);
    let config = maya.get_json("/api/payments/config").await;
    assert_eq!(config["provider"], "stripe");
    assert_eq!(config["publishableKey"], "pk_test_atelier");

    // Another buyer cannot start paying Maya's checkout.
    let leo = app.new_user("leo").await;
    let refused = leo
        .post(&format!("/api/checkouts/{id}/payment-intent"))
        .await;
    assert_eq!(refused.status(), 404);
}

async fn a_signed_succeeded_event_settles_the_checkout_once_and_a_replay_changes_nothing(
    backend: Backend,
) {
    let (_stub, app, maya) = stripe_buyer(backend).await;
    let leo = app.new_user("leo").await;
    let work = list(&leo, &print("Harbour at dawn", 4000, 3)).await["id"]
        .as_i64()
        .unwrap();
    let opened = maya
        .post_json(
            "/api/checkouts",
            &json!({"lines": [{"productId": work, "quantity": 2, "expectedUnitPrice": 4000}]}),
        )
        .await;
    assert_eq!(opened.status(), 201);
    let id = opened.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap();
    let intent = intent_of(&maya, id).await["checkout"].clone();
    assert_eq!(intent["status"], "pending_payment");
    let pi = "pi_stub1";

    let succeeded = event("evt_1", "payment_intent.succeeded", pi, id, 8000, "usd");
    let taken = deliver_signed(&app, &succeeded, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(taken.status(), 200);
    let paid = checkout(&maya, id).await;
    assert_eq!(paid["status"], "paid");
    assert!(paid["paidAt"].is_string());
    assert_eq!(orders(&app).await, 1);
    // 8000 less the 10 % platform fee.
    assert_eq!(
        leo.get_json("/api/user/balance").await["totalEarnings"],
        7200
    );
    let stock: i64 = stock_of(&app, work).await;
    assert_eq!(stock, 1);
    assert_eq!(leo.get_json("/api/notifications").await[0]["kind"], "sale");

    // The same event again (Stripe retries), and another event for the same payment: nothing
    // moves twice.
    let replay = deliver_signed(&app, &succeeded, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(replay.status(), 200);
    let other = event("evt_2", "payment_intent.succeeded", pi, id, 8000, "usd");
    let again = deliver_signed(&app, &other, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(again.status(), 200);
    assert_eq!(orders(&app).await, 1);
    assert_eq!(
        leo.get_json("/api/user/balance").await["totalEarnings"],
        7200
    );
    assert_eq!(stock_of(&app, work).await, 1);
    assert_eq!(
        scalar(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM stripe_events").await,
        2
    );
    // Event types the app does not handle are acknowledged and ignored.
    let mut unknown = event("evt_3", "charge.refunded", pi, id, 8000, "usd");
    unknown["data"]["object"] = json!({"id": "ch_1", "object": "charge"});
    let ignored = deliver_signed(&app, &unknown, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(ignored.status(), 200);
    assert_eq!(checkout(&maya, id).await["status"], "paid");
}

async fn a_bad_or_stale_signature_is_refused_and_changes_nothing(backend: Backend) {
    let (_stub, app, maya) = stripe_buyer(backend).await;
    let id = open_tees(&maya, 1).await;
    intent_of(&maya, id).await;
    let succeeded = event(
        "evt_1",
        "payment_intent.succeeded",
        "pi_stub1",
        id,
        TEE_PRICE,
        "usd",
    );
    let body = serde_json::to_vec(&succeeded).unwrap();
    let now = now_secs(&app);

    let mut refusals = vec![
        // Signed with another secret.
        deliver_signed(&app, &succeeded, "whsec_someone_else", now).await,
        // No signature at all.
        deliver(&app, body.clone(), None).await,
        // Signed, then the body changed.
        {
            let signature = stripe_webhook::sign(&body, WEBHOOK_SECRET, now);
            let mut tampered = succeeded.clone();
            tampered["data"]["object"]["amount"] = json!(1);
            deliver(
                &app,
                serde_json::to_vec(&tampered).unwrap(),
                Some(&signature),
            )
            .await
        },
        // Signed more than five minutes ago.
        deliver_signed(&app, &succeeded, WEBHOOK_SECRET, now - 301).await,
    ];
    // Signed now, delivered six minutes later by the app's clock.
    let signature = stripe_webhook::sign(&body, WEBHOOK_SECRET, now);
    app.advance_clock(Duration::from_secs(6 * 60));
    refusals.push(deliver(&app, body.clone(), Some(&signature)).await);
    for refused in refusals {
        let (status, _, code) = error_of(refused).await;
        assert_eq!((status, code.as_str()), (400, "bad_signature"));
    }
    assert_eq!(checkout(&maya, id).await["status"], "pending_payment");
    assert_eq!(orders(&app).await, 0);
    assert_eq!(
        scalar(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM stripe_events").await,
        0
    );
    // The same event signed properly is still taken (nothing was recorded by the refusals).
    let taken = deliver_signed(&app, &succeeded, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(taken.status(), 200);
    assert_eq!(checkout(&maya, id).await["status"], "paid");
}

async fn an_amount_or_currency_that_is_not_the_checkouts_does_not_settle_it(backend: Backend) {
    let (_stub, app, maya) = stripe_buyer(backend).await;
    let before = tee_stock(&app).await;
    let id = open_tees(&maya, 1).await;
    intent_of(&maya, id).await;
    for (n, amount, currency) in [(1, TEE_PRICE - 1, "usd"), (2, TEE_PRICE, "eur")] {
        let wrong = event(
            &format!("evt_{n}"),
            "payment_intent.succeeded",
            "pi_stub1",
            id,
            amount,
            currency,
        );
        let taken = deliver_signed(&app, &wrong, WEBHOOK_SECRET, now_secs(&app)).await;
        assert_eq!(taken.status(), 200);
    }
    // A payment that names the checkout but is not the intent it holds does not settle it either.
    let stranger = event(
        "evt_3",
        "payment_intent.succeeded",
        "pi_other",
        id,
        TEE_PRICE,
        "usd",
    );
    assert_eq!(
        deliver_signed(&app, &stranger, WEBHOOK_SECRET, now_secs(&app))
            .await
            .status(),
        200
    );
    assert_eq!(checkout(&maya, id).await["status"], "pending_payment");
    assert_eq!(orders(&app).await, 0);
    assert_eq!(tee_stock(&app).await, before - 1);
}

async fn a_failed_payment_fails_the_checkout_and_gives_the_stock_back(backend: Backend) {
    let (_stub, app, maya) = stripe_buyer(backend).await;
    let before = tee_stock(&app).await;
    let id = open_tees(&maya, 3).await;
    intent_of(&maya, id).await;
    assert_eq!(tee_stock(&app).await, before - 3);

    let failed = event(
        "evt_1",
        "payment_intent.payment_failed",
        "pi_stub1",
        id,
        3 * TEE_PRICE,
        "usd",
    );
    let taken = deliver_signed(&app, &failed, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(taken.status(), 200);
    let ended = checkout(&maya, id).await;
    assert_eq!(ended["status"], "failed");
    assert_eq!(ended["failureMessage"], "Your card was declined.");
    assert_eq!(tee_stock(&app).await, before);
    // Its replay does not give the stock back twice.
    deliver_signed(&app, &failed, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(tee_stock(&app).await, before);
    // A failed checkout asks for no new payment.
    let (status, _, code) = error_of(
        maya.post(&format!("/api/checkouts/{id}/payment-intent"))
            .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (409, "checkout_closed"));
}

async fn a_payment_for_an_expired_checkout_is_refunded(backend: Backend) {
    let (stub, app, maya) = stripe_buyer(backend).await;
    let before = tee_stock(&app).await;
    let id = open_tees(&maya, 1).await;
    intent_of(&maya, id).await;
    app.advance_clock(Duration::from_secs(16 * 60));
    app.housekeeping().await;
    assert_eq!(checkout(&maya, id).await["status"], "expired");
    assert_eq!(tee_stock(&app).await, before);

    let late = event(
        "evt_1",
        "payment_intent.succeeded",
        "pi_stub1",
        id,
        TEE_PRICE,
        "usd",
    );
    let taken = deliver_signed(&app, &late, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(taken.status(), 200);
    assert_eq!(checkout(&maya, id).await["status"], "expired");
    assert_eq!(orders(&app).await, 0);
    let refunds = stub.posted("/v1/refunds");
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0].form["payment_intent"], "pi_stub1");
    assert!(refunds[0].idempotency_key.is_some());
}

async fn the_test_provider_has_no_payment_intents_and_no_webhook(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    with_address(&maya).await;
    let id = open_tees(&maya, 1).await;
    let (status, _, code) = error_of(
        maya.post(&format!("/api/checkouts/{id}/payment-intent"))
            .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (409, "wrong_provider"));
    let event = event(
        "evt_1",
        "payment_intent.succeeded",
        "pi_1",
        id,
        TEE_PRICE,
        "usd",
    );
    let refused = deliver_signed(&app, &event, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(refused.status(), 404);
    assert_eq!(checkout(&maya, id).await["status"], "pending_payment");
}

/// The browser runs Stripe.js (from js.stripe.com), shows its Payment Element in frames from
/// js.stripe.com (and hooks.stripe.com for 3-D Secure) and lets it call api.stripe.com only where
/// Stripe is the provider; with the test provider the policy keeps every page to itself.
async fn the_page_lets_stripe_js_and_its_frames_in_only_where_stripe_takes_the_payments(
    backend: Backend,
) {
    let policy = |response: &reqwest::Response| {
        response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned()
    };
    let (_stub, base) = StubStripe::start().await;
    let stripe = stripe_app(backend.clone(), &base).await;
    for path in ["/", "/shop", "/api/payments/config"] {
        let with = policy(&stripe.get(path).await);
        assert!(
            with.contains("script-src 'self' https://js.stripe.com;"),
            "{path}: {with}"
        );
        assert!(
            with.contains("frame-src https://js.stripe.com https://hooks.stripe.com;"),
            "{path}: {with}"
        );
        assert!(
            with.contains("connect-src 'self' https://api.stripe.com;"),
            "{path}: {with}"
        );
        assert!(with.contains("frame-ancestors 'none'"), "{path}: {with}");
    }
    let test = spawn_app(backend).await;
    let without = policy(&test.get("/shop").await);
    assert!(without.contains("script-src 'self';"), "{without}");
    assert!(without.contains("connect-src 'self';"), "{without}");
    assert!(!without.contains("stripe"), "{without}");
}

/// A Stripe event about PaymentIntent `intent` of tip `tip`.
fn tip_event(id: &str, kind: &str, intent: &str, tip: i64, amount: i64) -> Value {
    let mut event = event(id, kind, intent, 0, amount, "usd");
    event["data"]["object"]["metadata"] = json!({"tip_id": tip.to_string()});
    event
}

/// `from` starts a Stripe tip of `amount` to `to`: the answer.
async fn start_tip(from: &TestUser, to: &TestUser, amount: i64) -> Value {
    let started = from
        .post_json(
            "/api/tips/payment-intent",
            &json!({"toUserId": to.id, "amount": amount, "message": "For the harbour series"}),
        )
        .await;
    assert_eq!(started.status(), StatusCode::CREATED);
    started.json().await.unwrap()
}

async fn tip_status(from: &TestUser, id: i64) -> reqwest::Response {
    from.get(&format!("/api/tips/{id}")).await
}

async fn a_stripe_tip_is_paid_by_its_webhook_once_for_its_own_amount(backend: Backend) {
    let (stub, base) = StubStripe::start().await;
    let app = stripe_app(backend, &base).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;

    // No card is typed at Atelier while Stripe takes the payments.
    let (status, _, code) = error_of(
        maya.post_json(
            "/api/tips",
            &json!({"toUserId": leo.id, "amount": 500, "card": crate::tips::paying_card()}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (409, "wrong_provider"));
    assert!(stub.posted("/v1/payment_intents").is_empty());

    let started = start_tip(&maya, &leo, 500).await;
    let tip = started["tip"]["id"].as_i64().unwrap();
    assert_eq!(started["tip"]["status"], "pending");
    assert_eq!(started["tip"]["amount"], 500);
    assert_eq!(started["clientSecret"], "pi_stub1_secret_stub1");
    let posted = stub.posted("/v1/payment_intents");
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0].form["amount"], "500");
    assert_eq!(posted[0].form["currency"], "usd");
    assert_eq!(posted[0].form["metadata[tip_id]"], tip.to_string());
    let key = format!("atelier-tip-{tip}");
    assert_eq!(posted[0].idempotency_key.as_deref(), Some(key.as_str()));

    // Waiting: nothing credited, nothing in 'Tips you sent', and only Maya sees it.
    assert_eq!(tip_status(&maya, tip).await.status(), 200);
    assert_eq!(tip_status(&leo, tip).await.status(), 404);
    assert_eq!(leo.get_json("/api/user/balance").await["totalEarnings"], 0);
    assert_eq!(maya.get_json("/api/tips/sent").await, json!([]));

    // A payment of another amount does not pay it.
    let short = tip_event("evt_0", "payment_intent.succeeded", "pi_stub1", tip, 100);
    let taken = deliver_signed(&app, &short, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(taken.status(), 200);
    assert_eq!(
        tip_status(&maya, tip).await.json::<Value>().await.unwrap()["status"],
        "pending"
    );

    let paid = tip_event("evt_1", "payment_intent.succeeded", "pi_stub1", tip, 500);
    let taken = deliver_signed(&app, &paid, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(taken.status(), 200);
    assert_eq!(
        tip_status(&maya, tip).await.json::<Value>().await.unwrap()["status"],
        "paid"
    );
    // 500 less the 10 % platform fee, once, and Leo is told.
    assert_eq!(
        leo.get_json("/api/user/balance").await["totalEarnings"],
        450
    );
    assert_eq!(leo.get_json("/api/notifications").await[0]["kind"], "tip");
    let sent = maya.get_json("/api/tips/sent").await;
    assert_eq!(sent[0]["id"], tip);
    assert_eq!(sent[0]["message"], "For the harbour series");

    // Stripe's retry and a second event of the same payment change nothing.
    deliver_signed(&app, &paid, WEBHOOK_SECRET, now_secs(&app)).await;
    let again = tip_event("evt_2", "payment_intent.succeeded", "pi_stub1", tip, 500);
    deliver_signed(&app, &again, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(
        leo.get_json("/api/user/balance").await["totalEarnings"],
        450
    );
    assert!(stub.posted("/v1/refunds").is_empty());

    // Tipping yourself or someone who is not there starts no payment.
    let yourself = maya
        .post_json(
            "/api/tips/payment-intent",
            &json!({"toUserId": maya.id, "amount": 500}),
        )
        .await;
    assert_eq!(yourself.status(), 400);
    let nobody = maya
        .post_json(
            "/api/tips/payment-intent",
            &json!({"toUserId": 999_999, "amount": 500}),
        )
        .await;
    assert_eq!(nobody.status(), 404);
    assert_eq!(stub.posted("/v1/payment_intents").len(), 1);
}

async fn a_failed_or_abandoned_stripe_tip_is_given_up_and_a_late_payment_refunded(
    backend: Backend,
) {
    let (stub, base) = StubStripe::start().await;
    let app = stripe_app(backend, &base).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;

    let declined = start_tip(&maya, &leo, 500).await["tip"]["id"]
        .as_i64()
        .unwrap();
    let failed = tip_event(
        "evt_1",
        "payment_intent.payment_failed",
        "pi_stub1",
        declined,
        500,
    );
    deliver_signed(&app, &failed, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(tip_status(&maya, declined).await.status(), 404);

    let abandoned = start_tip(&maya, &leo, 700).await["tip"]["id"]
        .as_i64()
        .unwrap();
    app.advance_clock(Duration::from_secs(30 * 60));
    app.housekeeping().await;
    assert_eq!(tip_status(&maya, abandoned).await.status(), 200);
    app.advance_clock(Duration::from_secs(31 * 60));
    app.housekeeping().await;
    assert_eq!(tip_status(&maya, abandoned).await.status(), 404);

    // Its payment arrives after all: the money goes back, nothing is credited.
    let late = tip_event(
        "evt_2",
        "payment_intent.succeeded",
        "pi_stub2",
        abandoned,
        700,
    );
    let taken = deliver_signed(&app, &late, WEBHOOK_SECRET, now_secs(&app)).await;
    assert_eq!(taken.status(), 200);
    let refunds = stub.posted("/v1/refunds");
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0].form["payment_intent"], "pi_stub2");
    assert_eq!(leo.get_json("/api/user/balance").await["totalEarnings"], 0);
    assert_eq!(maya.get_json("/api/tips/sent").await, json!([]));
}
