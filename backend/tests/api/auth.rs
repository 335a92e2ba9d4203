//! Accounts and sessions: register, login, logout, the session user, limits and cookies.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{
    Backend, PASSWORD, browser, error_of, session_cookie, spawn_app, spawn_app_with,
};

both_backends!(
    register_creates_an_account_and_signs_the_browser_in,
    register_refuses_a_taken_username_in_any_case,
    register_refuses_a_taken_email_in_any_case,
    register_rejects_each_bad_input_with_the_spec_wording_and_stores_nothing,
    register_rejects_bodies_that_are_not_json,
    register_refuses_a_body_over_the_limit,
    login_accepts_the_username_the_email_or_both,
    login_refuses_a_username_and_email_of_different_accounts,
    login_answers_a_wrong_password_and_an_unknown_user_alike,
    login_requires_a_password_and_a_name,
    login_rotates_the_session_token,
    logout_ends_the_session_for_good,
    logout_refuses_the_session_at_once_even_right_after_it_was_used,
    logout_without_a_session_only_clears_the_cookie,
    session_user_is_refused_without_a_live_session,
    session_survives_a_server_restart,
    sign_in_attempts_are_rate_limited_per_ip,
    sign_in_attempts_are_rate_limited_per_account,
    the_session_cookie_is_http_only_lax_and_not_secure_over_http,
    the_session_cookie_is_secure_when_the_site_is_https,
    cross_site_requests_are_refused_and_change_nothing,
    an_active_session_slides_its_expiry_forward,
    an_expired_session_signs_nobody_in,
);

async fn register_creates_an_account_and_signs_the_browser_in(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app
        .post_json(
            "/api/auth/register",
            &json!({"username": "Maya.Chen", "email": "maya@example.com", "password": PASSWORD,
                    "displayName": "Maya"}),
        )
        .await;

    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    assert_eq!(created["username"], "Maya.Chen");
    assert_eq!(created["displayName"], "Maya");
    assert_eq!(created["email"], "maya@example.com");
    assert_eq!(created["isAdmin"], false);
    assert!(created["id"].as_i64().unwrap() > 0);
    assert!(created["createdAt"].as_str().unwrap().ends_with('Z'));
    assert!(created.get("passwordHash").is_none() && created.get("password").is_none());

    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(me, created);
}

async fn register_refuses_a_taken_username_in_any_case(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;

    let response = app
        .post_from_another_browser(
            "/api/auth/register",
            &json!({"username": "MAYA", "email": "other@example.com", "password": PASSWORD}),
        )
        .await;

    let (status, message, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (409, "username_taken"));
    assert_eq!(message, "Username is already taken");
}

async fn register_refuses_a_taken_email_in_any_case(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;

    let response = app
        .post_from_another_browser(
            "/api/auth/register",
            &json!({"username": "maya2", "email": "MAYA@Example.com", "password": PASSWORD}),
        )
        .await;

    let (status, message, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (409, "email_taken"));
    assert_eq!(message, "An account with this email already exists");
}

