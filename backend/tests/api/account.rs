//! The account and its settings (issue 10): settings that follow the user, password change,
//! data export, deactivation and `atelier admin restore`.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, PASSWORD, TestApp, TestUser, error_of, spawn_app, spawn_app_with};

both_backends!(
    settings_are_the_defaults_until_saved,
    settings_round_trip_and_follow_the_user_to_another_browser,
    a_partial_settings_save_keeps_the_other_switches,
    settings_are_per_user,
    a_setting_that_is_not_a_boolean_is_refused_and_changes_nothing,
    account_routes_need_a_session,
    a_password_change_ends_the_other_sessions_and_keeps_this_one,
    a_password_change_closes_the_other_sessions_sockets,
    deactivation_closes_the_accounts_open_sockets_at_once,
    signing_out_closes_that_sessions_sockets_at_once,
    a_wrong_current_password_is_refused_and_changes_nothing,
    a_new_password_must_be_long_enough_and_different,
    password_changes_are_rate_limited_like_sign_in,
    the_export_holds_my_data_and_nobody_elses,
    the_export_pages_through_long_lists,
    the_export_holds_every_section_of_what_i_did,
    deactivation_with_a_wrong_password_is_refused_and_changes_nothing,
    a_deactivated_account_cannot_sign_in_and_is_hidden,
    admin_restore_brings_a_deactivated_account_back,
    admin_restore_of_an_unknown_user_fails_and_says_so,
);

const DEFAULTS: &str = r#"{"pushNotifications":true,"voiceMessageNotifications":true,
"chatMessageNotifications":true,"privateAccount":false,"voiceReactionsPrivacy":true,
"share3dContent":true,"aiMoodDetection":true,"voiceAutoTranscription":true,
"highQuality3d":true,"darkTheme":true,"autoPlayVideos":true,"soundEffects":true,
"likeNotifications":true,"commentNotifications":true,"mentionNotifications":true,
"followNotifications":true,"readReceipts":true}"#;

fn defaults() -> Value {
    serde_json::from_str(DEFAULTS).unwrap()
}

async fn put_settings(user: &TestUser, body: &Value) -> reqwest::Response {
    user.client
        .put(user.url("/api/user/settings"))
        .json(body)
        .send()
        .await
        .expect("request sent")
}

async fn sign_in(app: &TestApp, username: &str, password: &str) -> reqwest::Response {
    app.post_from_another_browser(
        "/api/auth/login",
        &json!({"username": username, "password": password}),
    )
    .await
}

