//! Earnings (docs/shop-contract.md): the balance, withdrawals with their fee, masking of
//! account numbers, and the money rules under concurrency: never overdrawn, and
//! available + pending + completed = total earnings.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};

both_backends!(
    earnings_endpoints_need_a_session,
    a_new_creator_has_nothing_and_credits_add_to_the_balance,
    a_withdrawal_moves_its_amount_to_pending_with_the_fee_and_net,
    fees_round_half_up_at_the_edges,
    fifty_concurrent_withdrawals_never_overdraw_and_the_ledger_still_sums,
    account_numbers_are_answered_only_as_their_last_four_characters,
    withdrawals_are_the_users_own_newest_first_and_page_by_cursor,
    more_than_available_is_insufficient_funds_and_nothing_moves,
    invalid_withdrawals_are_refused_with_the_contracts_messages_and_nothing_moves,
    the_database_refuses_an_overdraft_or_a_balance_that_does_not_add_up,
    a_retried_withdrawal_with_its_idempotency_key_asks_for_one_payout,
    concurrent_retries_of_one_withdrawal_key_ask_for_one_payout,
    a_withdrawal_key_reused_for_another_payout_is_refused_and_nothing_moves,
);

const ACCOUNT: &str = "DE89 3704 0044 0532 0130 00";

fn bank(amount: Value) -> Value {
    json!({
        "amount": amount,
        "paymentMethod": "bank_transfer",
        "accountDetails": {
            "accountHolder": "Maya Chen",
            "accountNumber": ACCOUNT,
            "routingNumber": "COBADEFF",
        },
    })
}

/// Credits `user` through the ledger, as `atelier admin credit` does.
pub async fn credit(app: &TestApp, user: i64, cents: i64) {
    let db = app.db().await;
    atelier::economy::store::earnings::credit(
        &db,
        user,
        cents,
        "test credit",
        atelier::platform::db::now_ms(),
    )
    .await
    .expect("credited");
    db.pool.close().await;
}

async fn withdraw(user: &TestUser, body: &Value) -> reqwest::Response {
    user.post_json("/api/withdrawals", body).await
}

async fn balance(user: &TestUser) -> (i64, i64, i64) {
    let b = user.get_json("/api/user/balance").await;
    (
        b["availableBalance"].as_i64().unwrap(),
        b["pendingBalance"].as_i64().unwrap(),
        b["totalEarnings"].as_i64().unwrap(),
    )
}

/// (withdrawals, their sum) in the whole database, and whether every balance row adds up.
async fn ledger(app: &TestApp) -> (i64, i64, bool) {
    let db = app.db().await;
    let (count, sum): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT)
         FROM withdrawals",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (broken,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM balances b
         WHERE b.available_cents + b.pending_cents + b.completed_cents <> b.total_earnings_cents
            OR b.total_earnings_cents <> (SELECT COALESCE(SUM(c.amount_cents), 0)
                                          FROM earning_credits c WHERE c.user_id = b.user_id)
            OR b.pending_cents <> (SELECT COALESCE(SUM(w.amount_cents), 0) FROM withdrawals w
                                   WHERE w.user_id = b.user_id AND w.status = 'pending')
            OR b.available_cents < 0",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    (count, sum, broken == 0)
}

async fn earnings_endpoints_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.anonymous();

    for path in ["/api/user/balance", "/api/withdrawals"] {
        let (status, _, code) = error_of(stranger.get(path).await).await;
        assert_eq!((status, code.as_str()), (401, "not_signed_in"), "{path}");
    }
    let (status, _, _) = error_of(withdraw(&stranger, &bank(json!(100))).await).await;
    assert_eq!(status, 401);
    assert_eq!(ledger(&app).await, (0, 0, true));
}

async fn a_new_creator_has_nothing_and_credits_add_to_the_balance(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    assert_eq!(balance(&maya).await, (0, 0, 0));
    assert_eq!(maya.get_json("/api/withdrawals").await, json!([]));
    credit(&app, maya.id, 125_000).await;
    credit(&app, maya.id, 50).await;

    assert_eq!(balance(&maya).await, (125_050, 0, 125_050));
    assert_eq!(ledger(&app).await, (0, 0, true));
}

