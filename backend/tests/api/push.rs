//! Web Push (issue 21, docs/push.md) against a push service stand-in: an HTTP server on
//! 127.0.0.1 inside the test (the app runs with `push_allow_loopback`) that takes the POST,
//! checks its VAPID JWT against the key GET /api/push/vapid-public-key answers, and decrypts
//! the body with the subscription's private key and auth secret (RFC 8291), as a browser would.
//! Pushes are queued through `atelier::platform::push::enqueue`, the function the notifications call.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use atelier::platform::push::wire::PushPayload;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jwt_simple::prelude::{Clock as JwtClock, VerificationOptions};
use jwt_simple::prelude::{ECDSAP256PublicKeyLike, ES256PublicKey, NoCustomClaims};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};

both_backends!(
    the_vapid_public_key_needs_a_session_and_is_kept_across_restarts,
    a_given_vapid_key_is_the_one_served,
    subscribing_answers_201_then_200_and_moves_the_endpoint_to_its_new_owner,
    a_push_reaches_the_service_signed_with_vapid_and_encrypted_for_the_browser,
    a_push_goes_to_every_subscription_of_the_user_and_no_one_else,
    a_410_from_the_push_service_deletes_the_subscription,
    a_500_from_the_push_service_is_retried_after_the_backoff,
    queued_pushes_are_sent_after_a_restart,
    unsubscribing_ends_only_the_callers_own_subscription,
    endpoints_that_are_not_https_to_a_public_address_are_refused,
    malformed_keys_are_refused_and_nothing_is_stored,
    notifications_and_messages_are_pushed_to_whoever_has_no_socket_open,
);

const SUBJECT: &str = "mailto:admin@atelier.local";

/// One POST the push service received.
#[derive(Debug)]
struct Received {
    path: String,
    authorization: String,
    content_encoding: String,
    ttl: String,
    body: Vec<u8>,
}

/// The push service stand-in: records each POST and answers the next queued status (201 when
/// none is queued).
struct PushService {
    /// `http://127.0.0.1:PORT`
    origin: String,
    received: mpsc::UnboundedReceiver<Received>,
    answers: Arc<Mutex<VecDeque<u16>>>,
}

#[derive(Clone)]
struct Service {
    sent: mpsc::UnboundedSender<Received>,
    answers: Arc<Mutex<VecDeque<u16>>>,
}

async fn receive(
    State(service): State<Service>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let _ = service.sent.send(Received {
        path: uri.path().to_owned(),
        authorization: header("authorization"),
        content_encoding: header("content-encoding"),
        ttl: header("ttl"),
        body: body.to_vec(),
    });
    let answer = service.answers.lock().unwrap().pop_front().unwrap_or(201);
    StatusCode::from_u16(answer).unwrap()
}

impl PushService {
    async fn start() -> PushService {
        let (sent, received) = mpsc::unbounded_channel();
        let answers = Arc::new(Mutex::new(VecDeque::new()));
        let router = axum::Router::new()
            .route("/push/{id}", axum::routing::post(receive))
            .with_state(Service {
                sent,
                answers: answers.clone(),
            });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        PushService {
            origin,
            received,
            answers,
        }
    }

    /// The next push it receives (within 10 s).
    async fn next(&mut self) -> Received {
        tokio::time::timeout(Duration::from_secs(10), self.received.recv())
            .await
            .expect("a push arrives within 10 s")
            .expect("the stand-in runs")
    }

    /// Nothing was received (after a drain the test ran itself).
    fn assert_none(&mut self) {
        if let Ok(push) = self.received.try_recv() {
            panic!("no push expected, got one to {}", push.path);
        }
    }

    fn answer_next(&self, status: u16) {
        self.answers.lock().unwrap().push_back(status);
    }
}

/// A browser's subscription: its key pair and auth secret, as the browser keeps them.
struct Browser {
    endpoint: String,
    keys: Box<dyn ece::LocalKeyPair>,
    auth: [u8; 16],
}

impl Browser {
    fn new(service: &PushService, name: &str) -> Browser {
        let (keys, auth) = ece::generate_keypair_and_auth_secret().unwrap();
        Browser {
            endpoint: format!("{}/push/{name}", service.origin),
            keys,
            auth,
        }
    }

    /// `PushSubscription.toJSON()`.
    fn subscription(&self) -> Value {
        json!({
            "endpoint": self.endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(self.keys.pub_as_raw().unwrap()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            }
        })
    }