/// A second browser signed in as `username` with the test password.
async fn second_browser(app: &TestApp, username: &str) -> TestUser {
    let client = crate::helpers::browser();
    let response = client
        .post(app.url("/api/auth/login"))
        .json(&json!({"username": username, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let cookie = crate::helpers::session_cookie(response.headers()).expect("a session cookie");
    let id = response.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap();
    let mut user = app.anonymous();
    user.id = id;
    user.client = client;
    user.cookie = cookie;
    user
}

async fn settings_are_the_defaults_until_saved(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    assert_eq!(maya.get_json("/api/user/settings").await, defaults());
}

async fn settings_round_trip_and_follow_the_user_to_another_browser(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let mut all_flipped = defaults();
    for value in all_flipped.as_object_mut().unwrap().values_mut() {
        *value = json!(!value.as_bool().unwrap());
    }

    let saved = put_settings(&maya, &all_flipped).await;
    assert_eq!(saved.status(), 200);
    assert_eq!(saved.json::<Value>().await.unwrap(), all_flipped);

    let other_device = second_browser(&app, "maya").await;
    assert_eq!(
        other_device.get_json("/api/user/settings").await,
        all_flipped
    );
}

async fn a_partial_settings_save_keeps_the_other_switches(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let first = put_settings(&maya, &json!({"darkTheme": false})).await;
    assert_eq!(first.status(), 200);
    let second = put_settings(
        &maya,
        &json!({"privateAccount": true, "soundEffects": null}),
    )
    .await;
    assert_eq!(second.status(), 200);

    let mut expected = defaults();
    expected["darkTheme"] = json!(false);
    expected["privateAccount"] = json!(true);
    assert_eq!(second.json::<Value>().await.unwrap(), expected);
    assert_eq!(maya.get_json("/api/user/settings").await, expected);
    assert_eq!(put_settings(&maya, &json!({})).await.status(), 200);
    assert_eq!(maya.get_json("/api/user/settings").await, expected);
}

async fn settings_are_per_user(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    put_settings(&maya, &json!({"darkTheme": false, "autoPlayVideos": false})).await;

    assert_eq!(leo.get_json("/api/user/settings").await, defaults());
    assert_eq!(
        maya.get_json("/api/user/settings").await["darkTheme"],
        false
    );
}

async fn a_setting_that_is_not_a_boolean_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for body in [
        json!({"darkTheme": "false", "soundEffects": false}),
        json!({"soundEffects": false, "privateAccount": 1}),
        json!([true]),
        json!("darkTheme"),
    ] {
        let (status, message, code) = error_of(put_settings(&maya, &body).await).await;
        assert_eq!((status, code.as_str()), (400, "invalid_input"), "{body}");
        assert!(message.starts_with("Invalid request body"), "{message}");
    }
    assert_eq!(maya.get_json("/api/user/settings").await, defaults());
}

async fn account_routes_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let nobody = app.anonymous();

    let answers = [
        nobody.get("/api/user/settings").await,
        put_settings(&nobody, &json!({"darkTheme": false})).await,
        nobody
            .post_json(
                "/api/user/password",
                &json!({"currentPassword": PASSWORD, "newPassword": "another-pass"}),
            )
            .await,
        nobody.get("/api/user/export").await,
        nobody
            .post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
            .await,
    ];
    for answer in answers {
        let url = answer.url().path().to_owned();
        assert_eq!(error_of(answer).await.0, 401, "{url}");
    }
}

async fn a_password_change_ends_the_other_sessions_and_keeps_this_one(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let laptop = second_browser(&app, "maya").await;
    let leo = app.new_user("leo").await;
    // Both of maya's sessions are live (and cached) before the change.
    laptop.get_json("/api/auth/user").await;
    maya.get_json("/api/auth/user").await;

    let changed = maya
        .post_json(
            "/api/user/password",
            &json!({"currentPassword": PASSWORD, "newPassword": "a-new-secret"}),
        )
        .await;
    assert_eq!(changed.status(), 200);
    assert_eq!(
        changed.json::<Value>().await.unwrap(),
        json!({"message": "Password updated"})
    );

    assert_eq!(laptop.get("/api/auth/user").await.status(), 401);
    assert_eq!(maya.get_json("/api/auth/user").await["username"], "maya");
    assert_eq!(
        leo.get("/api/auth/user").await.status(),
        200,
        "others keep theirs"
    );
    assert_eq!(sign_in(&app, "maya", PASSWORD).await.status(), 401);
    assert_eq!(sign_in(&app, "maya", "a-new-secret").await.status(), 200);
}

async fn a_password_change_closes_the_other_sessions_sockets(backend: Backend) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;

    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let laptop = second_browser(&app, "maya").await;
    let mut laptop_socket = crate::sockets::connect(&app, &laptop).await;
    let mut own_socket = crate::sockets::connect(&app, &maya).await;

    let changed = maya
        .post_json(
            "/api/user/password",
            &json!({"currentPassword": PASSWORD, "newPassword": "a-new-secret"}),
        )
        .await;
    assert_eq!(changed.status(), 200);

    // The laptop's next frame finds its session gone: no answer, the socket closes.
    laptop_socket
        .send(Message::text(json!({"type": "ping"}).to_string()))
        .await
        .unwrap();
    let ended = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            match laptop_socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(Message::Text(text))) if text.contains("pong") => return false,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .expect("the socket answers or closes");
    assert!(ended, "a socket of an ended session still answered");

    // This browser's socket lives on.
    own_socket
        .send(Message::text(json!({"type": "ping"}).to_string()))
        .await
        .unwrap();
    crate::sockets::next_of(&mut own_socket, "pong").await;
}