async fn register_rejects_each_bad_input_with_the_spec_wording_and_stores_nothing(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let required = "Please fill in all required fields";
    let short = "Password must be at least 6 characters long";
    let email = "Please enter a valid email address";
    let username = "Username must be 3 to 30 characters: letters, numbers, underscores or dots";
    let cases = [
        (json!({"email": "a@b.co", "password": PASSWORD}), required),
        (
            json!({"username": "   ", "email": "a@b.co", "password": PASSWORD}),
            required,
        ),
        (
            json!({"username": "newbie", "password": PASSWORD}),
            required,
        ),
        (json!({"username": "newbie", "email": "a@b.co"}), required),
        (
            json!({"username": "newbie", "email": "a@b.co", "password": "      "}),
            required,
        ),
        (
            json!({"username": "newbie", "email": "a@b.co", "password": "12345"}),
            short,
        ),
        // Both wrong: the password rule comes first, as on the client.
        (
            json!({"username": "newbie", "email": "nope", "password": "12345"}),
            short,
        ),
        (
            json!({"username": "newbie", "email": "nope", "password": PASSWORD}),
            email,
        ),
        (
            json!({"username": "newbie", "email": "a@b", "password": PASSWORD}),
            email,
        ),
        (
            json!({"username": "new bie", "email": "a@b.co", "password": PASSWORD}),
            username,
        ),
        (
            json!({"username": "nb", "email": "a@b.co", "password": PASSWORD}),
            username,
        ),
        (
            json!({"username": "newbie", "email": "a@b.co", "password": PASSWORD,
                   "displayName": "x".repeat(51)}),
            "Display name must be at most 50 characters",
        ),
    ];
    for (body, expected) in cases {
        let (status, message, code) =
            error_of(app.post_json("/api/auth/register", &body).await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (400, expected, "invalid_input"),
            "{body}"
        );
    }

    // Nothing was stored: the name and email are still free, and nobody is signed in.
    assert_eq!(
        app.get("/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let created = app
        .post_json(
            "/api/auth/register",
            &json!({"username": "newbie", "email": "a@b.co", "password": PASSWORD}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
}

async fn register_rejects_bodies_that_are_not_json(backend: Backend) {
    let app = spawn_app(backend).await;

    let plain = app
        .client
        .post(app.url("/api/auth/register"))
        .header("content-type", "text/plain")
        .header("origin", &app.address)
        .body(r#"{"username":"newbie"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(plain).await.0, 415);

    let malformed = app
        .client
        .post(app.url("/api/auth/register"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (status, message, _) = error_of(malformed).await;
    assert_eq!(status, 400);
    assert!(message.starts_with("Invalid request body"), "{message}");

    let wrong_type = app
        .post_json("/api/auth/register", &json!({"username": 42}))
        .await;
    assert_eq!(error_of(wrong_type).await.0, 400);
}

async fn register_refuses_a_body_over_the_limit(backend: Backend) {
    let app = spawn_app(backend).await;
    let huge = "x".repeat(17 * 1024 * 1024);

    let body = json!({"username": "newbie", "email": "a@b.co", "password": PASSWORD,
                      "displayName": huge});

    // Its own client: the server answers before reading the whole body and then closes the
    // connection, which must not be reused for the next request. Under load the close can
    // reach the client while it is still writing (a reset instead of the answer): try again.
    let mut attempts = 0;
    let response = loop {
        attempts += 1;
        match browser()
            .post(app.url("/api/auth/register"))
            .json(&body)
            .send()
            .await
        {
            Ok(response) => break response,
            Err(err) if attempts < 5 => eprintln!("attempt {attempts}: {err}"),
            Err(err) => panic!("no answer in {attempts} attempts: {err}"),
        }
    };

    let (status, _, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (413, "payload_too_large"));
    assert_eq!(
        app.get("/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

async fn login_accepts_the_username_the_email_or_both(backend: Backend) {
    let app = spawn_app(backend).await;
    let created = app.register("maya").await;

    for body in [
        json!({"username": "maya", "password": PASSWORD}),
        json!({"username": "MAYA", "email": "", "password": PASSWORD}),
        json!({"email": "Maya@Example.com", "password": PASSWORD}),
        json!({"username": "maya", "email": "maya@example.com", "password": PASSWORD}),
    ] {
        let client = browser();
        let response = client
            .post(app.url("/api/auth/login"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{body}");
        let user: Value = response.json().await.unwrap();
        assert_eq!(user["id"], created["id"]);
        let me = client.get(app.url("/api/auth/user")).send().await.unwrap();
        assert_eq!(me.status(), StatusCode::OK, "signed in after {body}");
    }
}

async fn login_refuses_a_username_and_email_of_different_accounts(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    app.register("leo").await;

    let response = app
        .post_from_another_browser(
            "/api/auth/login",
            &json!({"username": "maya", "email": "leo@example.com", "password": PASSWORD}),
        )
        .await;

    let (status, message, _) = error_of(response).await;
    assert_eq!(
        (status, message.as_str()),
        (401, "Invalid username or password")
    );
}

async fn login_answers_a_wrong_password_and_an_unknown_user_alike(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let client = browser();

    let wrong_password = client
        .post(app.url("/api/auth/login"))
        .json(&json!({"username": "maya", "password": "not-the-password"}))
        .send()
        .await
        .unwrap();
    let unknown_user = client
        .post(app.url("/api/auth/login"))
        .json(&json!({"username": "nobody", "password": PASSWORD}))
        .send()
        .await
        .unwrap();

    assert!(session_cookie(wrong_password.headers()).is_none());
    let a = error_of(wrong_password).await;
    let b = error_of(unknown_user).await;
    assert_eq!(
        a,
        (
            401,
            "Invalid username or password".into(),
            "invalid_credentials".into()
        )
    );
    assert_eq!(a, b);
    let me = client.get(app.url("/api/auth/user")).send().await.unwrap();
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED);
}

async fn login_requires_a_password_and_a_name(backend: Backend) {
    let app = spawn_app(backend).await;
    for body in [
        json!({"password": PASSWORD}),
        json!({"username": "maya"}),
        json!({}),
    ] {
        let (status, message, _) = error_of(app.post_json("/api/auth/login", &body).await).await;
        assert_eq!(
            (status, message.as_str()),
            (400, "Please fill in all required fields")
        );
    }
}

async fn login_rotates_the_session_token(backend: Backend) {
    let app = spawn_app(backend).await;
    let first = app.register_response("maya").await;
    let first_cookie = session_cookie(first.headers()).expect("register sets a cookie");

    let second = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "maya", "password": PASSWORD}),
        )
        .await;
    let second_cookie = session_cookie(second.headers()).expect("login sets a cookie");

    assert_ne!(token(&first_cookie), token(&second_cookie));
    // The browser's previous session ended with the new sign-in.
    assert_eq!(replay(&app, &first_cookie).await, StatusCode::UNAUTHORIZED);
    assert_eq!(replay(&app, &second_cookie).await, StatusCode::OK);
}

async fn logout_ends_the_session_for_good(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app.register_response("maya").await;
    let cookie = session_cookie(response.headers()).unwrap();

    let logout = app
        .client
        .post(app.url("/api/auth/logout"))
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::OK);
    let cleared = session_cookie(logout.headers()).expect("logout clears the cookie");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    assert_eq!(logout.json::<Value>().await.unwrap(), json!({"ok": true}));

    assert_eq!(
        app.get("/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    // A copy of the old cookie opens nothing: the session row is gone.
    assert_eq!(replay(&app, &cookie).await, StatusCode::UNAUTHORIZED);
}

async fn logout_refuses_the_session_at_once_even_right_after_it_was_used(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app.register_response("maya").await;
    let cookie = session_cookie(response.headers()).unwrap();
    // Recently used sessions are remembered for a few seconds (db::session_cache).
    assert_eq!(app.get("/api/auth/user").await.status(), StatusCode::OK);
    assert_eq!(replay(&app, &cookie).await, StatusCode::OK);

    let logout = app
        .client
        .post(app.url("/api/auth/logout"))
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::OK);

    assert_eq!(replay(&app, &cookie).await, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.get("/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

async fn logout_without_a_session_only_clears_the_cookie(backend: Backend) {
    let app = spawn_app(backend).await;
    let other = browser();
    let signed_in = app.register("maya").await;

    let response = other
        .post(app.url("/api/auth/logout"))
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(
        me["id"], signed_in["id"],
        "another browser's logout ends no one else's session"
    );
}

async fn session_user_is_refused_without_a_live_session(backend: Backend) {
    let app = spawn_app(backend).await;

    let anonymous = app.get("/api/auth/user").await;
    assert_eq!(
        error_of(anonymous).await,
        (401, "Not signed in".into(), "not_signed_in".into())
    );

    let forged = browser()
        .get(app.url("/api/auth/user"))
        .header("cookie", "atelier_session=forged-token-value")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::UNAUTHORIZED);
}

async fn session_survives_a_server_restart(backend: Backend) {
    let app = spawn_app(backend).await;
    let created = app.register("maya").await;

    let app = app.restart().await;

    let me = app.get("/api/auth/user").await;
    assert_eq!(me.status(), StatusCode::OK);
    assert_eq!(me.json::<Value>().await.unwrap()["id"], created["id"]);
}

async fn sign_in_attempts_are_rate_limited_per_ip(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.auth_limit_per_ip = 3;
        s.auth_limit_per_account = 100;
    })
    .await;

    for n in 0..3 {
        let body = json!({"username": format!("user{n}"), "password": "wrong-password"});
        assert_eq!(app.post_json("/api/auth/login", &body).await.status(), 401);
    }
    let limited = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "user9", "password": PASSWORD}),
        )
        .await;

    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after), "Retry-After {retry_after}");
    assert_eq!(error_of(limited).await.2, "rate_limited");
    // Registering counts against the same limit.
    let register = app
        .post_json(
            "/api/auth/register",
            &json!({"username": "fresh", "email": "fresh@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(register.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn sign_in_attempts_are_rate_limited_per_account(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.auth_limit_per_ip = 100;
        s.auth_limit_per_account = 2;
    })
    .await;
    app.register("leo").await; // one attempt on "leo"

    let guess = json!({"username": "maya", "password": "guess-one"});
    assert_eq!(app.post_json("/api/auth/login", &guess).await.status(), 401);
    assert_eq!(app.post_json("/api/auth/login", &guess).await.status(), 401);
    let third = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "MAYA", "password": "x"}),
        )
        .await;
    assert_eq!(third.status(), StatusCode::TOO_MANY_REQUESTS);

    // Another account from the same address is not affected.
    let leo = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "leo", "password": PASSWORD}),
        )
        .await;
    assert_eq!(leo.status(), StatusCode::OK);
}

