//! The admin area (docs/admin-contract.md): the guard on every admin route (derived from the
//! OpenAPI document, so a new admin route without it fails here), ads created, paused and
//! listed, withdrawal decisions under concurrency with their balance moves and audit entries,
//! users with search and summary, and pagination.

use std::collections::HashSet;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::both_backends;
use crate::earnings::credit;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};

both_backends!(
    every_admin_route_answers_401_anonymous_and_403_to_a_non_admin,
    each_ad_rule_answers_its_message_and_creates_nothing,
    a_new_ad_has_the_defaults_and_pausing_stops_serving_it_at_once,
    an_uploaded_ad_image_goes_through_the_media_pipeline,
    ten_concurrent_approvals_change_a_withdrawal_and_the_balance_once,
    an_approval_racing_a_rejection_changes_the_withdrawal_once,
    a_rejection_returns_the_money_to_available_and_the_ledger_still_sums,
    decisions_are_audited_with_the_admin_and_the_time_and_bad_decisions_change_nothing,
    admin_lists_page_by_cursor_and_filter_withdrawals_by_status,
    users_are_listed_with_counts_searched_and_summarised,
    the_tiles_totals_match_the_tables_after_concurrent_writes,
    revenue_totals_every_ad,
    who_is_online_comes_from_presence,
);

async fn make_admin(app: &TestApp, username: &str) {
    let db = app.db().await;
    assert!(
        atelier::identity::store::users::grant_admin(&db, username)
            .await
            .unwrap()
    );
    db.pool.close().await;
}

/// A new user made an admin.
pub async fn admin(app: &TestApp, username: &str) -> TestUser {
    let user = app.new_user(username).await;
    make_admin(app, username).await;
    user
}

async fn send(
    user: &TestUser,
    method: Method,
    path: &str,
    body: Option<&Value>,
) -> reqwest::Response {
    let mut request = user.client.request(method, user.url(path));
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.expect("request sent")
}

pub async fn put_json(user: &TestUser, path: &str, body: &Value) -> reqwest::Response {
    send(user, Method::PUT, path, Some(body)).await
}

/// Every operation the admin guard must cover, from the OpenAPI document: each path under
/// /api/admin/, plus POST /api/ads and PATCH /api/ads/{id}.
fn admin_operations() -> Vec<(Method, String)> {
    let doc = atelier::app::api::openapi();
    let mut operations = Vec::new();
    for (path, item) in &doc.paths.paths {
        let methods = [
            (Method::GET, item.get.is_some()),
            (Method::POST, item.post.is_some()),
            (Method::PUT, item.put.is_some()),
            (Method::PATCH, item.patch.is_some()),
            (Method::DELETE, item.delete.is_some()),
        ];
        for (method, present) in methods {
            if !present {
                continue;
            }
            let guarded = path.starts_with("/api/admin/")
                || (path == "/api/ads" && method == Method::POST)
                || (path == "/api/ads/{id}" && method == Method::PATCH);
            if guarded {
                operations.push((method, path.clone()));
            }
        }
    }
    operations
}