async fn deactivation_closes_the_accounts_open_sockets_at_once(backend: Backend) {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;

    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let laptop = second_browser(&app, "maya").await;
    // A socket that only listens: it sends nothing after the deactivation.
    let mut listening = crate::sockets::connect(&app, &laptop).await;

    let gone = maya
        .post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
        .await;
    assert_eq!(gone.status(), 200);

    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            match listening.next().await {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Close(frame))) => return frame.map(|f| f.reason.to_string()),
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .expect("the socket of a deactivated account closes without a frame of its own");
    assert_eq!(closed.as_deref(), Some("session ended"));
}

async fn signing_out_closes_that_sessions_sockets_at_once(backend: Backend) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;

    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let laptop = second_browser(&app, "maya").await;
    // A socket that only listens: it sends nothing after the sign-out.
    let mut listening = crate::sockets::connect(&app, &laptop).await;
    let mut own_socket = crate::sockets::connect(&app, &maya).await;

    let out = laptop.post_json("/api/auth/logout", &json!({})).await;
    assert_eq!(out.status(), 200);

    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            match listening.next().await {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Close(frame))) => return frame.map(|f| f.reason.to_string()),
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .expect("the signed-out session's socket closes without a frame of its own");
    assert_eq!(closed.as_deref(), Some("session ended"));

    // The other browser's session and socket live on.
    own_socket
        .send(Message::text(json!({"type": "ping"}).to_string()))
        .await
        .unwrap();
    crate::sockets::next_of(&mut own_socket, "pong").await;
}

async fn a_wrong_current_password_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let laptop = second_browser(&app, "maya").await;

    let refused = maya
        .post_json(
            "/api/user/password",
            &json!({"currentPassword": "not-my-password", "newPassword": "a-new-secret"}),
        )
        .await;
    assert_eq!(
        error_of(refused).await,
        (
            400,
            "Current password is incorrect".into(),
            "invalid_input".into()
        )
    );
    assert_eq!(laptop.get("/api/auth/user").await.status(), 200);
    assert_eq!(sign_in(&app, "maya", PASSWORD).await.status(), 200);
    assert_eq!(sign_in(&app, "maya", "a-new-secret").await.status(), 401);
}

async fn a_new_password_must_be_long_enough_and_different(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for (new_password, expected) in [
        ("12345", "Password must be at least 6 characters long"),
        (PASSWORD, "New password must be different"),
    ] {
        let refused = maya
            .post_json(
                "/api/user/password",
                &json!({"currentPassword": PASSWORD, "newPassword": new_password}),
            )
            .await;
        let (status, message, _) = error_of(refused).await;
        assert_eq!((status, message.as_str()), (400, expected));
    }
    let missing = maya
        .post_json("/api/user/password", &json!({"currentPassword": PASSWORD}))
        .await;
    assert_eq!(missing.status(), 400);
    assert_eq!(sign_in(&app, "maya", PASSWORD).await.status(), 200);
}

async fn password_changes_are_rate_limited_like_sign_in(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.auth_limit_per_ip = 100;
        s.auth_limit_per_account = 3;
    })
    .await;
    let maya = app.new_user("maya").await;
    let guess = json!({"currentPassword": "guess", "newPassword": "a-new-secret"});

    for _ in 0..3 {
        assert_eq!(
            maya.post_json("/api/user/password", &guess).await.status(),
            400
        );
    }
    let limited = maya.post_json("/api/user/password", &guess).await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers().contains_key("retry-after"));
}

