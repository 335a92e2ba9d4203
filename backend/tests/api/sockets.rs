//! WebSocket clients for the realtime and scale-out tests: a signed-in socket, waiting for an
//! event, showing that none comes, and the conversation two users chat in.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::helpers::{TestApp, TestUser};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a test waits for an event that should come (generous: CI machines are slow).
pub const EXPECT_WITHIN: Duration = Duration::from_secs(10);
/// How long a test listens to show that nothing comes.
pub const QUIET_FOR: Duration = Duration::from_millis(300);

pub async fn connect(app: &TestApp, user: &TestUser) -> Socket {
    let url = app.url("/ws").replacen("http", "ws", 1);
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("cookie", HeaderValue::from_str(&user.cookie).unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("socket opens");
    // The upgrade answer comes before the server has registered the socket with its hub; the
    // reply to a ping comes after, so once it is here the socket hears every later event.
    socket
        .send(Message::text(json!({"type": "ping"}).to_string()))
        .await
        .unwrap();
    // Events for the user may come first (a presence relayed through Redis from another
    // instance, say): they are not this test's business yet.
    next_of(&mut socket, "pong").await;
    socket
}

/// The next JSON event (pings skipped).
pub async fn next_event(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(EXPECT_WITHIN, socket.next())
            .await
            .expect("an event in time")
            .expect("socket open")
            .expect("a frame");
        match message {
            Message::Text(text) => return serde_json::from_str(&text).unwrap(),
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("unexpected frame {other:?}"),
        }
    }
}

/// The next event of `kind`, skipping others (presence of earlier connects, say).
pub async fn next_of(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let event = next_event(socket).await;
        if event["type"] == kind {
            return event;
        }
    }
}

/// The next event of each of `kinds`, in that order whatever order they come in (a reply to the
/// socket and an event for its user travel apart), skipping others.
pub async fn next_each(socket: &mut Socket, kinds: &[&str]) -> Vec<Value> {
    let mut found: Vec<Option<Value>> = vec![None; kinds.len()];
    while found.iter().any(Option::is_none) {
        let event = next_event(socket).await;
        if let Some(slot) = kinds.iter().position(|k| event["type"] == *k)
            && found[slot].is_none()
        {
            found[slot] = Some(event);
        }
    }
    found.into_iter().flatten().collect()
}

pub async fn assert_quiet(socket: &mut Socket) {
    if let Ok(Some(Ok(Message::Text(text)))) = tokio::time::timeout(QUIET_FOR, socket.next()).await
    {
        panic!("expected nothing, got {text}");
    }
}

/// Listens for a while and fails on an event of one of `kinds` (other events may come and go:
/// presence of a socket that opened just before, say).
pub async fn assert_none_of(socket: &mut Socket, kinds: &[&str]) {
    let _ = tokio::time::timeout(QUIET_FOR, async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message {
                let event: Value = serde_json::from_str(&text).unwrap();
                assert!(
                    !kinds.iter().any(|k| event["type"] == *k),
                    "unexpected {event}"
                );
            }
        }
    })
    .await;
}

pub async fn conversation(a: &TestUser, b: &TestUser) -> i64 {
    let response = a
        .post_json("/api/conversations", &json!({"otherUserId": b.id}))
        .await;
    let body: Value = response.json().await.unwrap();
    body["id"].as_i64().unwrap()
}

/// Waits until the server has taken the socket in (presence counted): its first answer comes
/// only after that.
pub async fn ready(socket: &mut Socket) {
    socket
        .send(Message::text(r#"{"type":"ping"}"#))
        .await
        .unwrap();
    next_of(socket, "pong").await;
}