async fn every_admin_route_answers_401_anonymous_and_403_to_a_non_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let maya = app.new_user("maya").await;
    let anonymous = app.anonymous();
    let operations = admin_operations();
    let listed: HashSet<(String, String)> = operations
        .iter()
        .map(|(m, p)| (m.to_string(), p.clone()))
        .collect();
    for expected in [
        ("POST", "/api/ads"),
        ("PATCH", "/api/ads/{id}"),
        ("GET", "/api/admin/ads"),
        ("GET", "/api/admin/revenue"),
        ("GET", "/api/admin/withdrawals"),
        ("GET", "/api/admin/withdrawals/summary"),
        ("PUT", "/api/admin/withdrawals/{id}"),
        ("GET", "/api/admin/users"),
        ("GET", "/api/admin/users/summary"),
        ("GET", "/api/admin/audit"),
        ("GET", "/api/admin/reports"),
        ("PUT", "/api/admin/reports/{id}"),
    ] {
        assert!(
            listed.contains(&(expected.0.to_owned(), expected.1.to_owned())),
            "{expected:?} is not in the OpenAPI document"
        );
    }
    let body = json!({});
    for (method, path) in &operations {
        let concrete = path.replace("{id}", "1");
        let with_body = (*method != Method::GET).then_some(&body);

        let (status, message, code) =
            error_of(send(&anonymous, method.clone(), &concrete, with_body).await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (401, "Not signed in", "not_signed_in"),
            "{method} {path} anonymous"
        );

        let (status, message, code) =
            error_of(send(&maya, method.clone(), &concrete, with_body).await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (403, "Admin access required", "forbidden"),
            "{method} {path} as a non-admin"
        );

        let status = send(&boss, method.clone(), &concrete, with_body)
            .await
            .status();
        assert!(
            status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
            "{method} {path} as an admin answered {status}"
        );
        assert!(!status.is_server_error(), "{method} {path}: {status}");
    }
}

fn valid_ad() -> Value {
    json!({
        "title": "Gouache sale",
        "description": "Twelve colours",
        "imageUrl": "https://img.example.com/ad.jpg",
        "targetUrl": "https://shop.example.com/gouache",
        "advertiserName": "Pigment & Co.",
        "category": "feed",
        "budget": 5000,
        "costPerClick": 75,
    })
}

fn with(mut body: Value, field: &str, value: Value) -> Value {
    if value.is_null() && field != "endDate" {
        body.as_object_mut().unwrap().remove(field);
    } else {
        body[field] = value;
    }
    body
}

async fn ad_count(app: &TestApp) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM ads")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

async fn each_ad_rule_answers_its_message_and_creates_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let cases: Vec<(&str, Value, &str)> = vec![
        ("title", Value::Null, "Title is required"),
        ("title", json!("   "), "Title is required"),
        (
            "title",
            json!("x".repeat(101)),
            "Title must be under 100 characters",
        ),
        (
            "description",
            json!("x".repeat(201)),
            "Description must be under 200 characters",
        ),
        ("imageUrl", Value::Null, "Please enter a valid image URL"),
        (
            "imageUrl",
            json!("not a url"),
            "Please enter a valid image URL",
        ),
        (
            "imageUrl",
            json!("ftp://img.example.com/a.jpg"),
            "Please enter a valid image URL",
        ),
        (
            "imageUrl",
            json!("javascript:alert(1)"),
            "Please enter a valid image URL",
        ),
        ("targetUrl", Value::Null, "Please enter a valid target URL"),
        (
            "targetUrl",
            json!("shop.example.com"),
            "Please enter a valid target URL",
        ),
        (
            "targetUrl",
            json!("/media/a.png"),
            "Please enter a valid target URL",
        ),
        ("advertiserName", json!(""), "Advertiser name is required"),
        (
            "category",
            json!("popup"),
            "Category must be feed, story, banner or sidebar",
        ),
        ("budget", json!(99), "Budget must be at least $1.00"),
        ("budget", json!(-5), "Budget must be at least $1.00"),
        (
            "costPerClick",
            json!(49),
            "Cost per click must be at least $0.50",
        ),
        (
            "startDate",
            json!("soon"),
            "Please enter a valid start date",
        ),
        (
            "endDate",
            json!("2020-13-45"),
            "Please enter a valid end date",
        ),
    ];
    for (field, value, message) in cases {
        let body = with(valid_ad(), field, value.clone());
        let (status, got, code) = error_of(boss.post_json("/api/ads", &body).await).await;
        assert_eq!(
            (status, got.as_str(), code.as_str()),
            (400, message, "invalid_input"),
            "{field} = {value}"
        );
    }
    let mut body = valid_ad();
    body["startDate"] = json!("2030-06-10");
    body["endDate"] = json!("2030-06-01");
    let (status, got, _) = error_of(boss.post_json("/api/ads", &body).await).await;
    assert_eq!(
        (status, got.as_str()),
        (400, "End date must be after the start date")
    );
    assert_eq!(ad_count(&app).await, 0, "nothing created");

    // The edges are accepted: 100 characters, 200 characters, $1.00 and $0.50, a /media/ path.
    let mut edge = valid_ad();
    edge["title"] = json!("t".repeat(100));
    edge["description"] = json!("d".repeat(200));
    edge["budget"] = json!(100);
    edge["costPerClick"] = json!(50);
    edge["imageUrl"] = json!("/media/abc123.webp");
    let response = boss.post_json("/api/ads", &edge).await;
    assert_eq!(response.status(), 201);
}

