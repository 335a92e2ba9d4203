//! WebSocket clients for the realtime and scale-out tests: a signed-in socket, waiting for an
//! event, showing that none came (up to a pong or another marker, never a timed silence), and
//! the conversation two users chat in.

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

/// Sends a ping and reads up to its pong, failing on an event of one of `kinds` before it (other
/// events may come: presence of a socket that opened just before, say), or when the socket
/// closes or no pong comes in time: a dead socket proves nothing. The server handles a
/// socket's frames in order and writes the events queued for it before its own replies
/// (realtime/socket.rs), so whatever this socket would have been told by an act that has
/// finished (an HTTP answer received, an earlier frame of this socket handled, a reply to
/// another socket received) is here before the pong.
pub async fn assert_quiet_until_pong(socket: &mut Socket, kinds: &[&str]) {
    send_ping(socket).await;
    none_before(socket, Some(kinds), "pong").await;
}

/// Like `assert_quiet_until_pong`, failing on any event at all before the pong.
pub async fn assert_silent_until_pong(socket: &mut Socket) {
    send_ping(socket).await;
    none_before(socket, None, "pong").await;
}

/// Reads up to the next event of kind `until` (a marker the test caused after the act, where
/// a pong is no proof: an event relayed through Redis from another instance) and answers it,
/// failing on an event of one of `kinds` before it, or when the socket closes or `until`
/// does not come in time.
pub async fn assert_none_before(socket: &mut Socket, kinds: &[&str], until: &str) -> Value {
    none_before(socket, Some(kinds), until).await
}

async fn send_ping(socket: &mut Socket) {
    socket
        .send(Message::text(json!({"type": "ping"}).to_string()))
        .await
        .expect("the socket takes a ping");
}

/// `forbidden`: the kinds that fail the test, or `None` for every kind.
async fn none_before(socket: &mut Socket, forbidden: Option<&[&str]>, until: &str) -> Value {
    loop {
        let event = next_event(socket).await;
        if event["type"] == until {
            return event;
        }
        let kind = event["type"].as_str().unwrap_or_default();
        assert!(
            forbidden.is_some_and(|kinds| !kinds.contains(&kind)),
            "unexpected {event} before {until}"
        );
    }
}

/// Closes `socket` and waits until the server has finished with it: the server hangs up only
/// after the socket's last acts (presence, the calls it held) are done and published.
pub async fn close_and_wait(mut socket: Socket) {
    socket.close(None).await.expect("the socket closes");
    tokio::time::timeout(EXPECT_WITHIN, async {
        while let Some(Ok(_)) = socket.next().await {}
    })
    .await
    .expect("the server hangs up in time");
}

pub async fn conversation(a: &TestUser, b: &TestUser) -> i64 {
    let response = a
        .post_json("/api/conversations", &json!({"otherUserId": b.id}))
        .await;
    let body: Value = response.json().await.unwrap();
    body["id"].as_i64().unwrap()
}

/// `who` accepts the message request that `conversation` is for them (issue 43): a one-to-one
/// conversation started by someone they don't follow lands in their Requests until then.
pub async fn accept(who: &TestUser, conversation: i64) {
    let response = who
        .post(&format!("/api/conversations/{conversation}/accept"))
        .await;
    assert_eq!(response.status(), 200, "accepting {conversation}");
}

/// `who` sends `text` into `conversation`; answers the message's id.
pub async fn send_text(who: &TestUser, conversation: i64, text: &str) -> i64 {
    let response = who
        .post_json(
            &format!("/api/conversations/{conversation}/messages"),
            &json!({"content": text}),
        )
        .await;
    assert_eq!(response.status(), 201, "sending {text}");
    response.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap()
}

/// `who` moves their read pointer in `conversation` to `message`; answers the status.
pub async fn read_to(who: &TestUser, conversation: i64, message: i64) -> u16 {
    who.post_json(
        &format!("/api/conversations/{conversation}/read"),
        &json!({"messageId": message}),
    )
    .await
    .status()
    .as_u16()
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
