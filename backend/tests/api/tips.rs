//! Tips (issue 23, docs/economy-contract.md): a fan pays a creator through the payment
//! provider; the creator is credited the amount less the platform's fee (10 % rounded half up),
//! in the tip's own transaction, and told; a retried Idempotency-Key charges once, even when the
//! retries race.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use atelier::platform::payments::{
    Charge, PaymentError, PaymentFuture, PaymentMode, PaymentProvider, Receipt,
};
use serde_json::{Value, json};

use crate::admin::admin;
use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with_payments};

both_backends!(
    a_tip_credits_the_creator_less_the_fee_and_tells_them,
    bad_tips_are_refused_and_nothing_is_charged_or_stored,
    a_retried_key_charges_once_even_when_the_retries_race,
    a_declined_payment_stores_nothing_and_frees_the_key,
    a_reservation_left_by_a_crash_is_taken_over_after_five_minutes,
    the_sender_sees_the_tips_they_sent_newest_first_and_nobody_elses,
    a_tip_needs_a_card_and_a_declined_one_charges_nothing,
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

/// The test card that pays.
pub fn paying_card() -> Value {
    json!({"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"})
}

/// `from` tips `body` (paid with the test card that pays, unless it names a card) with `key`.
async fn tip(from: &TestUser, body: &Value, key: Option<&str>) -> reqwest::Response {
    let mut body = body.clone();
    if body.get("card").is_none() && body.is_object() {
        body["card"] = paying_card();
    }
    let mut request = from.client.post(from.url("/api/tips")).json(&body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.unwrap()
}

/// (available, pending, total) of `who`.
async fn balance(who: &TestUser) -> (i64, i64, i64) {
    let b = who.get_json("/api/user/balance").await;
    (
        b["availableBalance"].as_i64().unwrap(),
        b["pendingBalance"].as_i64().unwrap(),
        b["totalEarnings"].as_i64().unwrap(),
    )
}

async fn credits(who: &TestUser) -> Vec<Value> {
    who.get_json("/api/user/earnings/credits")
        .await
        .as_array()
        .unwrap()
        .clone()
}

async fn a_tip_credits_the_creator_less_the_fee_and_tells_them(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ada = admin(&app, "ada").await;
    let post = leo.create_post("Night render").await["id"]
        .as_i64()
        .unwrap();

    let sent = tip(
        &maya,
        &json!({"toUserId": leo.id, "amount": 505, "postId": post, "message": " Love this "}),
        Some("tip-1"),
    )
    .await;
    assert_eq!(sent.status(), 201);
    let body: Value = sent.json().await.unwrap();
    // 10 % of 505 is 50.5 cents: rounded half up to 51.
    assert_eq!(body["amount"], 505);
    assert_eq!(body["fee"], 51);
    assert_eq!(body["toUser"]["id"], leo.id);
    assert_eq!(body["postId"], post);
    assert_eq!(body["message"], "Love this");
    assert_eq!(balance(&leo).await, (454, 0, 454));
    assert_eq!(balance(&maya).await, (0, 0, 0));

    // The ledger says what it came from.
    let ledger = credits(&leo).await;
    assert_eq!(ledger.len(), 1);
    assert_eq!(ledger[0]["source"], "tip");
    assert_eq!(ledger[0]["amount"], 454);
    assert_eq!(ledger[0]["fee"], 51);
    assert_eq!(ledger[0]["fromUser"]["id"], maya.id);
    assert_eq!(ledger[0]["note"], "Love this");
    assert_eq!(ledger[0]["postId"], post);
    assert!(credits(&maya).await.is_empty());

    // Today's tips in the summary; every day of the window is there.
    let summary = leo.get_json("/api/user/earnings/summary?days=30").await;
    let days = summary["days"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    assert_eq!(days[29]["tips"], 454);
    assert_eq!(days[28]["tips"], 0);
    assert_eq!(
        summary["totals"],
        json!({"sales": 0, "tips": 454, "other": 0, "fees": 51})
    );
    assert_eq!(
        leo.get("/api/user/earnings/summary?days=91").await.status(),
        400
    );
    assert_eq!(
        leo.get("/api/user/earnings/summary?days=0").await.status(),
        400
    );

    // Leo is told, with the message.
    let notifications = leo.get_json("/api/notifications").await;
    let told = &notifications.as_array().unwrap()[0];
    assert_eq!(told["kind"], "tip");
    assert!(
        told["text"].as_str().unwrap().contains("sent you a tip"),
        "{told}"
    );

    // The admin's tiles: the fee kept, what was tipped.
    let revenue = ada.get_json("/api/admin/revenue").await;
    assert_eq!(revenue["platformFees"], 51);
    assert_eq!(revenue["tipsVolume"], 505);
    assert_eq!(revenue["salesVolume"], 0);

    // A second tip, no post: the balance identity holds.
    let again = tip(&maya, &json!({"toUserId": leo.id, "amount": 100}), None).await;
    assert_eq!(again.status(), 201);
    let (available, pending, total) = balance(&leo).await;
    assert_eq!((available, pending, total), (454 + 90, 0, 454 + 90));
    let sum: i64 = credits(&leo)
        .await
        .iter()
        .map(|c| c["amount"].as_i64().unwrap())
        .sum();
    assert_eq!(sum, total);
}

async fn bad_tips_are_refused_and_nothing_is_charged_or_stored(backend: Backend) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let blake = app.new_user("blake").await;
    let leos_post = leo.create_post("Mine").await["id"].as_i64().unwrap();
    let ines_post = ines.create_post("Not Leo's").await["id"].as_i64().unwrap();
    assert!(
        blake
            .post(&format!("/api/users/{}/block", maya.id))
            .await
            .status()
            .is_success()
    );

    let cases = [
        (
            json!({"toUserId": maya.id, "amount": 500}),
            400,
            "You cannot tip yourself",
        ),
        (
            json!({"toUserId": leo.id, "amount": 0}),
            400,
            "Tips are between $1.00 and $500.00",
        ),
        (
            json!({"toUserId": leo.id, "amount": 99}),
            400,
            "Tips are between $1.00 and $500.00",
        ),
        (
            json!({"toUserId": leo.id, "amount": 50001}),
            400,
            "Tips are between $1.00 and $500.00",
        ),
        (
            json!({"toUserId": leo.id, "amount": 250.5}),
            400,
            "Tips are between $1.00 and $500.00",
        ),
        (
            json!({"toUserId": leo.id, "amount": "500"}),
            400,
            "Tips are between $1.00 and $500.00",
        ),
        (
            json!({"toUserId": leo.id, "amount": 500, "postId": leos_post, "reelId": 1}),
            400,
            "A tip is for a post or a reel, not both",
        ),
        (
            json!({"toUserId": leo.id, "amount": 500, "message": "x".repeat(201)}),
            400,
            "A message must be at most 200 characters",
        ),
        (
            json!({"toUserId": 999_999, "amount": 500}),
            404,
            "User not found",
        ),
        (
            json!({"toUserId": blake.id, "amount": 500}),
            404,
            "User not found",
        ),
        (
            json!({"toUserId": leo.id, "amount": 500, "postId": ines_post}),
            404,
            "Post not found",
        ),
        (
            json!({"toUserId": leo.id, "amount": 500, "reelId": 999_999}),
            404,
            "Reel not found",
        ),
    ];
    for (body, status, message) in cases {
        let (got, said, _) = error_of(tip(&maya, &body, Some("k")).await).await;
        assert_eq!((got, said.as_str()), (status, message), "{body}");
    }
    let anonymous = app.anonymous();
    assert_eq!(
        tip(
            &anonymous,
            &json!({"toUserId": leo.id, "amount": 500}),
            None
        )
        .await
        .status(),
        401
    );
    assert_eq!(provider.charges.load(Ordering::SeqCst), 0);
    for who in [&leo, &blake, &ines] {
        assert_eq!(balance(who).await, (0, 0, 0));
        assert!(credits(who).await.is_empty());
    }
    // The key was never taken: a good tip with it goes through.
    let good = tip(
        &maya,
        &json!({"toUserId": leo.id, "amount": 500}),
        Some("k"),
    )
    .await;
    assert_eq!(good.status(), 201);
}

async fn a_retried_key_charges_once_even_when_the_retries_race(backend: Backend) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let body = json!({"toUserId": leo.id, "amount": 1000, "message": "thanks"});

    let racing = (0..12).map(|_| tip(&maya, &body, Some("race")));
    let answers = futures_util::future::join_all(racing).await;
    let mut ids = Vec::new();
    let mut created = 0;
    for answer in answers {
        let status = answer.status().as_u16();
        assert!([200, 201, 409].contains(&status), "{status}");
        if status == 201 {
            created += 1;
        }
        if status != 409 {
            let tip: Value = answer.json().await.unwrap();
            ids.push(tip["id"].clone());
        }
    }
    assert_eq!(created, 1);
    ids.dedup();
    assert_eq!(ids.len(), 1, "every answer is the one tip");
    assert_eq!(provider.charges.load(Ordering::SeqCst), 1);
    assert_eq!(balance(&leo).await, (900, 0, 900));

    // Later retries answer it (200) and charge nothing; the key with another tip is 422.
    let retry = tip(&maya, &body, Some("race")).await;
    assert_eq!(retry.status(), 200);
    let (status, _, code) = error_of(
        tip(
            &maya,
            &json!({"toUserId": leo.id, "amount": 2000}),
            Some("race"),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (422, "idempotency_key_reused"));
    assert_eq!(provider.charges.load(Ordering::SeqCst), 1);
    assert_eq!(credits(&leo).await.len(), 1);
    // Another fan's same key is theirs alone.
    let ines = app.new_user("ines").await;
    assert_eq!(tip(&ines, &body, Some("race")).await.status(), 201);
    assert_eq!(balance(&leo).await, (1800, 0, 1800));
}

async fn a_declined_payment_stores_nothing_and_frees_the_key(backend: Backend) {
    let provider = Arc::new(Recorder {
        decline: true,
        ..Recorder::default()
    });
    let app: TestApp = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let body = json!({"toUserId": leo.id, "amount": 500});
    for _ in 0..2 {
        // The key is free again after each refusal: the second try is refused the same way.
        let (status, _, code) = error_of(tip(&maya, &body, Some("declined")).await).await;
        assert_eq!((status, code.as_str()), (422, "payment_declined"));
    }
    assert_eq!(balance(&leo).await, (0, 0, 0));
    assert!(credits(&leo).await.is_empty());
    let db = app.db().await;
    let (tips,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tips")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(tips, 0);
}

async fn a_reservation_left_by_a_crash_is_taken_over_after_five_minutes(backend: Backend) {
    let provider = Arc::new(Recorder::default());
    let app = spawn_app_with_payments(backend, provider.clone()).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    // A request reserved Maya's $10 tip to Leo under 'crashed', then its server died before
    // the charge was paid into a credit.
    let db = app.db().await;
    sqlx::query(
        "INSERT INTO tips (from_user_id, to_user_id, amount_cents, fee_cents, status,
                           idempotency_key, created_at)
         VALUES ($1, $2, 1000, 100, 'pending', 'crashed', $3)",
    )
    .bind(maya.id)
    .bind(leo.id)
    .bind(app.clock.now_ms())
    .execute(&db.pool)
    .await
    .unwrap();
    let body = json!({"toUserId": leo.id, "amount": 1000});

    // At first it may still be charging: wait; the key for another tip is refused.
    let (status, _, code) = error_of(tip(&maya, &body, Some("crashed")).await).await;
    assert_eq!((status, code.as_str()), (409, "tip_in_flight"));
    let other = json!({"toUserId": leo.id, "amount": 2000});
    let (status, _, code) = error_of(tip(&maya, &other, Some("crashed")).await).await;
    assert_eq!((status, code.as_str()), (422, "idempotency_key_reused"));
    assert_eq!(provider.charges.load(Ordering::SeqCst), 0);

    // Five minutes on, a retry takes it over: charged once, credited once.
    app.advance_clock(Duration::from_secs(5 * 60 + 1));
    let taken = tip(&maya, &body, Some("crashed")).await;
    assert_eq!(taken.status(), 201);
    let first: Value = taken.json().await.unwrap();
    assert_eq!(
        (first["amount"].as_i64(), first["fee"].as_i64()),
        (Some(1000), Some(100))
    );
    let again = tip(&maya, &body, Some("crashed")).await;
    assert_eq!(again.status(), 200);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["id"], first["id"]);
    assert_eq!(provider.charges.load(Ordering::SeqCst), 1);
    assert_eq!(balance(&leo).await, (900, 0, 900));
    let (tips,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tips")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(tips, 1);
}

async fn the_sender_sees_the_tips_they_sent_newest_first_and_nobody_elses(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    for (to, amount, message) in [
        (&leo, 500, "For the zine"),
        (&sofia, 300, "Lovely"),
        (&leo, 200, ""),
    ] {
        let body = if message.is_empty() {
            json!({"toUserId": to.id, "amount": amount})
        } else {
            json!({"toUserId": to.id, "amount": amount, "message": message})
        };
        assert_eq!(tip(&maya, &body, None).await.status(), 201);
    }
    // A tip sent to Maya is not one she sent.
    assert_eq!(
        tip(&leo, &json!({"toUserId": maya.id, "amount": 700}), None)
            .await
            .status(),
        201
    );

    let first = maya.get("/api/tips/sent?limit=2").await;
    assert_eq!(first.status(), 200);
    let cursor = first
        .headers()
        .get("x-next-cursor")
        .expect("an older page")
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    let first = first.as_array().unwrap();
    assert_eq!(first.len(), 2);
    assert_eq!(first[0]["amount"], 200);
    assert_eq!(first[0]["toUser"]["username"], "leo");
    assert_eq!(first[0]["message"], Value::Null);
    assert_eq!(first[1]["amount"], 300);
    assert_eq!(first[1]["toUser"]["username"], "sofia");
    assert_eq!(first[1]["message"], "Lovely");
    assert!(first[1]["createdAt"].is_string());
    let rest = maya
        .get_json(&format!("/api/tips/sent?limit=2&before={cursor}"))
        .await;
    assert_eq!(rest.as_array().unwrap().len(), 1);
    assert_eq!(rest[0]["amount"], 500);
    assert_eq!(rest[0]["message"], "For the zine");

    let leos = leo.get_json("/api/tips/sent").await;
    assert_eq!(leos.as_array().unwrap().len(), 1);
    assert_eq!(leos[0]["toUser"]["id"], maya.id);
    assert!(
        sofia
            .get_json("/api/tips/sent")
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(app.anonymous().get("/api/tips/sent").await.status(), 401);
}

async fn a_tip_needs_a_card_and_a_declined_one_charges_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let with_card = |card: Value| json!({"toUserId": leo.id, "amount": 500, "card": card});
    let refusals = [
        (json!(null), 400, "Your card number is invalid."),
        (
            json!({"number": "4242 4242 4242 4241", "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            400,
            "Your card number is invalid.",
        ),
        (
            json!({"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2020, "cvc": "123"}),
            400,
            "Your card's expiration date is in the past or invalid.",
        ),
        (
            json!({"number": "4000 0000 0000 0002", "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            402,
            "Your card was declined.",
        ),
        (
            json!({"number": "4000 0000 0000 9995", "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            402,
            "Your card has insufficient funds.",
        ),
        (
            json!({"number": "4000 0027 6000 3184", "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            402,
            "This card asks for an extra confirmation step, which tips cannot take. Use another card.",
        ),
    ];
    for (card, want, said) in refusals {
        let (status, message, _) = error_of(tip(&maya, &with_card(card.clone()), None).await).await;
        assert_eq!((status, message.as_str()), (want, said), "{card}");
    }
    assert_eq!(balance(&leo).await, (0, 0, 0));
    assert_eq!(maya.get_json("/api/tips/sent").await, json!([]));
    let paid = tip(&maya, &with_card(paying_card()), None).await;
    assert_eq!(paid.status(), 201);
    assert_eq!(balance(&leo).await, (450, 0, 450));
}