async fn a_new_ad_has_the_defaults_and_pausing_stops_serving_it_at_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let maya = app.new_user("maya").await;
    let before = app.clock.now_ms();
    let response = boss
        .post_json(
            "/api/ads",
            &json!({
                "title": "  Brush cleaner  ",
                "imageUrl": "https://img.example.com/b.jpg",
                "targetUrl": "https://shop.example.com/b",
                "advertiserName": "Pigment & Co.",
            }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let ad: Value = response.json().await.unwrap();
    assert_eq!(ad["title"], "Brush cleaner");
    assert_eq!(ad["description"], "");
    assert_eq!(ad["category"], "feed");
    assert_eq!(ad["budget"], 1000);
    assert_eq!(ad["costPerClick"], 100);
    assert_eq!(ad["isActive"], true);
    assert_eq!(ad["endDate"], Value::Null);
    assert_eq!(
        (&ad["totalImpressions"], &ad["totalClicks"], &ad["revenue"]),
        (&json!(0), &json!(0), &json!(0))
    );
    let start = chrono::DateTime::parse_from_rfc3339(ad["startDate"].as_str().unwrap())
        .unwrap()
        .timestamp_millis();
    assert!((start - before).abs() < 60_000, "starts now");
    let id = ad["id"].as_i64().unwrap();

    let served = |list: Value| list.as_array().unwrap().iter().any(|a| a["id"] == id);
    assert!(served(maya.get_json("/api/ads/feed").await));

    let response = boss
        .patch_json(&format!("/api/ads/{id}"), &json!({"isActive": false}))
        .await;
    assert_eq!(response.status(), 200);
    let paused: Value = response.json().await.unwrap();
    assert_eq!(paused["isActive"], false);
    assert!(
        !served(maya.get_json("/api/ads/feed").await),
        "paused ad served"
    );
    // Still listed for the admin.
    let all = boss.get_json("/api/admin/ads").await;
    assert_eq!(all[0]["id"], id);
    assert_eq!(all[0]["isActive"], false);

    let response = boss
        .patch_json(&format!("/api/ads/{id}"), &json!({"isActive": true}))
        .await;
    assert_eq!(response.status(), 200);
    assert!(
        served(maya.get_json("/api/ads/feed").await),
        "resumed ad not served"
    );

    let (status, message, _) = error_of(
        boss.patch_json("/api/ads/999999", &json!({"isActive": false}))
            .await,
    )
    .await;
    assert_eq!((status, message.as_str()), (404, "Ad not found"));
    let (status, _, _) = error_of(
        boss.patch_json(&format!("/api/ads/{id}"), &json!({"isActive": "no"}))
            .await,
    )
    .await;
    assert_eq!(status, 400);

    let audit = boss.get_json("/api/admin/audit").await;
    let actions: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["ad.resumed", "ad.paused", "ad.created"]);
    for entry in audit.as_array().unwrap() {
        assert_eq!(entry["targetType"], "ad");
        assert_eq!(entry["targetId"], id);
        assert_eq!(entry["admin"]["username"], "boss");
    }

    // An end date as a bare day runs to the end of that day.
    let response = boss
        .post_json(
            "/api/ads",
            &with(
                with(valid_ad(), "startDate", json!("2030-01-01")),
                "endDate",
                json!("2030-01-31"),
            ),
        )
        .await;
    assert_eq!(response.status(), 201);
    let dated: Value = response.json().await.unwrap();
    assert_eq!(dated["startDate"], "2030-01-01T00:00:00.000Z");
    assert_eq!(dated["endDate"], "2030-01-31T23:59:59.999Z");
}