async fn a_withdrawal_moves_its_amount_to_pending_with_the_fee_and_net(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 125_000).await;

    let response = withdraw(&maya, &bank(json!(10_000))).await;

    assert_eq!(response.status(), StatusCode::CREATED);
    let made: Value = response.json().await.unwrap();
    assert_eq!(made["amount"], 10_000);
    assert_eq!(made["processingFee"], 250);
    assert_eq!(made["netAmount"], 9_750);
    assert_eq!(made["status"], "pending");
    assert_eq!(made["paymentMethod"], "bank_transfer");
    assert_eq!(
        made["accountDetails"],
        json!({"accountHolder": "Maya Chen", "accountNumberLast4": "3000",
               "routingNumber": "COBADEFF", "email": null})
    );
    assert!(made["requestedAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(made["processedAt"], Value::Null);
    assert_eq!(made["notes"], Value::Null);
    assert_eq!(balance(&maya).await, (115_000, 10_000, 125_000));

    // PayPal keeps only the email.
    let paypal = withdraw(
        &maya,
        &json!({"amount": 2_000, "paymentMethod": "paypal",
                "accountDetails": {"email": " maya@example.com ", "accountNumber": "123456"}}),
    )
    .await;
    assert_eq!(paypal.status(), StatusCode::CREATED);
    let paypal: Value = paypal.json().await.unwrap();
    assert_eq!(
        paypal["accountDetails"],
        json!({"accountHolder": null, "accountNumberLast4": null, "routingNumber": null,
               "email": "maya@example.com"})
    );
    assert_eq!(paypal["processingFee"], 50);
    assert_eq!(balance(&maya).await, (113_000, 12_000, 125_000));
    assert_eq!(ledger(&app).await, (2, 12_000, true));
}

async fn fees_round_half_up_at_the_edges(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 100_000_000).await;
    credit(&app, maya.id, 100_000).await;

    for (amount, fee) in [
        (100, 3),
        (101, 3),
        (199, 5),
        (120, 3),
        (140, 4),
        (1_000, 25),
        (100_000_000, 2_500_000),
    ] {
        let response = withdraw(&maya, &bank(json!(amount))).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{amount}");
        let made: Value = response.json().await.unwrap();
        assert_eq!(made["processingFee"], fee, "{amount}");
        assert_eq!(made["netAmount"], amount - fee, "{amount}");
    }
    assert!(ledger(&app).await.2);
}

async fn fifty_concurrent_withdrawals_never_overdraw_and_the_ledger_still_sums(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 10_000).await;

    let mut tasks = Vec::new();
    for _ in 0..50 {
        let request = maya
            .client
            .post(maya.url("/api/withdrawals"))
            .json(&bank(json!(300)));
        tasks.push(tokio::spawn(async move {
            let response = request.send().await.expect("request sent");
            (response.status(), response.json::<Value>().await.unwrap())
        }));
    }
    let (mut granted, mut refused) = (0, 0);
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            StatusCode::CREATED => granted += 1,
            StatusCode::UNPROCESSABLE_ENTITY => {
                assert_eq!(body["message"], "Insufficient funds");
                assert_eq!(body["code"], "insufficient_funds");
                refused += 1;
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }

    assert_eq!((granted, refused), (33, 17), "33 × $3.00 fit in $100.00");
    assert_eq!(balance(&maya).await, (100, 9_900, 10_000));
    let (available, pending, total) = balance(&maya).await;
    assert_eq!(available + pending, total, "no completed withdrawals yet");
    assert_eq!(ledger(&app).await, (33, 9_900, true));
}

async fn account_numbers_are_answered_only_as_their_last_four_characters(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 5_000).await;
    let whole = ACCOUNT.replace(' ', "");

    let created = withdraw(&maya, &bank(json!(1_000)))
        .await
        .text()
        .await
        .unwrap();
    let listed = maya.get("/api/withdrawals").await.text().await.unwrap();

    for answer in [&created, &listed] {
        assert!(
            answer.contains("\"accountNumberLast4\":\"3000\""),
            "{answer}"
        );
        assert!(!answer.contains(&whole), "{answer}");
        assert!(!answer.contains("0532"), "{answer}");
        assert!(!answer.contains("accountNumber\""), "{answer}");
    }
    // Stored whole: the payout needs it.
    let db = app.db().await;
    let (stored,): (String,) = sqlx::query_as("SELECT account_number FROM withdrawals")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(stored, whole);
}

async fn withdrawals_are_the_users_own_newest_first_and_page_by_cursor(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    credit(&app, maya.id, 10_000).await;
    let mut ids = Vec::new();
    for amount in [100, 200, 300] {
        let made: Value = withdraw(&maya, &bank(json!(amount)))
            .await
            .json()
            .await
            .unwrap();
        ids.push(made["id"].as_i64().unwrap());
    }

    let first = maya.get("/api/withdrawals?limit=2").await;
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let page: Value = first.json().await.unwrap();
    let amounts: Vec<i64> = page
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(amounts, [300, 200]);
    assert_eq!(cursor, ids[1].to_string());
    let rest = maya
        .get(&format!("/api/withdrawals?limit=2&before={cursor}"))
        .await;
    assert!(rest.headers().get("x-next-cursor").is_none());
    let rest: Value = rest.json().await.unwrap();
    assert_eq!(rest[0]["id"], ids[0]);
    assert_eq!(rest.as_array().unwrap().len(), 1);

    assert_eq!(leo.get_json("/api/withdrawals").await, json!([]));
    assert_eq!(balance(&leo).await, (0, 0, 0));
}