async fn the_export_holds_my_data_and_nobody_elses(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    maya.create_post("maya's first work").await;
    leo.create_post("leo's work").await;
    let conversation: Value = maya
        .post_json("/api/conversations", &json!({"otherUserId": leo.id}))
        .await
        .json()
        .await
        .unwrap();
    let chat = format!("/api/conversations/{}/messages", conversation["id"]);
    let sent = maya
        .post_json(&chat, &json!({"content": "hello from maya"}))
        .await;
    assert_eq!(sent.status(), 201);
    let reply = leo
        .post_json(&chat, &json!({"content": "hello from leo"}))
        .await;
    assert_eq!(reply.status(), 201);
    put_settings(&maya, &json!({"darkTheme": false})).await;
    crate::earnings::credit(&app, maya.id, 5000).await;
    let order = crate::checkouts::check_out_and_pay(
        &maya,
        json!([{"productId": 1, "quantity": 1, "expectedUnitPrice": 5000}]),
    )
    .await;
    assert_eq!(order.status(), 200, "{}", order.text().await.unwrap());
    let withdrawal = maya
        .post_json(
            "/api/withdrawals",
            &json!({"amount": 2000, "paymentMethod": "bank_transfer", "accountDetails": {
                "accountHolder": "Maya", "accountNumber": "123456789012",
                "routingNumber": "021000021"}}),
        )
        .await;
    assert_eq!(
        withdrawal.status(),
        201,
        "{}",
        withdrawal.text().await.unwrap()
    );

    let export = maya.get("/api/user/export").await;
    assert_eq!(export.status(), 200);
    assert_eq!(export.headers()["content-type"], "application/json");
    assert_eq!(
        export.headers()["content-disposition"],
        "attachment; filename=\"atelier-export-maya.json\""
    );
    let text = export.text().await.unwrap();
    let data: Value = serde_json::from_str(&text).expect("the export is JSON");

    assert_eq!(data["profile"]["username"], "maya");
    assert_eq!(data["profile"]["email"], "maya@example.com");
    assert!(data["exportedAt"].is_string());
    assert_eq!(data["settings"]["darkTheme"], false);
    let posts = data["posts"].as_array().unwrap();
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0]["caption"], "maya's first work");
    let messages = data["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["content"], "hello from maya");
    assert_eq!(data["orders"].as_array().unwrap().len(), 1);
    assert_eq!(data["orders"][0]["quantity"], 1);
    let withdrawals = data["withdrawals"].as_array().unwrap();
    assert_eq!(withdrawals.len(), 1);
    assert_eq!(
        withdrawals[0]["accountDetails"]["accountNumberLast4"],
        "9012"
    );
    for list in ["stories", "voicemails", "reels"] {
        assert_eq!(data[list], json!([]), "{list}");
    }
    for secret in [
        "leo's work",
        "hello from leo",
        "123456789012",
        "argon2",
        "password",
    ] {
        assert!(
            !text.contains(secret),
            "the export must not hold {secret:?}"
        );
    }
    let token = maya.cookie.trim_start_matches("atelier_session=");
    assert!(!text.contains(token), "no session token");
}

async fn the_export_pages_through_long_lists(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // More than one page (500) of posts, written straight to the database.
    let db = app.db().await;
    for n in 0..1_203 {
        sqlx::query(
            "INSERT INTO posts (user_id, caption, image_url, tags, created_at, hot_score)
             VALUES ($1, $2, 'https://images.example.com/a.jpg', '[\"t\"]', $3, 0)",
        )
        .bind(maya.id)
        .bind(format!("post {n}"))
        .bind(1_700_000_000_000_i64 + n)
        .execute(&db.pool)
        .await
        .unwrap();
    }
    db.pool.close().await;

    let data: Value = maya.get("/api/user/export").await.json().await.unwrap();
    let posts = data["posts"].as_array().unwrap();
    assert_eq!(posts.len(), 1_203);
    assert_eq!(posts[0]["caption"], "post 0");
    assert_eq!(posts[1_202]["caption"], "post 1202");
    assert_eq!(posts[7]["tags"], json!(["t"]));
    let mut ids: Vec<i64> = posts.iter().map(|p| p["id"].as_i64().unwrap()).collect();
    ids.dedup();
    assert_eq!(ids.len(), 1_203, "each post once");
}