async fn an_uploaded_ad_image_goes_through_the_media_pipeline(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let body = with(
        valid_ad(),
        "imageUrl",
        json!(crate::posts::png_data_url(64, 48)),
    );
    let response = boss.post_json("/api/ads", &body).await;
    assert_eq!(response.status(), 201);
    let ad: Value = response.json().await.unwrap();
    let url = ad["imageUrl"].as_str().unwrap();
    assert!(url.starts_with("/media/"), "{url}");
    assert_eq!(boss.get(url).await.status(), 200);

    let not_an_image = with(
        valid_ad(),
        "imageUrl",
        json!("data:image/png;base64,aGVsbG8gd29ybGQ="),
    );
    let (status, _, _) = error_of(boss.post_json("/api/ads", &not_an_image).await).await;
    assert_eq!(status, 415);
    assert_eq!(ad_count(&app).await, 1);
}

fn bank(amount: i64) -> Value {
    json!({
        "amount": amount,
        "paymentMethod": "bank_transfer",
        "accountDetails": {
            "accountHolder": "Maya Chen",
            "accountNumber": "DE89 3704 0044 0532 0130 00",
            "routingNumber": "COBADEFF",
        },
    })
}

/// A creator credited with `credit_cents` who asked for a withdrawal of `amount`; answers the
/// creator and the withdrawal id.
pub async fn creator_with_withdrawal(
    app: &TestApp,
    username: &str,
    credit_cents: i64,
    amount: i64,
) -> (TestUser, i64) {
    let creator = app.new_user(username).await;
    credit(app, creator.id, credit_cents).await;
    let response = creator.post_json("/api/withdrawals", &bank(amount)).await;
    assert_eq!(response.status(), 201);
    let withdrawal: Value = response.json().await.unwrap();
    (creator, withdrawal["id"].as_i64().unwrap())
}

async fn balance(user: &TestUser) -> (i64, i64, i64) {
    let b = user.get_json("/api/user/balance").await;
    (
        b["availableBalance"].as_i64().unwrap(),
        b["pendingBalance"].as_i64().unwrap(),
        b["totalEarnings"].as_i64().unwrap(),
    )
}

/// Whether every balance row adds up with the ledger and the withdrawals.
pub async fn ledger_sums(app: &TestApp) -> bool {
    let db = app.db().await;
    let (broken,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM balances b
         WHERE b.available_cents + b.pending_cents + b.completed_cents <> b.total_earnings_cents
            OR b.total_earnings_cents <> (SELECT COALESCE(SUM(c.amount_cents), 0)
                                          FROM earning_credits c WHERE c.user_id = b.user_id)
            OR b.pending_cents <> (SELECT COALESCE(SUM(w.amount_cents), 0) FROM withdrawals w
                                   WHERE w.user_id = b.user_id AND w.status = 'pending')
            OR b.completed_cents <> (SELECT COALESCE(SUM(w.amount_cents), 0) FROM withdrawals w
                                     WHERE w.user_id = b.user_id AND w.status = 'completed')
            OR b.available_cents < 0",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    broken == 0
}

async fn audit_count(app: &TestApp, target_id: i64) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM audit_log
         WHERE target_type = 'withdrawal' AND target_id = $1",
    )
    .bind(target_id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    count
}