async fn more_than_available_is_insufficient_funds_and_nothing_moves(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    credit(&app, maya.id, 1_000).await;

    let (status, message, code) = error_of(withdraw(&maya, &bank(json!(1_001))).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (422, "Insufficient funds", "insufficient_funds")
    );
    // Someone never credited has nothing to withdraw.
    let (status, message, _) = error_of(withdraw(&leo, &bank(json!(100))).await).await;
    assert_eq!((status, message.as_str()), (422, "Insufficient funds"));

    assert_eq!(balance(&maya).await, (1_000, 0, 1_000));
    assert_eq!(ledger(&app).await, (0, 0, true));
    // All of it can go.
    let all = withdraw(&maya, &bank(json!(1_000))).await;
    assert_eq!(all.status(), StatusCode::CREATED);
    assert_eq!(balance(&maya).await, (0, 1_000, 1_000));
}

async fn invalid_withdrawals_are_refused_with_the_contracts_messages_and_nothing_moves(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 500_000).await;
    let minimum = "Minimum withdrawal is $1.00";
    let maximum = "Maximum withdrawal is $1,000,000.00";
    let method = "Payment method must be bank_transfer or paypal";
    let holder = "Account holder name is required";
    let number = "A valid account number is required";
    let routing = "A valid routing number is required";
    let email = "A valid PayPal email is required";
    let with_details = |details: Value| json!({"amount": 1_000, "paymentMethod": "bank_transfer", "accountDetails": details});
    let paypal = |details: Value| json!({"amount": 1_000, "paymentMethod": "paypal", "accountDetails": details});
    let good = json!({"accountHolder": "Maya", "accountNumber": "12345678",
                      "routingNumber": "021000021"});
    let mut cases = vec![
        (bank(json!(99)), minimum),
        (bank(json!(0)), minimum),
        (bank(json!(-500)), minimum),
        (bank(json!(100.5)), minimum),
        (bank(json!(1000.0)), minimum),
        (bank(json!("1000")), minimum),
        (bank(Value::Null), minimum),
        (bank(json!(100_000_001)), maximum),
        (bank(json!(u64::MAX)), maximum),
        (
            json!({"amount": 1_000, "paymentMethod": "crypto", "accountDetails": good}),
            method,
        ),
        (json!({"amount": 1_000, "accountDetails": good}), method),
        (
            with_details(json!({"accountNumber": "12345678", "routingNumber": "021000021"})),
            holder,
        ),
        (
            with_details(json!({"accountHolder": "   ", "accountNumber": "12345678",
                             "routingNumber": "021000021"})),
            holder,
        ),
        (
            with_details(json!({"accountHolder": "Maya", "routingNumber": "021000021"})),
            number,
        ),
        (
            with_details(json!({"accountHolder": "Maya", "accountNumber": "123",
                             "routingNumber": "021000021"})),
            number,
        ),
        (
            with_details(json!({"accountHolder": "Maya", "accountNumber": "12-34-56",
                             "routingNumber": "021000021"})),
            number,
        ),
        (
            with_details(
                json!({"accountHolder": "Maya", "accountNumber": "1".repeat(35),
                             "routingNumber": "021000021"}),
            ),
            number,
        ),
        (
            with_details(json!({"accountHolder": "Maya", "accountNumber": "12345678"})),
            routing,
        ),
        (
            with_details(json!({"accountHolder": "Maya", "accountNumber": "12345678",
                             "routingNumber": "12"})),
            routing,
        ),
        (
            with_details(json!({"accountHolder": "Maya", "accountNumber": "12345678",
                             "routingNumber": "1".repeat(21)})),
            routing,
        ),
        (
            json!({"amount": 1_000, "paymentMethod": "bank_transfer"}),
            holder,
        ),
        (
            with_details(
                json!({"accountHolder": "M".repeat(101), "accountNumber": "12345678",
                                 "routingNumber": "021000021"}),
            ),
            "Account holder name must be at most 100 characters",
        ),
        (paypal(json!({})), email),
        (paypal(json!({"email": "not-an-email"})), email),
        (paypal(json!({"email": 42})), email),
    ];
    cases.push((json!({"amount": 1_000, "paymentMethod": "paypal"}), email));
    for (body, want) in cases {
        let (status, message, code) = error_of(withdraw(&maya, &body).await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (400, want, "invalid_input"),
            "{body}"
        );
    }

    assert_eq!(balance(&maya).await, (500_000, 0, 500_000));
    assert_eq!(ledger(&app).await, (0, 0, true));
}

