//! `GET /ws`: the socket of a signed-in user. Authenticated by the session cookie at the
//! upgrade (401 without), a foreign `Origin` refused (403), messages capped at 64 KiB (a larger
//! one closes the socket with 1009). One task reads, one writes: the writer drains the hub's
//! bounded queue and pings every `PING_EVERY`; the reader answers frames and closes a peer that
//! has said nothing (not even a pong) for `IDLE_LIMIT`. A user holds at most
//! `MAX_SOCKETS_PER_USER` sockets (on every instance together): one more is closed at once
//! with 4008 'Too many connections'.

use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::calls::signalling;
use crate::calls::signalling::SocketCall;
use crate::canvas::socket::{self as canvas, SocketRooms};
use crate::chat;
use crate::identity::CurrentUser;
use crate::identity::store::sessions;
use crate::platform::http::error::ApiError;
use crate::platform::realtime::TOO_MANY_SOCKETS;
use crate::platform::realtime::events::{Frame, SocketEvent};
use crate::platform::realtime::hub::session_tag;
use crate::platform::state::AppState;

/// A frame over 64 KiB closes the socket.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
const PING_EVERY: Duration = Duration::from_secs(25);
/// How many pings apart an idle socket asks whether its session still holds.
const SESSION_CHECK_EVERY_PINGS: u8 = 4;
const IDLE_LIMIT: Duration = Duration::from_secs(60);

pub async fn upgrade(
    State(state): State<AppState>,
    headers: HeaderMap,
    current: CurrentUser,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if !crate::platform::http::origin::socket_allowed(&headers, &state.public_url) {
        return ApiError::Forbidden("Cross-site socket refused").into_response();
    }
    // A plain GET (no upgrade headers) gets the API's JSON error, not axum's text.
    let ws = match ws {
        Ok(ws) => ws,
        Err(rejection) => return ApiError::BadRequest(rejection.body_text()).into_response(),
    };
    let user_id = current.user.id;
    // The session this socket lives on: checked again before every frame is acted on and every
    // few pings, so a socket of a session that ended (sign-out elsewhere, a password change,
    // deactivation, expiry) is closed.
    let Some(session_hash) = crate::identity::session::hash_from(&headers) else {
        return ApiError::Unauthorized.into_response();
    };
    // Small buffers: an idle socket should cost kilobytes, not tungstenite's default 128 KiB
    // read buffer (a client's frames are small; a call's offer grows it as it reads); a socket
    // whose writes pile up past 256 KiB fails instead of growing.
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .read_buffer_size(1024)
        .write_buffer_size(4 * 1024)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| serve(state, user_id, session_hash, socket))
}

async fn serve(state: AppState, user_id: i64, session_hash: String, socket: WebSocket) {
    let realtime = &state.realtime;
    // Until the end of this function, presence included: shutdown waits for it.
    let _task = realtime.hub.task();
    let Some(registration) = Box::pin(realtime.admit(user_id, session_tag(&session_hash))).await
    else {
        // One socket over the user's cap: accepted, then closed at once; the older ones stay.
        let (code, reason) = TOO_MANY_SOCKETS;
        let mut socket = socket;
        let _ =
            tokio::time::timeout(Duration::from_secs(1), socket.send(close(code, reason))).await;
        return;
    };
    if Box::pin(realtime.opened(user_id, registration.first)).await {
        Box::pin(chat::announce_presence(&state, user_id, true)).await;
    }
    let (mut sink, mut stream) = socket.split();
    let kicked = registration.kicked.clone();
    let socket_id = registration.id;
    let frames = registration.frames;
    // Replies to this socket alone (pong, error) join its events' queue, behind the events
    // already in it: a pong follows every event published before its ping was read (a client,
    // or a test, can use a ping as a barrier).
    let replies = registration.replies;
    // The call this socket placed or answered: its closing ends it.
    let mut call = SocketCall::default();
    // The canvas rooms it joined: its closing leaves them.
    let mut rooms = SocketRooms::default();

    let writer = async {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        let mut pings: u8 = 0;
        loop {
            // Biased: a kick is seen before anything else is written.
            let message = tokio::select! {
                biased;
                () = kicked.cancelled() => {
                    let farewell = if realtime.hub.is_closing() {
                        close(close_code::AWAY, "server restarting")
                    } else if !Box::pin(session_alive(&state, &session_hash)).await {
                        close(close_code::POLICY, "session ended")
                    } else {
                        close(close_code::POLICY, "too slow")
                    };
                    let _ = sink.send(farewell).await;
                    break;
                }
                frame = frames.recv_async() => match frame {
                    Ok(frame) => Message::Text(frame),
                    Err(_) => break,
                },
                _ = ping.tick() => {
                    // The session's own instance closes its sockets when it ends (password
                    // change, deactivation); every 4th ping (~100 s) catches one ended on
                    // another instance, or expired, without a query per socket per ping.
                    pings = pings.wrapping_add(1);
                    if pings.is_multiple_of(SESSION_CHECK_EVERY_PINGS)
                        && !Box::pin(session_alive(&state, &session_hash)).await
                    {
                        let _ = sink.send(close(close_code::POLICY, "session ended")).await;
                        break;
                    }
                    Message::Ping(Default::default())
                }
            };
            let sent = tokio::select! {
                sent = sink.send(message) => sent,
                () = kicked.cancelled() => break,
            };
            if sent.is_err() {
                break;
            }
        }
    };

    // Ends with the close frame to send, if any: 1009 for a frame over the limit.
    let reader = async {
        loop {
            let next = match tokio::time::timeout(IDLE_LIMIT, stream.next()).await {
                Ok(Some(Ok(message))) => message,
                Ok(Some(Err(error))) if too_large(&error) => {
                    return Some(close(close_code::SIZE, "frame too large"));
                }
                // Broken, closed, or silent for too long.
                Ok(Some(Err(_))) | Ok(None) | Err(_) => return None,
            };
            let reply = match next {
                // Boxed, here and below: a handler's state lives on the heap while it runs, not in
                // every idle socket's task (docs/benchmarks.md, memory per idle socket).
                Message::Text(text) => {
                    // A frame of a session that has ended is not acted on: the socket closes.
                    if !Box::pin(session_alive(&state, &session_hash)).await {
                        return Some(close(close_code::POLICY, "session ended"));
                    }
                    Box::pin(handle(
                        &state, user_id, socket_id, &mut call, &mut rooms, &text,
                    ))
                    .await
                }
                Message::Binary(_) => Some(Frame::of(&SocketEvent::Error {
                    message: "Frames are JSON text".into(),
                })),
                Message::Close(_) => return None,
                Message::Ping(_) | Message::Pong(_) => None,
            };
            if let Some(reply) = reply
                && replies
                    .try_send(Utf8Bytes::from(reply.into_text()))
                    .is_err()
            {
                // Its own replies are not being read either.
                return None;
            }
        }
    };

    let farewell = tokio::select! {
        () = writer => None,
        farewell = reader => farewell,
    };
    // The writer is gone, so the sink is free; a peer that does not read gets no more than a second.
    if let Some(farewell) = farewell {
        let _ = tokio::time::timeout(Duration::from_secs(1), sink.send(farewell)).await;
    }
    Box::pin(signalling::socket_closed(&state, user_id, &call)).await;
    Box::pin(canvas::socket_closed(&state, socket_id, &rooms)).await;
    let last_here = realtime.hub.unregister(user_id, socket_id);
    Box::pin(realtime.release(user_id, socket_id)).await;
    if Box::pin(realtime.closed(user_id, last_here)).await {
        Box::pin(chat::announce_presence(&state, user_id, false)).await;
        Box::pin(signalling::went_offline(&state, user_id)).await;
    }
}