async fn the_export_holds_every_section_of_what_i_did(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let leo_post = leo.create_post("leo's work").await;
    let on_post = format!("/api/posts/{}/comments", leo_post["id"]);
    let comment: Value = maya
        .post_json(&on_post, &json!({"content": "lovely light"}))
        .await
        .json()
        .await
        .unwrap();
    let reply = maya
        .post_json(
            &on_post,
            &json!({"content": "the reply", "parentId": comment["id"]}),
        )
        .await;
    assert_eq!(reply.status(), 201);
    for path in [
        format!("/api/posts/{}/like", leo_post["id"]),
        format!("/api/posts/{}/bookmark", leo_post["id"]),
        format!("/api/users/{}/follow", leo.id),
        format!("/api/users/{}/block", sofia.id),
    ] {
        let response = maya.post(&path).await;
        assert!(
            response.status().is_success(),
            "{path}: {}",
            response.status()
        );
    }
    let reported = maya
        .post_json(
            "/api/reports",
            &json!({"targetType": "post", "targetId": leo_post["id"], "reason": "spam"}),
        )
        .await;
    assert_eq!(reported.status(), 201);
    crate::earnings::credit(&app, maya.id, 5000).await;
    // Tips, a listing and its sale, a canvas with a stroke, a push subscription: written
    // straight to the database (their own suites test how they are made).
    let db = app.db().await;
    let now = 1_700_000_000_000_i64;
    for (from, to, cents) in [(maya.id, leo.id, 300), (leo.id, maya.id, 700)] {
        sqlx::query(
            "INSERT INTO tips (from_user_id, to_user_id, amount_cents, fee_cents, status,
                               payment_reference, created_at)
             VALUES ($1, $2, $3, 0, 'paid', 'ref', $4)",
        )
        .bind(from)
        .bind(to)
        .bind(cents)
        .bind(now)
        .execute(&db.pool)
        .await
        .unwrap();
    }
    let (product,): (i64,) = sqlx::query_as(
        "INSERT INTO products (name, description, price_cents, product_url, category,
                               rating_tenths, reviews, stock, seller_id, kind, created_at)
         VALUES ('Harbour print', 'A4', 4500, '/shop/x', 'prints', 0, 0, 5, $1, 'physical', $2)
         RETURNING id",
    )
    .bind(maya.id)
    .bind(now)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO orders (user_id, product_id, quantity, unit_price_cents, total_amount_cents,
                             payment_method, payment_reference, status, created_at, seller_id)
         VALUES ($1, $2, 2, 4500, 9000, 'stripe', 'ref', 'paid', $3, $4)",
    )
    .bind(leo.id)
    .bind(product)
    .bind(now)
    .bind(maya.id)
    .execute(&db.pool)
    .await
    .unwrap();
    let (canvas,): (i64,) = sqlx::query_as(
        "INSERT INTO canvases (owner_id, title, visibility, created_at)
         VALUES ($1, 'Sketch', 'invite', $2) RETURNING id",
    )
    .bind(maya.id)
    .bind(now)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO canvas_strokes (canvas_id, client_id, user_id, color, width, points,
                                     created_at)
         VALUES ($1, 'c1', $2, '#ff0000', 4, '[[1,2],[3,4]]', $3)",
    )
    .bind(canvas)
    .bind(maya.id)
    .bind(now)
    .execute(&db.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
         VALUES ($1, 'https://push.example.com/send/abc', 'SECRET-P256DH', 'SECRET-AUTH', $2)",
    )
    .bind(maya.id)
    .bind(now)
    .execute(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;

    let text = maya.get("/api/user/export").await.text().await.unwrap();
    let data: Value = serde_json::from_str(&text).expect("the export is JSON");
    let comments = data["comments"].as_array().unwrap();
    assert_eq!(comments.len(), 2, "a comment and its reply");
    assert_eq!(comments[0]["content"], "lovely light");
    assert_eq!(comments[1]["parentId"], comment["id"]);
    assert_eq!(data["postLikes"][0]["id"], leo_post["id"]);
    assert_eq!(data["reelLikes"], json!([]));
    assert_eq!(data["commentLikes"], json!([]));
    assert_eq!(data["saves"][0]["postId"], leo_post["id"]);
    assert_eq!(data["follows"][0]["username"], "leo");
    assert_eq!(data["blocks"][0]["username"], "sofia");
    assert_eq!(data["tipsSent"][0]["amount"], 300);
    assert_eq!(data["tipsSent"][0]["username"], "leo");
    assert_eq!(data["tipsReceived"][0]["amount"], 700);
    assert_eq!(data["earnings"][0]["amount"], 5000);
    assert_eq!(data["listings"][0]["name"], "Harbour print");
    assert_eq!(data["sales"][0]["totalAmount"], 9000);
    assert_eq!(data["canvases"][0]["title"], "Sketch");
    assert_eq!(
        data["canvases"][0]["strokes"][0]["points"],
        json!([[1, 2], [3, 4]])
    );
    assert_eq!(data["reports"][0]["targetId"], leo_post["id"]);
    assert_eq!(data["reports"][0]["reason"], "spam");
    assert_eq!(
        data["pushSubscriptions"],
        json!([{"id": data["pushSubscriptions"][0]["id"],
                "endpoint": "https://push.example.com/send/abc",
                "createdAt": data["pushSubscriptions"][0]["createdAt"]}])
    );
    assert_eq!(data["settings"]["likeNotifications"], true);
    for secret in ["SECRET-P256DH", "SECRET-AUTH", "leo's work"] {
        assert!(
            !text.contains(secret),
            "the export must not hold {secret:?}"
        );
    }
}

