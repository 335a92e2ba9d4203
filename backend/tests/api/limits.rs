//! Per-user content limits (issue 20): posts, reels and stories share one allowance an hour;
//! comments, messages, follows and reports have their own. Over a limit the answer is 429 with
//! Retry-After and a message that says which, and nothing is stored; other users and other
//! acts go on. `--no-content-limits` turns them all off.
//!
//! Limits that hold (issue 39): sockets per user, sign-in guesses per account and address, and
//! the deadlines of slow connections. (Across instances: tests/api/cluster.rs.)

use std::net::IpAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::bad_input::post_reel;
use crate::both_backends;
use crate::helpers::{Backend, PASSWORD, TestApp, TestUser, error_of, spawn_app, spawn_app_with};
use crate::image_server::image_url;
use crate::sockets::{EXPECT_WITHIN, Socket, close_and_wait, connect, conversation, next_of};

both_backends!(
    posts_reels_and_stories_share_thirty_an_hour_then_429_and_nothing_is_stored,
    comments_messages_follows_and_reports_each_have_a_limit_of_their_own,
    no_content_limits_turns_every_limit_off,
    a_user_holds_sixteen_sockets_the_seventeenth_is_closed_4008_and_the_oldest_keep_working,
    sign_in_guesses_count_per_account_whichever_spelling_and_never_lock_the_owner_out_elsewhere,
    behind_a_trusted_proxy_sign_in_guesses_count_per_forwarded_client_and_a_forged_header_counts_for_nothing,
    a_connection_whose_headers_never_finish_is_closed_after_the_header_timeout,
    a_request_body_that_stops_arriving_is_answered_408_and_its_connection_closed,
    an_idle_kept_alive_connection_outlives_the_header_timeout_and_closes_after_its_own,
);

fn post_body(caption: &str) -> Value {
    json!({"caption": caption, "imageUrl": image_url("work.jpg")})
}

async fn posts_of(user: &TestUser, author: i64) -> usize {
    user.get_json(&format!("/api/posts/user/{author}?limit=100"))
        .await
        .as_array()
        .expect("a list")
        .len()
}

/// The 429's Retry-After (seconds) and its message.
async fn refused(response: reqwest::Response) -> (u64, String) {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let (_, message, code) = error_of(response).await;
    assert_eq!(code, "rate_limited");
    (retry_after, message)
}

async fn posts_reels_and_stories_share_thirty_an_hour_then_429_and_nothing_is_stored(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    assert_eq!(
        post_reel(&app, &maya, "loop").await.status(),
        StatusCode::CREATED
    );
    let story = maya
        .post_json("/api/stories", &json!({"content": image_url("s.jpg")}))
        .await;
    assert_eq!(story.status(), StatusCode::CREATED);
    for n in 0..28 {
        maya.create_post(&format!("work {n}")).await;
    }

    // The 31st of the hour, whichever kind, is refused and stores nothing.
    let (retry_after, message) =
        refused(maya.post_json("/api/posts", &post_body("one more")).await).await;
    assert_eq!(message, "You're posting too often. Please try again later.");
    // One more comes back after an hour / 30 = 2 minutes at most.
    assert!(
        (1..=120).contains(&retry_after),
        "Retry-After {retry_after}"
    );
    refused(post_reel(&app, &maya, "another loop").await).await;
    let story = maya
        .post_json("/api/stories", &json!({"content": image_url("t.jpg")}))
        .await;
    refused(story).await;
    assert_eq!(posts_of(&leo, maya.id).await, 28);
    let reels = leo.get_json(&format!("/api/reels/user/{}", maya.id)).await;
    assert_eq!(reels.as_array().unwrap().len(), 1);

    // Someone else still posts, and Maya still comments.
    leo.create_post("mine").await;
    let post = leo.create_post("mine too").await;
    let comment = maya
        .post_json(
            &format!("/api/posts/{}/comments", post["id"]),
            &json!({"content": "lovely"}),
        )
        .await;
    assert_eq!(comment.status(), StatusCode::CREATED);
}