async fn ten_concurrent_approvals_change_a_withdrawal_and_the_balance_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let (creator, id) = creator_with_withdrawal(&app, "maya", 10_000, 5_000).await;
    assert_eq!(balance(&creator).await, (5_000, 5_000, 10_000));

    let path = format!("/api/admin/withdrawals/{id}");
    let body = json!({"status": "completed", "notes": "Approved and processed"});
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let client = boss.client.clone();
            let url = boss.url(&path);
            let body = body.clone();
            tokio::spawn(async move { client.put(url).json(&body).send().await.unwrap().status() })
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap().as_u16());
    }
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);

    assert_eq!(balance(&creator).await, (5_000, 0, 10_000));
    assert!(ledger_sums(&app).await);
    assert_eq!(audit_count(&app, id).await, 1);
    let mine = creator.get_json("/api/withdrawals").await;
    assert_eq!(mine[0]["status"], "completed");
    assert_eq!(mine[0]["notes"], "Approved and processed");
    assert!(mine[0]["processedAt"].is_string());
}

async fn an_approval_racing_a_rejection_changes_the_withdrawal_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let other = admin(&app, "chief").await;
    let (creator, id) = creator_with_withdrawal(&app, "maya", 10_000, 4_000).await;
    let path = format!("/api/admin/withdrawals/{id}");
    let (approve_body, reject_body) = (json!({"status": "completed"}), json!({"status": "failed"}));
    let (approve, reject) = tokio::join!(
        put_json(&boss, &path, &approve_body),
        put_json(&other, &path, &reject_body),
    );
    let mut statuses = [approve.status().as_u16(), reject.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409]);
    let expected = if approve.status() == StatusCode::OK {
        (6_000, 0, 10_000)
    } else {
        (10_000, 0, 10_000)
    };
    assert_eq!(balance(&creator).await, expected);
    assert!(ledger_sums(&app).await);
    assert_eq!(audit_count(&app, id).await, 1);
}

async fn a_rejection_returns_the_money_to_available_and_the_ledger_still_sums(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let (creator, id) = creator_with_withdrawal(&app, "maya", 10_000, 2_500).await;
    assert_eq!(balance(&creator).await, (7_500, 2_500, 10_000));
    let response = put_json(
        &boss,
        &format!("/api/admin/withdrawals/{id}"),
        &json!({"status": "failed"}),
    )
    .await;
    assert_eq!(response.status(), 200);
    let decided: Value = response.json().await.unwrap();
    assert_eq!(decided["status"], "failed");
    assert_eq!(decided["notes"], "Rejected - insufficient documentation");
    assert_eq!(decided["user"]["username"], "maya");
    assert_eq!(decided["user"]["email"], "maya@example.com");
    assert_eq!(decided["accountDetails"]["accountNumberLast4"], "3000");
    assert_eq!(balance(&creator).await, (10_000, 0, 10_000));
    assert!(ledger_sums(&app).await);
    // The money is spendable again.
    let again = creator.post_json("/api/withdrawals", &bank(10_000)).await;
    assert_eq!(again.status(), 201);
}