async fn deactivation_with_a_wrong_password_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    let refused = maya
        .post_json("/api/user/deactivate", &json!({"password": "not-it"}))
        .await;
    assert_eq!(
        error_of(refused).await,
        (400, "Password is incorrect".into(), "invalid_input".into())
    );
    assert_eq!(maya.get("/api/auth/user").await.status(), 200);
    assert_eq!(leo.get("/api/users/username/maya").await.status(), 200);
    assert_eq!(sign_in(&app, "maya", PASSWORD).await.status(), 200);
}

async fn a_deactivated_account_cannot_sign_in_and_is_hidden(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let laptop = second_browser(&app, "maya").await;
    let leo = app.new_user("leo").await;
    maya.create_post("a work of maya").await;
    laptop.get_json("/api/auth/user").await;

    let done = maya
        .post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
        .await;
    assert_eq!(done.status(), 200);
    let cleared = crate::helpers::session_cookie(done.headers()).expect("the cookie is cleared");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    assert_eq!(
        done.json::<Value>().await.unwrap(),
        json!({"message": "Account deactivated"})
    );

    // Every session ended, this one and the other browser's.
    assert_eq!(maya.get("/api/auth/user").await.status(), 401);
    assert_eq!(laptop.get("/api/auth/user").await.status(), 401);
    // Sign-in: a wrong password still says only that; the right one says why.
    assert_eq!(sign_in(&app, "maya", "wrong-pass").await.status(), 401);
    assert_eq!(
        error_of(sign_in(&app, "maya", PASSWORD).await).await,
        (
            403,
            "This account is deactivated".into(),
            "forbidden".into()
        )
    );
    // Hidden from others.
    let search = leo.get_json("/api/search/users?q=maya").await;
    assert_eq!(search, json!([]));
    let (status, message, _) = error_of(leo.get("/api/users/username/maya").await).await;
    assert_eq!((status, message.as_str()), (404, "User not found"));
    let start = leo
        .post_json("/api/conversations", &json!({"otherUserId": maya.id}))
        .await;
    assert_eq!(error_of(start).await.1, "User not found");
    let follow = leo.post(&format!("/api/users/{}/follow", maya.id)).await;
    assert_eq!(follow.status(), 404);
    let status = leo
        .get(&format!("/api/users/{}/follow-status", maya.id))
        .await;
    assert_eq!(status.status(), 404);
    let feed = leo.get_json("/api/posts").await;
    assert_eq!(feed, json!([]), "their posts leave the feeds");
}

async fn admin_restore_brings_a_deactivated_account_back(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    maya.create_post("a work of maya").await;
    maya.post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
        .await;

    let restored = app.cli(&["admin", "restore", "MAYA"]);
    assert!(
        restored.status.success(),
        "{}",
        String::from_utf8_lossy(&restored.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&restored.stdout),
        "maya: restored\n"
    );

    assert_eq!(sign_in(&app, "maya", PASSWORD).await.status(), 200);
    assert_eq!(leo.get("/api/users/username/maya").await.status(), 200);
    let search = leo.get_json("/api/search/users?q=maya").await;
    assert_eq!(search.as_array().unwrap().len(), 1);
    assert_eq!(
        leo.get_json("/api/posts").await.as_array().unwrap().len(),
        1
    );

    let again = app.cli(&["admin", "restore", "maya"]);
    assert!(again.status.success());
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        "maya: was not deactivated\n"
    );
}

async fn admin_restore_of_an_unknown_user_fails_and_says_so(backend: Backend) {
    let app = spawn_app(backend).await;

    let output = app.cli(&["admin", "restore", "nobody"]);
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("no user named \"nobody\""), "{said}");
}