async fn comments_messages_follows_and_reports_each_have_a_limit_of_their_own(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.limit_comments_per_10_min = 3;
        s.limit_messages_per_10_s = 2;
        s.limit_follows_per_hour = 2;
        s.limit_reports_per_hour = 2;
    })
    .await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let dan = app.new_user("dan").await;
    let post = leo.create_post("harbour").await;
    let comments = format!("/api/posts/{}/comments", post["id"]);

    for n in 0..3 {
        let sent = maya
            .post_json(&comments, &json!({"content": format!("c{n}")}))
            .await;
        assert_eq!(sent.status(), StatusCode::CREATED);
    }
    let (_, message) = refused(maya.post_json(&comments, &json!({"content": "c3"})).await).await;
    assert_eq!(
        message,
        "You're commenting too often. Please try again later."
    );
    assert_eq!(leo.get_json(&comments).await.as_array().unwrap().len(), 3);
    let again = leo
        .post_json(&comments, &json!({"content": "thanks"}))
        .await;
    assert_eq!(again.status(), StatusCode::CREATED, "Leo's own allowance");

    let chat = conversation(&maya, &leo).await;
    let messages = format!("/api/conversations/{chat}/messages");
    for n in 0..2 {
        let sent = maya
            .post_json(&messages, &json!({"content": format!("m{n}")}))
            .await;
        assert_eq!(sent.status(), StatusCode::CREATED);
    }
    let (retry_after, message) =
        refused(maya.post_json(&messages, &json!({"content": "m2"})).await).await;
    assert_eq!(
        message,
        "You're sending messages too fast. Please slow down."
    );
    assert!((1..=5).contains(&retry_after), "Retry-After {retry_after}");
    // A share into the chat is a message too.
    let share = maya
        .post_json(
            &format!("/api/posts/{}/share", post["id"]),
            &json!({"conversationId": chat}),
        )
        .await;
    refused(share).await;
    assert_eq!(leo.get_json(&messages).await.as_array().unwrap().len(), 2);

    for user in [&leo, &sofia] {
        let followed = maya.post(&format!("/api/users/{}/follow", user.id)).await;
        assert_eq!(followed.status(), StatusCode::OK);
    }
    let (_, message) = refused(maya.post(&format!("/api/users/{}/follow", dan.id)).await).await;
    assert_eq!(
        message,
        "You're following too many accounts too quickly. Please try again later."
    );
    let status = maya
        .get_json(&format!("/api/users/{}/follow-status", dan.id))
        .await;
    assert_eq!(status["isFollowing"], false);
    // Unfollowing is never limited.
    let unfollowed = maya.delete(&format!("/api/users/{}/follow", leo.id)).await;
    assert_eq!(unfollowed.status(), StatusCode::OK);

    let report = |target: i64| json!({"targetType": "user", "targetId": target, "reason": "spam"});
    for user in [&leo, &sofia] {
        let sent = maya.post_json("/api/reports", &report(user.id)).await;
        assert_eq!(sent.status(), StatusCode::CREATED);
    }
    let (_, message) = refused(maya.post_json("/api/reports", &report(dan.id)).await).await;
    assert_eq!(
        message,
        "You've sent a lot of reports. Please try again later."
    );
    let sent = sofia.post_json("/api/reports", &report(dan.id)).await;
    assert_eq!(sent.status(), StatusCode::CREATED, "Sofia's own allowance");
}

async fn no_content_limits_turns_every_limit_off(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.limit_posts_per_hour = 1;
        s.limit_comments_per_10_min = 1;
        s.no_content_limits = true;
    })
    .await;
    let maya = app.new_user("maya").await;
    for n in 0..3 {
        let post = maya.create_post(&format!("work {n}")).await;
        for m in 0..2 {
            let sent = maya
                .post_json(
                    &format!("/api/posts/{}/comments", post["id"]),
                    &json!({"content": format!("c{m}")}),
                )
                .await;
            assert_eq!(sent.status(), StatusCode::CREATED);
        }
    }
}