async fn decisions_are_audited_with_the_admin_and_the_time_and_bad_decisions_change_nothing(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let (creator, id) = creator_with_withdrawal(&app, "maya", 10_000, 1_000).await;
    let path = format!("/api/admin/withdrawals/{id}");

    for body in [
        json!({}),
        json!({"status": "pending"}),
        json!({"status": 1}),
    ] {
        let (status, message, _) = error_of(put_json(&boss, &path, &body).await).await;
        assert_eq!(
            (status, message.as_str()),
            (400, "Status must be completed or failed"),
            "{body}"
        );
    }
    let long = json!({"status": "completed", "notes": "n".repeat(501)});
    assert_eq!(error_of(put_json(&boss, &path, &long).await).await.0, 400);
    let (status, message, _) = error_of(
        put_json(
            &boss,
            "/api/admin/withdrawals/999999",
            &json!({"status": "completed"}),
        )
        .await,
    )
    .await;
    assert_eq!((status, message.as_str()), (404, "Withdrawal not found"));
    assert_eq!(balance(&creator).await, (9_000, 1_000, 10_000));
    assert_eq!(audit_count(&app, id).await, 0);

    let before = app.clock.now_ms();
    let response = put_json(
        &boss,
        &path,
        &json!({"status": "completed", "notes": "Paid by wire"}),
    )
    .await;
    assert_eq!(response.status(), 200);
    let (status, message, code) =
        error_of(put_json(&boss, &path, &json!({"status": "failed"})).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (
            409,
            "This withdrawal was already processed",
            "already_processed"
        )
    );
    assert_eq!(balance(&creator).await, (9_000, 0, 10_000));

    let audit = boss.get_json("/api/admin/audit").await;
    let entries = audit.as_array().unwrap();
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry["action"], "withdrawal.completed");
    assert_eq!(entry["targetType"], "withdrawal");
    assert_eq!(entry["targetId"], id);
    assert_eq!(entry["notes"], "Paid by wire");
    assert_eq!(
        entry["admin"],
        json!({"id": boss.id, "username": "boss", "displayName": "boss display"})
    );
    let at = chrono::DateTime::parse_from_rfc3339(entry["createdAt"].as_str().unwrap())
        .unwrap()
        .timestamp_millis();
    assert!((at - before).abs() < 60_000);
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect()
}

fn next_cursor(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get("x-next-cursor")
        .map(|v| v.to_str().unwrap().to_owned())
}

/// Every id of a list, walking it by cursor `limit` at a time.
async fn walk(user: &TestUser, path: &str, limit: usize) -> Vec<i64> {
    let sep = if path.contains('?') { '&' } else { '?' };
    let mut all = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let url = match &cursor {
            None => format!("{path}{sep}limit={limit}"),
            Some(c) => format!("{path}{sep}limit={limit}&before={c}"),
        };
        let response = user.get(&url).await;
        assert_eq!(response.status(), 200, "{url}");
        cursor = next_cursor(&response);
        let page: Value = response.json().await.unwrap();
        assert!(ids(&page).len() <= limit);
        all.extend(ids(&page));
        if cursor.is_none() {
            return all;
        }
    }
}

async fn admin_lists_page_by_cursor_and_filter_withdrawals_by_status(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let creator = app.new_user("maya").await;
    credit(&app, creator.id, 100_000).await;
    let mut withdrawals = Vec::new();
    for _ in 0..5 {
        let response = creator.post_json("/api/withdrawals", &bank(1_000)).await;
        let w: Value = response.json().await.unwrap();
        withdrawals.push(w["id"].as_i64().unwrap());
    }
    for id in &withdrawals[..2] {
        let response = put_json(
            &boss,
            &format!("/api/admin/withdrawals/{id}"),
            &json!({"status": "completed"}),
        )
        .await;
        assert_eq!(response.status(), 200);
    }
    let newest_first: Vec<i64> = withdrawals.iter().rev().copied().collect();
    assert_eq!(walk(&boss, "/api/admin/withdrawals", 2).await, newest_first);
    assert_eq!(
        walk(&boss, "/api/admin/withdrawals?status=pending", 2).await,
        newest_first[..3]
    );
    assert_eq!(
        walk(&boss, "/api/admin/withdrawals?status=completed", 1).await,
        newest_first[3..]
    );
    assert!(
        walk(&boss, "/api/admin/withdrawals?status=failed", 5)
            .await
            .is_empty()
    );
    let (status, _, _) = error_of(boss.get("/api/admin/withdrawals?status=lost").await).await;
    assert_eq!(status, 400);
    for bad in ["limit=0", "limit=101", "before=0", "limit=abc"] {
        let (status, _, _) =
            error_of(boss.get(&format!("/api/admin/withdrawals?{bad}")).await).await;
        assert_eq!(status, 400, "{bad}");
    }
    let summary = boss.get_json("/api/admin/withdrawals/summary").await;
    assert_eq!(summary["pendingCount"], 3);
    assert_eq!(summary["totalAmount"], 5_000);
    assert_eq!(summary["totalFees"], 5 * 25);
    let first = boss.get_json("/api/admin/withdrawals?limit=1").await;
    assert_eq!(first[0]["user"]["id"], creator.id);

    let mut ads = Vec::new();
    for i in 0..5 {
        let response = boss
            .post_json(
                "/api/ads",
                &with(valid_ad(), "title", json!(format!("Ad {i}"))),
            )
            .await;
        let ad: Value = response.json().await.unwrap();
        ads.push(ad["id"].as_i64().unwrap());
    }
    ads.reverse();
    assert_eq!(walk(&boss, "/api/admin/ads", 2).await, ads);
    // 2 decisions and 5 ads, newest first.
    let audit = walk(&boss, "/api/admin/audit", 3).await;
    assert_eq!(audit.len(), 7);
    assert!(audit.windows(2).all(|w| w[0] > w[1]));
}