/// Whether a read failed because the peer's message or frame was over the limit.
fn too_large(error: &axum::Error) -> bool {
    matches!(
        std::error::Error::source(error)
            .and_then(|inner| inner.downcast_ref::<tungstenite::Error>()),
        Some(tungstenite::Error::Capacity(_))
    )
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// A frame's `type`, read first: it says which area parses the rest.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
enum Kind {
    UserOnline,
    Typing,
    StopTyping,
    InitiateCall,
    AcceptCall,
    RejectCall,
    EndCall,
    IceCandidate,
    Ping,
    CanvasJoin,
    CanvasLeave,
    CanvasStroke,
    CanvasCursor,
    CanvasUndo,
    CanvasClear,
}

#[derive(Deserialize)]
struct Tagged {
    #[serde(rename = "type")]
    kind: Kind,
}

/// `text` as the frame `T`, or the `error` a malformed frame answers.
fn parse<T: DeserializeOwned>(text: &str) -> Result<T, Frame> {
    serde_json::from_str(text).map_err(|err| Frame::error(format!("Invalid frame: {err}")))
}

/// The answer to one client frame, if it has one. Nothing a client sends names its sender.
async fn handle(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    call: &mut SocketCall,
    rooms: &mut SocketRooms,
    text: &str,
) -> Option<Frame> {
    let kind = match parse::<Tagged>(text) {
        Ok(tagged) => tagged.kind,
        Err(refused) => return Some(refused),
    };
    match kind {
        Kind::Ping => Some(Frame::of(&SocketEvent::Pong)),
        Kind::UserOnline | Kind::Typing | Kind::StopTyping => match parse(text) {
            Ok(frame) => chat::typing(state, user_id, frame).await,
            Err(refused) => Some(refused),
        },
        Kind::CanvasJoin
        | Kind::CanvasLeave
        | Kind::CanvasStroke
        | Kind::CanvasCursor
        | Kind::CanvasUndo
        | Kind::CanvasClear => match parse(text) {
            Ok(frame) => canvas::handle(state, user_id, socket_id, rooms, frame).await,
            Err(refused) => Some(refused),
        },
        Kind::InitiateCall
        | Kind::AcceptCall
        | Kind::RejectCall
        | Kind::EndCall
        | Kind::IceCandidate => match parse(text) {
            Ok(frame) => signalling::handle(state, user_id, socket_id, call, frame).await,
            Err(refused) => Some(refused),
        },
    }
}

/// Whether the socket's session still signs its user in (a database error keeps it open: the
/// next ping asks again).
async fn session_alive(state: &AppState, session_hash: &str) -> bool {
    !matches!(sessions::find_user(&state.db, session_hash).await, Ok(None))
}
