//! The payments config and test payouts (issue 42, docs/economy-contract.md): the client learns
//! which provider takes the money and whether real money moves; a withdrawal decided while none
//! moves is marked `testMode` for good.

use std::sync::Arc;

use atelier::platform::payments::{Charge, PaymentFuture, PaymentMode, PaymentProvider, Receipt};
use reqwest::Method;
use serde_json::{Value, json};

use crate::admin::{admin, creator_with_withdrawal};
use crate::both_backends;
use crate::helpers::{
    Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with, spawn_app_with_payments_and,
};

both_backends!(
    the_payments_config_needs_a_session,
    the_test_provider_is_test_mode_and_hands_out_no_key,
    stripe_answers_its_publishable_key_and_whether_its_keys_are_test_ones,
    a_payout_decided_in_test_mode_is_marked_for_the_creator_and_the_admin,
    a_payout_decided_while_real_money_moves_is_not_a_test_payout,
);

/// A provider that says it is Stripe in `mode`; it never charges here.
struct Stripe(PaymentMode);

impl PaymentProvider for Stripe {
    fn charge<'a>(&'a self, _charge: Charge<'a>) -> PaymentFuture<'a, Receipt> {
        Box::pin(async { unreachable!("nothing is charged in these tests") })
    }

    fn refund<'a>(&'a self, _receipt: &'a Receipt) -> PaymentFuture<'a, ()> {
        Box::pin(async { unreachable!("nothing is refunded in these tests") })
    }

    fn mode(&self) -> PaymentMode {
        self.0
    }
}

async fn stripe_app(backend: Backend, mode: PaymentMode, key: &str) -> TestApp {
    let key = key.to_owned();
    spawn_app_with_payments_and(backend, Arc::new(Stripe(mode)), move |settings| {
        settings.stripe_publishable_key = Some(key);
    })
    .await
}

async fn decide(admin: &TestUser, id: i64, status: &str) -> Value {
    let response = admin
        .client
        .request(
            Method::PUT,
            admin.url(&format!("/api/admin/withdrawals/{id}")),
        )
        .json(&json!({"status": status}))
        .send()
        .await
        .expect("request sent");
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// The creator's own withdrawal `id`, as their list answers it.
async fn own_withdrawal(creator: &TestUser, id: i64) -> Value {
    let list = creator.get_json("/api/withdrawals").await;
    list.as_array()
        .unwrap()
        .iter()
        .find(|w| w["id"] == id)
        .cloned()
        .expect("the withdrawal is listed")
}

/// Withdrawal `id` as the admin's list answers it.
async fn listed_to_admin(admin: &TestUser, id: i64) -> Value {
    let list = admin.get_json("/api/admin/withdrawals").await;
    list.as_array()
        .unwrap()
        .iter()
        .find(|w| w["id"] == id)
        .cloned()
        .expect("the withdrawal is listed")
}

async fn the_payments_config_needs_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, _, code) = error_of(app.anonymous().get("/api/payments/config").await).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
}

async fn the_test_provider_is_test_mode_and_hands_out_no_key(backend: Backend) {
    // A publishable key configured for later is not handed out while the test provider charges.
    let app = spawn_app_with(backend, |settings| {
        settings.stripe_publishable_key = Some("pk_test_51Abc".into());
    })
    .await;
    let maya = app.new_user("maya").await;
    assert_eq!(
        maya.get_json("/api/payments/config").await,
        json!({"provider": "test", "testMode": true, "publishableKey": null})
    );
}

async fn stripe_answers_its_publishable_key_and_whether_its_keys_are_test_ones(backend: Backend) {
    let live = stripe_app(backend.clone(), PaymentMode::StripeLive, "pk_live_51Live").await;
    let maya = live.new_user("maya").await;
    assert_eq!(
        maya.get_json("/api/payments/config").await,
        json!({"provider": "stripe", "testMode": false, "publishableKey": "pk_live_51Live"})
    );

    let test = stripe_app(backend, PaymentMode::StripeTest, "pk_test_51Test").await;
    let leo = test.new_user("leo").await;
    assert_eq!(
        leo.get_json("/api/payments/config").await,
        json!({"provider": "stripe", "testMode": true, "publishableKey": "pk_test_51Test"})
    );
}

async fn a_payout_decided_in_test_mode_is_marked_for_the_creator_and_the_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let (maya, approved) = creator_with_withdrawal(&app, "maya", 10_000, 2_000).await;
    let rejected = {
        let response = maya
            .post_json(
                "/api/withdrawals",
                &json!({"amount": 1_000, "paymentMethod": "paypal",
                        "accountDetails": {"email": "maya@example.com"}}),
            )
            .await;
        assert_eq!(response.status(), 201);
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            body["testMode"], false,
            "a new withdrawal is not decided yet"
        );
        body["id"].as_i64().unwrap()
    };
    // Pending: not decided, so not a test payout.
    assert_eq!(own_withdrawal(&maya, approved).await["testMode"], false);
    assert_eq!(listed_to_admin(&boss, approved).await["testMode"], false);

    let answer = decide(&boss, approved, "completed").await;
    assert_eq!(
        (&answer["status"], &answer["testMode"]),
        (&json!("completed"), &json!(true))
    );
    let rejected_answer = decide(&boss, rejected, "failed").await;
    assert_eq!(rejected_answer["testMode"], true);

    let mine = own_withdrawal(&maya, approved).await;
    assert_eq!(
        (&mine["status"], &mine["testMode"]),
        (&json!("completed"), &json!(true))
    );
    assert_eq!(listed_to_admin(&boss, approved).await["testMode"], true);
    // The money moved as any approval moves it: pending to completed.
    let balance = maya.get_json("/api/user/balance").await;
    assert_eq!(
        (&balance["availableBalance"], &balance["pendingBalance"]),
        (&json!(8_000), &json!(0))
    );
}

async fn a_payout_decided_while_real_money_moves_is_not_a_test_payout(backend: Backend) {
    let app = stripe_app(backend, PaymentMode::StripeLive, "pk_live_51Live").await;
    let boss = admin(&app, "boss").await;
    let (maya, id) = creator_with_withdrawal(&app, "maya", 10_000, 2_000).await;
    let answer = decide(&boss, id, "completed").await;
    assert_eq!(
        (&answer["status"], &answer["testMode"]),
        (&json!("completed"), &json!(false))
    );
    assert_eq!(own_withdrawal(&maya, id).await["testMode"], false);
    assert_eq!(listed_to_admin(&boss, id).await["testMode"], false);
}