/// The close frame a socket's next message is (pings skipped): its code and reason.
pub async fn closed_with(socket: &mut Socket) -> (u16, String) {
    loop {
        let message = tokio::time::timeout(EXPECT_WITHIN, socket.next())
            .await
            .expect("a frame in time")
            .expect("socket open")
            .expect("a frame");
        match message {
            Message::Close(Some(frame)) => return (frame.code.into(), frame.reason.to_string()),
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}

/// A socket the server accepts (101), before any frame.
pub async fn open_socket(app: &TestApp, user: &TestUser) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::http::HeaderValue;
    let mut request = app
        .url("/ws")
        .replacen("http", "ws", 1)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", HeaderValue::from_str(&user.cookie).unwrap());
    tokio_tungstenite::connect_async(request)
        .await
        .expect("the upgrade is accepted")
        .0
}

/// Whether a socket answers a ping with a pong.
pub async fn answers(socket: &mut Socket) -> bool {
    socket
        .send(Message::text(json!({"type": "ping"}).to_string()))
        .await
        .is_ok()
        && next_of(socket, "pong").await["type"] == "pong"
}

async fn a_user_holds_sixteen_sockets_the_seventeenth_is_closed_4008_and_the_oldest_keep_working(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let mut sockets = Vec::new();
    for _ in 0..16 {
        sockets.push(connect(&app, &maya).await);
    }

    let mut seventeenth = open_socket(&app, &maya).await;
    let (code, reason) = closed_with(&mut seventeenth).await;

    assert_eq!(code, 4008);
    assert_eq!(reason, "Too many connections");
    assert!(
        answers(&mut sockets[0]).await,
        "the oldest socket still works"
    );
    assert!(answers(&mut sockets[15]).await);
    // Someone else is not affected, and a closed socket frees its place.
    let mut leos = connect(&app, &leo).await;
    assert!(answers(&mut leos).await);
    close_and_wait(sockets.pop().unwrap()).await;
    let mut again = open_socket(&app, &maya).await;
    assert!(answers(&mut again).await);
}

/// A browser whose connections come from `address` (any 127.x.y.z reaches the server on
/// 127.0.0.1): another device, or an attacker's machine.
fn browser_at(address: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(address.parse::<IpAddr>().unwrap())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

async fn sign_in(client: &reqwest::Client, app: &TestApp, body: Value) -> StatusCode {
    client
        .post(app.url("/api/auth/login"))
        .json(&body)
        .send()
        .await
        .expect("request sent")
        .status()
}

async fn sign_in_guesses_count_per_account_whichever_spelling_and_never_lock_the_owner_out_elsewhere(
    backend: Backend,
) {
    let app = spawn_app_with(backend, |s| {
        s.auth_limit_per_ip = 100;
        s.auth_limit_per_account = 10;
    })
    .await;
    app.new_user("maya").await;
    let attacker = browser_at("127.0.0.3");

    // Ten guesses, half by username and half by email, in any case: one allowance.
    for n in 0..5 {
        let by_name = json!({"username": "Maya", "password": format!("guess-{n}")});
        assert_eq!(sign_in(&attacker, &app, by_name).await, 401);
        let by_email = json!({"email": "MAYA@example.com", "password": format!("guess-{n}")});
        assert_eq!(sign_in(&attacker, &app, by_email).await, 401);
    }
    let eleventh = json!({"username": "maya", "password": "guess-11"});
    assert_eq!(sign_in(&attacker, &app, eleventh).await, 429);
    let by_email = json!({"email": "maya@example.com", "password": PASSWORD});
    assert_eq!(sign_in(&attacker, &app, by_email).await, 429);

    // Maya, on her phone elsewhere, signs in all the same.
    let phone = browser_at("127.0.0.2");
    let right = json!({"username": "maya", "password": PASSWORD});
    assert_eq!(sign_in(&phone, &app, right).await, StatusCode::OK);
}

/// A sign-in through a proxy at `proxy` that forwards for `forwarded_for`.
async fn sign_in_via(
    app: &TestApp,
    proxy: &reqwest::Client,
    forwarded_for: &str,
    body: Value,
) -> StatusCode {
    proxy
        .post(app.url("/api/auth/login"))
        .header("X-Forwarded-For", forwarded_for)
        .json(&body)
        .send()
        .await
        .expect("request sent")
        .status()
}

async fn behind_a_trusted_proxy_sign_in_guesses_count_per_forwarded_client_and_a_forged_header_counts_for_nothing(
    backend: Backend,
) {
    let app = spawn_app_with(backend, |s| {
        s.auth_limit_per_ip = 100;
        s.auth_limit_per_account = 5;
        s.trusted_proxies = vec!["127.0.0.4/32".parse().unwrap()];
    })
    .await;
    app.new_user("maya").await;
    let nginx = browser_at("127.0.0.4");

    // The attacker writes an address of their own choosing first; nginx appends theirs.
    for n in 0..5 {
        let guess = json!({"username": "maya", "password": format!("guess-{n}")});
        let forwarded = format!("198.51.100.{n}, 203.0.113.9");
        assert_eq!(sign_in_via(&app, &nginx, &forwarded, guess).await, 401);
    }
    let sixth = json!({"username": "maya", "password": "guess-6"});
    assert_eq!(
        sign_in_via(&app, &nginx, "198.51.100.77, 203.0.113.9", sixth).await,
        429
    );

    // Maya's own address, through the same proxy, was never guessing.
    let right = json!({"username": "maya", "password": PASSWORD});
    assert_eq!(
        sign_in_via(&app, &nginx, "192.0.2.10", right).await,
        StatusCode::OK
    );

    // A client that is not a trusted proxy cannot pick its address by the header.
    let direct = browser_at("127.0.0.5");
    for n in 0..5 {
        let guess = json!({"email": "maya@example.com", "password": format!("guess-{n}")});
        assert_eq!(
            sign_in_via(&app, &direct, &format!("192.0.2.{n}"), guess).await,
            401
        );
    }
    let forged = json!({"username": "maya", "password": PASSWORD});
    assert_eq!(sign_in_via(&app, &direct, "192.0.2.10", forged).await, 429);
}

/// A raw connection to the app.
async fn raw_connection(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .expect("the server accepts")
}

/// Reads until the server closes the connection; the bytes it sent and when it closed.
async fn read_until_closed(stream: &mut TcpStream) -> (String, Instant) {
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout(EXPECT_WITHIN, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => answer.extend_from_slice(&buffer[..n]),
            Err(_) => panic!("the connection is still open after {EXPECT_WITHIN:?}"),
        }
    }
    (
        String::from_utf8_lossy(&answer).into_owned(),
        Instant::now(),
    )
}

async fn a_connection_whose_headers_never_finish_is_closed_after_the_header_timeout(
    backend: Backend,
) {
    let app = spawn_app_with(backend, |s| {
        s.header_timeout_secs = 1;
        s.keep_alive_timeout_secs = 30;
    })
    .await;
    let mut silent = raw_connection(&app).await;
    let mut slow = raw_connection(&app).await;
    let started = Instant::now();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: atelier\r\nX-Slow: ")
        .await
        .unwrap();

    let (answer, closed_at) = read_until_closed(&mut slow).await;
    let (silent_answer, silent_closed_at) = read_until_closed(&mut silent).await;

    assert_eq!(answer, "", "closed without an answer");
    assert_eq!(silent_answer, "");
    let waited = closed_at - started;
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(5),
        "closed after {waited:?}"
    );
    assert!(silent_closed_at - started < Duration::from_secs(5));
}