    /// What the service worker gets: the body decrypted with this browser's keys.
    fn decrypt(&self, push: &Received) -> PushPayload {
        assert_eq!(push.content_encoding, "aes128gcm");
        let components = self.keys.raw_components().unwrap();
        let plain = ece::decrypt(&components, &self.auth, &push.body).expect("decrypts");
        serde_json::from_slice(&plain).expect("a JSON payload")
    }
}

async fn subscribe(user: &TestUser, browser: &Browser) -> reqwest::Response {
    user.post_json("/api/push/subscriptions", &browser.subscription())
        .await
}

async fn subscribed(user: &TestUser, browser: &Browser) {
    let response = subscribe(user, browser).await;
    assert!(
        response.status().is_success(),
        "subscribing: {}",
        response.status()
    );
}

async fn unsubscribe(user: &TestUser, endpoint: &str) -> reqwest::Response {
    user.client
        .delete(user.url("/api/push/subscriptions"))
        .json(&json!({"endpoint": endpoint}))
        .send()
        .await
        .unwrap()
}

fn payload(text: &str) -> PushPayload {
    PushPayload {
        title: Some("Atelier".to_owned()),
        text: text.to_owned(),
        actors: vec!["leo display".to_owned()],
        url: "/p/7".to_owned(),
        tag: Some("like-post-7".to_owned()),
    }
}

/// Queues a push for `user_id` as a handler does: `enqueue` in a write transaction, commit,
/// wake.
async fn push_to(app: &TestApp, user_id: i64, payload: &PushPayload) {
    let db = app.db().await;
    let mut tx = db.begin_write().await.unwrap();
    atelier::platform::push::enqueue(&mut tx, user_id, payload)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    db.pool.close().await;
    app.wake_push();
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    let db = app.db().await;
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&db.pool).await.unwrap();
    db.pool.close().await;
    n
}

async fn subscriptions(app: &TestApp) -> i64 {
    count(app, "SELECT COUNT(*) FROM push_subscriptions").await
}

async fn outbox(app: &TestApp) -> i64 {
    count(app, "SELECT COUNT(*) FROM push_outbox").await
}

/// Waits (up to 10 s) until `check` holds: the drainer records an answer after sending it.
async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..100 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what}: not within 10 s");
}

async fn loopback_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |settings| settings.push_allow_loopback = true).await
}

async fn vapid_public_key(user: &TestUser) -> String {
    let answer = user.get_json("/api/push/vapid-public-key").await;
    answer["publicKey"].as_str().expect("publicKey").to_owned()
}

async fn the_vapid_public_key_needs_a_session_and_is_kept_across_restarts(backend: Backend) {
    let app = spawn_app(backend).await;
    let anonymous = app.anonymous().get("/api/push/vapid-public-key").await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    let maya = app.new_user("maya").await;
    let key = vapid_public_key(&maya).await;
    let point = URL_SAFE_NO_PAD.decode(&key).expect("base64url");
    assert_eq!(point.len(), 65, "an uncompressed P-256 point");
    assert_eq!(point[0], 4);
    assert!(p256::PublicKey::from_sec1_bytes(&point).is_ok());

    let app = app.restart().await;
    let maya = maya.clone_on(&app);
    assert_eq!(vapid_public_key(&maya).await, key, "the stored key is kept");
}

async fn a_given_vapid_key_is_the_one_served(backend: Backend) {
    use p256::elliptic_curve::sec1::ToEncodedPoint;
    let private = "IQ9Ur0ykXoHS9gzfYX0aBjy9lvdrjx_PFUXmie9YRcY";
    let app = spawn_app_with(backend, |settings| {
        settings.vapid_private_key = Some(private.to_owned());
    })
    .await;
    let maya = app.new_user("maya").await;
    let secret = p256::SecretKey::from_slice(&URL_SAFE_NO_PAD.decode(private).unwrap()).unwrap();
    let expected = secret.public_key().to_encoded_point(false);
    assert_eq!(
        vapid_public_key(&maya).await,
        URL_SAFE_NO_PAD.encode(expected.as_bytes())
    );
}

async fn subscribing_answers_201_then_200_and_moves_the_endpoint_to_its_new_owner(
    backend: Backend,
) {
    let app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let browser = Browser::new(&service, "shared-laptop");

    let anonymous = app
        .anonymous()
        .post_json("/api/push/subscriptions", &browser.subscription())
        .await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    let first = subscribe(&maya, &browser).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let body: Value = first.json().await.unwrap();
    assert_eq!(body["endpoint"], browser.endpoint);
    assert_eq!(
        subscribe(&maya, &browser).await.status(),
        StatusCode::OK,
        "the same endpoint again"
    );
    assert_eq!(subscriptions(&app).await, 1);

    // The laptop changes hands: Leo signs in on it and subscribes.
    assert_eq!(subscribe(&leo, &browser).await.status(), StatusCode::OK);
    assert_eq!(subscriptions(&app).await, 1);
    push_to(&app, maya.id, &payload("for maya")).await;
    assert_eq!(outbox(&app).await, 0, "Maya has no subscription left");
    push_to(&app, leo.id, &payload("for leo")).await;
    let push = service.next().await;
    assert_eq!(browser.decrypt(&push).text, "for leo");
}