async fn the_session_cookie_is_http_only_lax_and_not_secure_over_http(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app.register_response("maya").await;

    let cookie = session_cookie(response.headers()).unwrap();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(cookie.contains("Path=/"), "{cookie}");
    assert!(cookie.contains("Max-Age=2592000"), "30 days: {cookie}");
    assert!(!cookie.contains("Secure"), "{cookie}");
    assert!(token(&cookie).len() >= 43, "256-bit token: {cookie}");
}

async fn the_session_cookie_is_secure_when_the_site_is_https(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.public_url = Some("https://atelier.example".into())
    })
    .await;
    let response = app.register_response("maya").await;

    let cookie = session_cookie(response.headers()).unwrap();
    assert!(cookie.contains("Secure"), "{cookie}");
}

async fn cross_site_requests_are_refused_and_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = json!({"username": "maya", "email": "maya@example.com", "password": PASSWORD});

    let cross_site = app
        .client
        .post(app.url("/api/auth/register"))
        .header("origin", "https://evil.example")
        .json(&body)
        .send()
        .await
        .unwrap();
    let (status, message, code) = error_of(cross_site).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (403, "Cross-site request refused", "forbidden")
    );

    let form_without_origin = app
        .client
        .post(app.url("/api/auth/logout"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("a=b")
        .send()
        .await
        .unwrap();
    assert_eq!(form_without_origin.status(), StatusCode::FORBIDDEN);

    // Nothing was created by the refused request; the same request from the site works.
    let same_site = app
        .client
        .post(app.url("/api/auth/register"))
        .header("origin", &app.address)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(same_site.status(), StatusCode::CREATED);
}

async fn an_active_session_slides_its_expiry_forward(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let db = app.db().await;
    let in_ten_days = atelier::platform::db::now_ms() + 10 * DAY_MS;
    sqlx::query("UPDATE sessions SET expires_at = $1")
        .bind(in_ten_days)
        .execute(&db.pool)
        .await
        .unwrap();

    let response = app.get("/api/auth/user").await;

    assert_eq!(response.status(), StatusCode::OK);
    let cookie = session_cookie(response.headers()).expect("the cookie is sent again");
    assert!(cookie.contains("Max-Age=2592000"), "{cookie}");
    let (expires_at,): (i64,) = sqlx::query_as("SELECT expires_at FROM sessions")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(
        expires_at > atelier::platform::db::now_ms() + 29 * DAY_MS,
        "expiry moved to ~30 days out"
    );

    // A fresh session is not rewritten on every request.
    let again = app.get("/api/auth/user").await;
    assert!(session_cookie(again.headers()).is_none());
}

async fn an_expired_session_signs_nobody_in(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let db = app.db().await;
    let a_minute_ago = atelier::platform::db::now_ms() - 60_000;
    sqlx::query("UPDATE sessions SET expires_at = $1")
        .bind(a_minute_ago)
        .execute(&db.pool)
        .await
        .unwrap();

    assert_eq!(
        app.get("/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

fn token(set_cookie: &str) -> &str {
    set_cookie
        .split(';')
        .next()
        .unwrap()
        .trim_start_matches("atelier_session=")
}

/// Sends a Set-Cookie's token from a fresh client to the session call.
async fn replay(app: &crate::helpers::TestApp, set_cookie: &str) -> StatusCode {
    browser()
        .get(app.url("/api/auth/user"))
        .header("cookie", format!("atelier_session={}", token(set_cookie)))
        .send()
        .await
        .unwrap()
        .status()
}