async fn users_are_listed_with_counts_searched_and_summarised(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let _zed = app.new_user("zed_mayfield").await;
    maya.create_post("first").await;
    maya.create_post("second").await;
    assert_eq!(
        leo.post(&format!("/api/users/{}/follow", maya.id))
            .await
            .status(),
        200
    );

    let db = app.db().await;
    sqlx::query("UPDATE users SET deactivated_at = 1 WHERE username = 'leo'")
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;

    let all = boss.get_json("/api/admin/users").await;
    let names: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["zed_mayfield", "leo", "maya", "boss"]);
    let by_name = |name: &str| {
        all.as_array()
            .unwrap()
            .iter()
            .find(|u| u["username"] == name)
            .unwrap()
            .clone()
    };
    let m = by_name("maya");
    assert_eq!(m["email"], "maya@example.com");
    assert_eq!(m["displayName"], "maya display");
    assert_eq!(
        (&m["postsCount"], &m["followersCount"]),
        (&json!(2), &json!(1))
    );
    assert_eq!(m["isAdmin"], false);
    assert_eq!(m["isActive"], true);
    assert_eq!(m["isOnline"], false);
    assert!(m["createdAt"].is_string());
    assert_eq!(by_name("leo")["followingCount"], 1);
    assert_eq!(by_name("leo")["isActive"], false);
    assert_eq!(by_name("boss")["isAdmin"], true);

    // Username, display name or email, case-insensitively; deactivated users are found too.
    let search = |q: &str| {
        let boss = &boss;
        let q = q.to_owned();
        async move {
            let list = boss.get_json(&format!("/api/admin/users?q={q}")).await;
            list.as_array()
                .unwrap()
                .iter()
                .map(|u| u["username"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(search("MAY").await, ["zed_mayfield", "maya"]);
    assert_eq!(search("leo%40example").await, ["leo"]);
    assert_eq!(search("boss%20DISPLAY").await, ["boss"]);
    assert!(search("%25").await.is_empty(), "a literal %");
    assert_eq!(walk(&boss, "/api/admin/users?q=ma", 1).await.len(), 2);
    assert_eq!(walk(&boss, "/api/admin/users", 3).await.len(), 4);

    let summary = boss.get_json("/api/admin/users/summary").await;
    assert_eq!(summary["totalUsers"], 4);
    assert_eq!(summary["adminUsers"], 1);
    assert_eq!(summary["onlineUsers"], 0);
}

async fn revenue_totals_every_ad(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let maya = app.new_user("maya").await;
    let empty = boss.get_json("/api/admin/revenue").await;
    assert_eq!(
        empty,
        json!({"totalRevenue": 0, "totalRevenueFormatted": "$0.00",
               "totalImpressions": 0, "totalClicks": 0,
               "platformFees": 0, "salesVolume": 0, "tipsVolume": 0})
    );
    let mut ids = Vec::new();
    for cpc in [75, 59] {
        let response = boss
            .post_json("/api/ads", &with(valid_ad(), "costPerClick", json!(cpc)))
            .await;
        let ad: Value = response.json().await.unwrap();
        ids.push(ad["id"].as_i64().unwrap());
    }
    for id in &ids {
        for kind in ["impression", "impression", "click"] {
            let response = maya
                .post_json(
                    &format!("/api/ads/{id}/interaction"),
                    &json!({"type": kind}),
                )
                .await;
            assert_eq!(response.status(), 204);
        }
    }
    // The second ad paused: its money still counts.
    boss.patch_json(&format!("/api/ads/{}", ids[1]), &json!({"isActive": false}))
        .await;
    let revenue = boss.get_json("/api/admin/revenue").await;
    assert_eq!(
        revenue,
        // Maya's second impression of each ad came within 10 minutes: not counted.
        json!({"totalRevenue": 134, "totalRevenueFormatted": "$1.34",
               "totalImpressions": 2, "totalClicks": 2,
               "platformFees": 0, "salesVolume": 0, "tipsVolume": 0})
    );
}

async fn who_is_online_comes_from_presence(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let maya = app.new_user("maya").await;
    let _leo = app.new_user("leo").await;
    let socket = crate::sockets::connect(&app, &maya).await;
    let summary = boss.get_json("/api/admin/users/summary").await;
    assert_eq!(summary["onlineUsers"], 1);
    let users = boss.get_json("/api/admin/users").await;
    let online: Vec<&str> = users
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["isOnline"] == true)
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(online, ["maya"]);
    drop(socket);
}

/// The tiles read a totals row that triggers keep (migration 0015): after concurrent sign-ups
/// and withdrawals, and a rejection, it still equals a count and sums over the tables.
async fn the_tiles_totals_match_the_tables_after_concurrent_writes(backend: Backend) {
    let app = spawn_app(backend).await;
    let boss = admin(&app, "boss").await;
    let (a, b, c) = tokio::join!(
        app.new_user("creator_a"),
        app.new_user("creator_b"),
        app.new_user("creator_c")
    );
    let (d, e, f) = tokio::join!(
        app.new_user("creator_d"),
        app.new_user("creator_e"),
        app.new_user("creator_f")
    );
    let creators = [a, b, c, d, e, f];
    for creator in &creators {
        credit(&app, creator.id, 50_000).await;
    }
    let tasks: Vec<_> = creators
        .iter()
        .flat_map(|creator| [1_000, 2_345].map(|amount| (creator, amount)))
        .map(|(creator, amount)| {
            let request = creator
                .client
                .post(creator.url("/api/withdrawals"))
                .json(&bank(amount));
            tokio::spawn(async move { request.send().await.unwrap().status() })
        })
        .collect();
    let mut placed = Vec::new();
    for task in tasks {
        placed.push(task.await.unwrap());
    }
    assert!(placed.iter().all(|status| *status == 201), "{placed:?}");
    let first: Value = boss.get_json("/api/admin/withdrawals?limit=1").await;
    let id = first[0]["id"].as_i64().unwrap();
    let response = put_json(
        &boss,
        &format!("/api/admin/withdrawals/{id}"),
        &json!({"status": "failed"}),
    )
    .await;
    assert_eq!(response.status(), 200);

    let db = app.db().await;
    let (users,): (i64,) = sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM users")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let (amount, fees): (i64, i64) = sqlx::query_as(
        "SELECT CAST(SUM(amount_cents) AS BIGINT), CAST(SUM(fee_cents) AS BIGINT) FROM withdrawals",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    let tiles = boss.get_json("/api/admin/users/summary").await;
    assert_eq!((tiles["totalUsers"].as_i64(), users), (Some(7), 7));
    let tiles = boss.get_json("/api/admin/withdrawals/summary").await;
    assert_eq!(amount, 6 * (1_000 + 2_345));
    assert_eq!(tiles["totalAmount"].as_i64(), Some(amount));
    assert_eq!(tiles["totalFees"].as_i64(), Some(fees));
    assert_eq!(tiles["pendingCount"], 11);
}