async fn a_push_reaches_the_service_signed_with_vapid_and_encrypted_for_the_browser(
    backend: Backend,
) {
    let app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let browser = Browser::new(&service, "maya-phone");
    subscribed(&maya, &browser).await;
    let public_key = vapid_public_key(&maya).await;

    push_to(&app, maya.id, &payload("leo display liked your post")).await;
    let push = service.next().await;

    assert_eq!(push.path, "/push/maya-phone");
    assert_eq!(push.ttl, "86400");
    // Authorization: vapid t=<JWT>, k=<the server's public key> (RFC 8292).
    let (token, key) = push
        .authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .unwrap_or_else(|| panic!("a VAPID header: {:?}", push.authorization));
    assert_eq!(key, public_key, "k is the key browsers subscribed with");
    let verifier = ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(key).unwrap()).unwrap();
    let options = VerificationOptions {
        allowed_audiences: Some(HashSet::from([service.origin.clone()])),
        required_subject: Some(SUBJECT.to_owned()),
        ..Default::default()
    };
    let claims = verifier
        .verify_token::<NoCustomClaims>(token, Some(options))
        .expect("an ES256 JWT signed by the server's key, for the endpoint's origin");
    let expires = claims.expires_at.expect("an exp claim");
    let now = JwtClock::now_since_epoch();
    assert!(expires > now, "exp is in the future");
    assert!(
        expires <= now + jwt_simple::prelude::Duration::from_hours(24),
        "exp at most 24 h ahead (RFC 8292)"
    );

    assert_eq!(
        browser.decrypt(&push),
        payload("leo display liked your post")
    );
    eventually("the delivered push leaves the outbox", || async {
        outbox(&app).await == 0
    })
    .await;
}

async fn a_push_goes_to_every_subscription_of_the_user_and_no_one_else(backend: Backend) {
    let app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let phone = Browser::new(&service, "maya-phone");
    let laptop = Browser::new(&service, "maya-laptop");
    let leos = Browser::new(&service, "leo-phone");
    for (user, browser) in [(&maya, &phone), (&maya, &laptop), (&leo, &leos)] {
        subscribed(user, browser).await;
    }

    push_to(&app, maya.id, &payload("two devices")).await;
    let mut paths = [service.next().await, service.next().await];
    paths.sort_by(|a, b| a.path.cmp(&b.path));
    assert_eq!(paths[0].path, "/push/maya-laptop");
    assert_eq!(laptop.decrypt(&paths[0]).text, "two devices");
    assert_eq!(paths[1].path, "/push/maya-phone");
    assert_eq!(phone.decrypt(&paths[1]).text, "two devices");
    eventually("both pushes leave the outbox", || async {
        outbox(&app).await == 0
    })
    .await;
    app.drain_push().await;
    service.assert_none();
}

async fn a_410_from_the_push_service_deletes_the_subscription(backend: Backend) {
    let app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let browser = Browser::new(&service, "expired");
    subscribed(&maya, &browser).await;

    service.answer_next(410);
    push_to(&app, maya.id, &payload("first")).await;
    service.next().await;
    eventually("the gone subscription is deleted", || async {
        subscriptions(&app).await == 0
    })
    .await;
    assert_eq!(outbox(&app).await, 0);

    push_to(&app, maya.id, &payload("second")).await;
    assert_eq!(outbox(&app).await, 0, "nothing is queued for her any more");
    app.drain_push().await;
    service.assert_none();
}

async fn a_500_from_the_push_service_is_retried_after_the_backoff(backend: Backend) {
    let app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let browser = Browser::new(&service, "flaky");
    subscribed(&maya, &browser).await;

    service.answer_next(500);
    push_to(&app, maya.id, &payload("try again")).await;
    assert_eq!(browser.decrypt(&service.next().await).text, "try again");
    eventually("the failed push waits for its retry", || async {
        count(&app, "SELECT COUNT(*) FROM push_outbox WHERE attempts = 1").await == 1
    })
    .await;
    // Not before its time (30 s by the app's clock)…
    app.drain_push().await;
    service.assert_none();
    // …then again, and delivered.
    app.advance_clock(Duration::from_secs(31));
    app.drain_push().await;
    assert_eq!(browser.decrypt(&service.next().await).text, "try again");
    assert_eq!(outbox(&app).await, 0);
    assert_eq!(subscriptions(&app).await, 1, "a 500 keeps the subscription");
}