async fn the_database_refuses_an_overdraft_or_a_balance_that_does_not_add_up(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 1_000).await;
    let db = app.db().await;

    for statement in [
        // An overdraft, even with the books balanced.
        "UPDATE balances SET available_cents = -1, pending_cents = 1001 WHERE user_id = $1",
        // Money from nowhere: available no longer total − pending − completed.
        "UPDATE balances SET available_cents = 2000 WHERE user_id = $1",
        // A credit of nothing.
        "INSERT INTO earning_credits (user_id, amount_cents, note, created_at) VALUES ($1, 0, 'x', 0)",
    ] {
        let refused = sqlx::query(statement).bind(maya.id).execute(&db.pool).await;
        assert!(refused.is_err(), "{statement}");
    }
    assert_eq!(balance(&maya).await, (1_000, 0, 1_000));
}

async fn withdraw_with_key(user: &TestUser, body: &Value, key: &str) -> reqwest::Response {
    user.client
        .post(user.url("/api/withdrawals"))
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .expect("request sent")
}

/// Issue 39: a retried withdrawal (the answer lost on the way) answers the first one instead of
/// asking for a second payout; without a key each request is one withdrawal, as before.
async fn a_retried_withdrawal_with_its_idempotency_key_asks_for_one_payout(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 10_000).await;

    let first = withdraw_with_key(&maya, &bank(json!(2_500)), "payout-1").await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.unwrap();
    let retry = withdraw_with_key(&maya, &bank(json!(2_500)), "payout-1").await;
    assert_eq!(retry.status(), StatusCode::CREATED);
    let retry: Value = retry.json().await.unwrap();
    assert_eq!(retry, first);
    assert_eq!(balance(&maya).await, (7_500, 2_500, 10_000));
    assert_eq!(ledger(&app).await, (1, 2_500, true));

    // Another user's same key is theirs; no key is one request each, as today.
    let leo = app.new_user("leo").await;
    credit(&app, leo.id, 1_000).await;
    let leos = withdraw_with_key(&leo, &bank(json!(1_000)), "payout-1").await;
    assert_eq!(leos.status(), StatusCode::CREATED);
    for _ in 0..2 {
        assert_eq!(
            withdraw(&maya, &bank(json!(100))).await.status(),
            StatusCode::CREATED
        );
    }
    assert_eq!(ledger(&app).await, (4, 3_700, true));
    assert_eq!(
        maya.get_json("/api/withdrawals")
            .await
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

/// Twenty copies of one request sent at once (a client retrying in a storm) are one payout.
async fn concurrent_retries_of_one_withdrawal_key_ask_for_one_payout(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 10_000).await;
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let request = maya
            .client
            .post(maya.url("/api/withdrawals"))
            .header("Idempotency-Key", "storm")
            .json(&bank(json!(3_000)));
        tasks.push(tokio::spawn(async move {
            let response = request.send().await.expect("request sent");
            (response.status(), response.json::<Value>().await.unwrap())
        }));
    }
    let mut ids = Vec::new();
    for task in tasks {
        let (status, body) = task.await.unwrap();
        assert_eq!(status, StatusCode::CREATED, "{body}");
        ids.push(body["id"].as_i64().unwrap());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "one withdrawal answered to all: {ids:?}");
    assert_eq!(balance(&maya).await, (7_000, 3_000, 10_000));
    assert_eq!(ledger(&app).await, (1, 3_000, true));
}

/// The same key with another amount, method or account is a mistake, not a retry: 422, and
/// nothing moves.
async fn a_withdrawal_key_reused_for_another_payout_is_refused_and_nothing_moves(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    credit(&app, maya.id, 10_000).await;
    let first = withdraw_with_key(&maya, &bank(json!(2_500)), "payout-1").await;
    assert_eq!(first.status(), StatusCode::CREATED);

    let mut other_account = bank(json!(2_500));
    other_account["accountDetails"]["accountNumber"] = json!("GB29 NWBK 6016 1331 9268 19");
    let paypal = json!({"amount": 2_500, "paymentMethod": "paypal",
                        "accountDetails": {"email": "maya@example.com"}});
    for other in [bank(json!(2_600)), other_account, paypal] {
        let (status, message, code) =
            error_of(withdraw_with_key(&maya, &other, "payout-1").await).await;
        assert_eq!(
            (status, code.as_str()),
            (422, "idempotency_key_reused"),
            "{other}"
        );
        assert_eq!(
            message,
            "This Idempotency-Key was already used for a different withdrawal"
        );
    }
    let (status, _, _) =
        error_of(withdraw_with_key(&maya, &bank(json!(100)), "has space").await).await;
    assert_eq!(status, 400);
    assert_eq!(balance(&maya).await, (7_500, 2_500, 10_000));
    assert_eq!(ledger(&app).await, (1, 2_500, true));
}