async fn a_request_body_that_stops_arriving_is_answered_408_and_its_connection_closed(
    backend: Backend,
) {
    let app = spawn_app_with(backend, |s| s.body_timeout_secs = 1).await;
    let mut stream = raw_connection(&app).await;
    let started = Instant::now();
    stream
        .write_all(
            b"POST /api/auth/login HTTP/1.1\r\nHost: atelier\r\n\
              Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"username\":",
        )
        .await
        .unwrap();

    let (answer, closed_at) = read_until_closed(&mut stream).await;

    assert!(answer.starts_with("HTTP/1.1 408"), "answered {answer:?}");
    assert!(answer.contains("request_timeout"), "answered {answer:?}");
    let waited = closed_at - started;
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(5),
        "closed after {waited:?}"
    );
}

async fn an_idle_kept_alive_connection_outlives_the_header_timeout_and_closes_after_its_own(
    backend: Backend,
) {
    let app = spawn_app_with(backend, |s| {
        s.header_timeout_secs = 1;
        s.keep_alive_timeout_secs = 3;
    })
    .await;
    let mut stream = raw_connection(&app).await;
    let request = b"GET /healthz HTTP/1.1\r\nHost: atelier\r\n\r\n";
    stream.write_all(request).await.unwrap();
    let mut buffer = [0u8; 4096];
    let n = stream.read(&mut buffer).await.unwrap();
    assert!(buffer[..n].starts_with(b"HTTP/1.1 200"));
    let answered = Instant::now();

    // Past the header timeout, idle: still open, and it answers a second request.
    tokio::time::sleep(Duration::from_millis(1800)).await;
    stream.write_all(request).await.unwrap();
    let n = stream.read(&mut buffer).await.unwrap();
    assert!(buffer[..n].starts_with(b"HTTP/1.1 200"), "kept alive");
    let answered_again = Instant::now();

    let (_, closed_at) = read_until_closed(&mut stream).await;
    let idle = closed_at - answered_again;
    assert!(
        idle >= Duration::from_millis(2800) && idle < Duration::from_secs(6),
        "closed after {idle:?} idle"
    );
    assert!(answered_again - answered > Duration::from_secs(1));
}
