//! GET /api/rtc/config: STUN by default; with a TURN server configured, credentials of the TURN
//! REST API scheme that the TURN server can verify with the shared secret alone.

use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Value, json};
use sha1::Sha1;

use crate::both_backends;
use crate::helpers::{Backend, error_of, spawn_app, spawn_app_with};

both_backends!(
    without_turn_the_config_is_two_public_stun_servers,
    with_turn_the_credential_verifies_with_the_secret_and_expires_in_a_day,
    the_config_needs_a_session,
);

async fn without_turn_the_config_is_two_public_stun_servers(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let config = maya.get_json("/api/rtc/config").await;
    let servers = config["iceServers"].as_array().unwrap();
    assert_eq!(servers.len(), 2);
    for server in servers {
        let urls = server["urls"].as_array().unwrap();
        assert!(urls[0].as_str().unwrap().starts_with("stun:"), "{server}");
        assert!(server.get("username").is_none() && server.get("credential").is_none());
    }
}

async fn with_turn_the_credential_verifies_with_the_secret_and_expires_in_a_day(backend: Backend) {
    const SECRET: &str = "coturn-static-auth-secret";
    let app = spawn_app_with(backend, |settings| {
        settings.turn_url = Some("turn:turn.example.com:3478,turns:turn.example.com:5349".into());
        settings.turn_secret = Some(SECRET.into());
    })
    .await;
    let maya = app.new_user("maya").await;
    let config = maya.get_json("/api/rtc/config").await;
    let servers = config["iceServers"].as_array().unwrap();
    assert_eq!(servers.len(), 3);
    let turn = &servers[2];
    assert_eq!(
        turn["urls"],
        json!(["turn:turn.example.com:3478", "turns:turn.example.com:5349"])
    );
    let username = turn["username"].as_str().unwrap();
    let (expiry, user) = username.split_once(':').unwrap();
    assert_eq!(user, maya.id.to_string());
    let now = chrono::Utc::now().timestamp();
    let expiry: i64 = expiry.parse().unwrap();
    assert!(
        (now + 86_400 - 5..=now + 86_400 + 5).contains(&expiry),
        "{expiry} vs {now}"
    );
    // What the TURN server does: HMAC-SHA1 of the username with the shared secret.
    let mut mac = Hmac::<Sha1>::new_from_slice(SECRET.as_bytes()).unwrap();
    mac.update(username.as_bytes());
    let credential = base64::engine::general_purpose::STANDARD
        .decode(turn["credential"].as_str().unwrap())
        .unwrap();
    mac.verify_slice(&credential)
        .expect("the credential verifies with the secret");
    // Another user gets their own.
    let leo = app.new_user("leo").await;
    let theirs: Value = leo.get_json("/api/rtc/config").await;
    assert_ne!(theirs["iceServers"][2]["credential"], turn["credential"]);
}

async fn the_config_needs_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    assert_eq!(
        error_of(app.anonymous().get("/api/rtc/config").await)
            .await
            .0,
        401
    );
}