async fn queued_pushes_are_sent_after_a_restart(backend: Backend) {
    let mut app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let browser = Browser::new(&service, "maya-phone");
    subscribed(&maya, &browser).await;

    // Queued while the server is down (as if it stopped right after a commit).
    app.stop().await;
    push_to(&app, maya.id, &payload("waited for you")).await;
    assert_eq!(outbox(&app).await, 1);
    let app = app.restart().await;

    assert_eq!(
        browser.decrypt(&service.next().await).text,
        "waited for you"
    );
    eventually("the delivered push leaves the outbox", || async {
        outbox(&app).await == 0
    })
    .await;
}

async fn unsubscribing_ends_only_the_callers_own_subscription(backend: Backend) {
    let app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let browser = Browser::new(&service, "maya-phone");
    subscribed(&maya, &browser).await;

    let anonymous = app
        .anonymous()
        .client
        .delete(app.url("/api/push/subscriptions"))
        .json(&json!({"endpoint": browser.endpoint}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    // Someone else's endpoint: 204, and nothing changes.
    assert_eq!(
        unsubscribe(&leo, &browser.endpoint).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(subscriptions(&app).await, 1);
    push_to(&app, maya.id, &payload("still here")).await;
    assert_eq!(browser.decrypt(&service.next().await).text, "still here");

    assert_eq!(
        unsubscribe(&maya, &browser.endpoint).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(subscriptions(&app).await, 0);
    assert_eq!(
        unsubscribe(&maya, &browser.endpoint).await.status(),
        StatusCode::NO_CONTENT,
        "again: nothing to end"
    );
    push_to(&app, maya.id, &payload("gone")).await;
    assert_eq!(outbox(&app).await, 0);
}

async fn endpoints_that_are_not_https_to_a_public_address_are_refused(backend: Backend) {
    // The default configuration: no loopback endpoints.
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let (keys, auth) = ece::generate_keypair_and_auth_secret().unwrap();
    let keys = json!({"p256dh": URL_SAFE_NO_PAD.encode(keys.pub_as_raw().unwrap()),
                      "auth": URL_SAFE_NO_PAD.encode(auth)});
    for (endpoint, message) in [
        (
            "http://example.com/push/1",
            "The push endpoint must be an https URL",
        ),
        (
            "ftp://example.com/push/1",
            "The push endpoint must be an https URL",
        ),
        (
            "https://127.0.0.1/push/1",
            "The push endpoint must be at a public address",
        ),
        (
            "https://10.0.0.1/push/1",
            "The push endpoint must be at a public address",
        ),
        (
            "https://192.168.1.20/push/1",
            "The push endpoint must be at a public address",
        ),
        (
            "https://[::1]/push/1",
            "The push endpoint must be at a public address",
        ),
        (
            "https://[fd00::1]/push/1",
            "The push endpoint must be at a public address",
        ),
        (
            "https://[::ffff:127.0.0.1]/push/1",
            "The push endpoint must be at a public address",
        ),
        (
            "https://169.254.169.254/latest/meta-data",
            "The push endpoint must be at a public address",
        ),
        (
            "https://100.64.0.1/push/1",
            "The push endpoint must be at a public address",
        ),
        // A name that resolves to loopback.
        (
            "https://localhost/push/1",
            "The push endpoint must be at a public address",
        ),
        (
            "http://127.0.0.1:9/push/1",
            "The push endpoint must be an https URL",
        ),
        ("not a url", "The push endpoint is not a valid URL"),
        (
            "https://user:secret@push.example.com/1",
            "The push endpoint is not a valid URL",
        ),
    ] {
        let response = maya
            .post_json(
                "/api/push/subscriptions",
                &json!({"endpoint": endpoint, "keys": keys}),
            )
            .await;
        let (status, text, code) = error_of(response).await;
        assert_eq!(
            (status, text.as_str(), code.as_str()),
            (400, message, "invalid_input"),
            "{endpoint}"
        );
    }
    assert_eq!(subscriptions(&app).await, 0, "nothing stored");
}

async fn malformed_keys_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = loopback_app(backend).await;
    let service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let browser = Browser::new(&service, "maya-phone");
    let good = browser.subscription();
    let p256dh = good["keys"]["p256dh"].as_str().unwrap().to_owned();
    let auth = good["keys"]["auth"].as_str().unwrap().to_owned();
    let off_curve = URL_SAFE_NO_PAD.encode([&[4u8][..], &[1u8; 64][..]].concat());
    let compressed = URL_SAFE_NO_PAD.encode(&URL_SAFE_NO_PAD.decode(&p256dh).unwrap()[..33]);
    let short_auth = URL_SAFE_NO_PAD.encode([9u8; 12]);
    let p256dh_invalid =
        "The push subscription's p256dh key must be a P-256 public key (65 bytes, base64url)";
    let auth_invalid = "The push subscription's auth secret must be 16 bytes (base64url)";
    for (p, a, message) in [
        ("AAAA", auth.as_str(), p256dh_invalid),
        ("not base64 at all!", auth.as_str(), p256dh_invalid),
        (off_curve.as_str(), auth.as_str(), p256dh_invalid),
        (compressed.as_str(), auth.as_str(), p256dh_invalid),
        (p256dh.as_str(), short_auth.as_str(), auth_invalid),
        (p256dh.as_str(), "", auth_invalid),
    ] {
        let response = maya
            .post_json(
                "/api/push/subscriptions",
                &json!({"endpoint": browser.endpoint, "keys": {"p256dh": p, "auth": a}}),
            )
            .await;
        let (status, text, _) = error_of(response).await;
        assert_eq!((status, text.as_str()), (400, message), "{p} / {a}");
    }
    let no_keys = maya
        .post_json(
            "/api/push/subscriptions",
            &json!({"endpoint": browser.endpoint}),
        )
        .await;
    assert_eq!(no_keys.status(), StatusCode::BAD_REQUEST);
    assert_eq!(subscriptions(&app).await, 0, "nothing stored");
}

/// The notifications and chat push (issue 21): a notification or a message reaches the
/// browsers of someone with no socket open, as their settings allow; an open app hears its
/// socket instead.
async fn notifications_and_messages_are_pushed_to_whoever_has_no_socket_open(backend: Backend) {
    use crate::sockets::{close_and_wait, connect, conversation, next_of};

    let app = loopback_app(backend).await;
    let mut service = PushService::start().await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let browser = Browser::new(&service, "maya-phone");
    subscribed(&maya, &browser).await;
    let post = crate::tags::post_with(&maya, "Kiln day", &[]).await["id"]
        .as_i64()
        .unwrap();

    // Maya's app is closed: Leo's like is pushed.
    let liked = leo.post(&format!("/api/posts/{post}/like")).await;
    assert_eq!(liked.status(), 200);
    let pushed = browser.decrypt(&service.next().await);
    assert_eq!(pushed.text, "leo liked your post");
    assert_eq!(pushed.url, format!("/p/{post}"));
    assert_eq!(pushed.actors, ["leo display"]);
    assert_eq!(pushed.tag.as_deref(), Some(&*format!("like-post-{post}")));

    // Her app is open: the socket hears the comment, nothing is pushed.
    let mut socket = connect(&app, &maya).await;
    let commented = leo
        .post_json(
            &format!("/api/posts/{post}/comments"),
            &json!({"content": "So good"}),
        )
        .await;
    assert_eq!(commented.status(), 201);
    next_of(&mut socket, "notification").await;
    app.drain_push().await;
    service.assert_none();
    close_and_wait(socket).await;

    // A message while she is away.
    let id = conversation(&leo, &maya).await;
    let send = async || {
        let sent = leo
            .post_json(
                &format!("/api/conversations/{id}/messages"),
                &json!({"content": "hello"}),
            )
            .await;
        assert_eq!(sent.status(), 201);
    };
    send().await;
    let pushed = browser.decrypt(&service.next().await);
    assert_eq!(pushed.text, "leo display: hello");
    assert_eq!(pushed.url, format!("/chat/{id}"));

    // Chat Message Notifications off: messages are not pushed, likes still are; Push
    // Notifications off: nothing is.
    let save = async |body: Value| {
        let response = maya
            .client
            .put(maya.url("/api/user/settings"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    };
    save(json!({"chatMessageNotifications": false})).await;
    send().await;
    app.drain_push().await;
    service.assert_none();
    let unliked = leo.post(&format!("/api/posts/{post}/like")).await;
    assert_eq!(unliked.status(), 200);
    let other = crate::tags::post_with(&maya, "Glaze day", &[]).await["id"]
        .as_i64()
        .unwrap();
    leo.post(&format!("/api/posts/{other}/like")).await;
    assert_eq!(
        browser.decrypt(&service.next().await).url,
        format!("/p/{other}")
    );
    save(json!({"pushNotifications": false})).await;
    leo.post(&format!("/api/posts/{post}/like")).await;
    send().await;
    app.drain_push().await;
    service.assert_none();
}
