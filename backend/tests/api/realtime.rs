//! The WebSocket gateway with real sockets against the running server: who receives what,
//! presence, typing, bad frames, and a consumer that falls behind.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use crate::both_backends;
use crate::helpers::{Backend, error_of, spawn_app, spawn_app_with};
use crate::sockets::{
    EXPECT_WITHIN, accept, assert_quiet_until_pong, assert_silent_until_pong, close_and_wait,
    connect, conversation, next_event, next_of, ready,
};

both_backends!(
    a_new_message_reaches_every_socket_of_both_people_and_no_outsider,
    typing_reaches_the_other_person_only_and_outsiders_are_refused,
    one_who_left_hears_no_more_typing_or_reactions,
    presence_is_announced_on_first_connect_and_on_last_close,
    a_malformed_frame_gets_an_error_and_the_socket_lives_on,
    a_frame_over_64_kib_closes_the_socket,
    the_upgrade_needs_a_session_and_this_sites_origin,
    a_socket_that_falls_behind_is_cut_off_while_the_others_keep_receiving,
    shutting_down_stores_last_seen_for_the_sockets_it_closes,
    presence_and_typing_do_not_cross_a_block_either_way,
);

async fn a_new_message_reaches_every_socket_of_both_people_and_no_outsider(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let eve = app.new_user("eve").await;
    let id = conversation(&maya, &leo).await;
    let mut leo_phone = connect(&app, &leo).await;
    let mut leo_laptop = connect(&app, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;
    let mut eve_socket = connect(&app, &eve).await;

    let sent: Value = maya
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "hello"}),
        )
        .await
        .json()
        .await
        .unwrap();
    for socket in [&mut leo_phone, &mut leo_laptop, &mut maya_socket] {
        let event = next_of(socket, "newMessage").await;
        assert_eq!(event["conversationId"], id);
        assert_eq!(event["message"], sent);
    }
    assert_silent_until_pong(&mut eve_socket).await;
}

async fn typing_reaches_the_other_person_only_and_outsiders_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let eve = app.new_user("eve").await;
    let id = conversation(&maya, &leo).await;
    let mut leo_socket = connect(&app, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;
    let mut eve_socket = connect(&app, &eve).await;
    next_of(&mut leo_socket, "presence").await; // maya came online

    // A forged sender is ignored: the server names the socket's user.
    maya_socket
        .send(Message::text(
            json!({"type": "typing", "conversationId": id, "userId": eve.id}).to_string(),
        ))
        .await
        .unwrap();
    let typing = next_of(&mut leo_socket, "typing").await;
    assert_eq!(
        typing,
        json!({"type": "typing", "conversationId": id, "userId": maya.id})
    );
    maya_socket
        .send(Message::text(
            json!({"type": "stopTyping", "conversationId": id}).to_string(),
        ))
        .await
        .unwrap();
    let stop = next_of(&mut leo_socket, "stopTyping").await;
    assert_eq!(stop["userId"], maya.id);
    // The typist does not hear herself.
    assert_quiet_until_pong(&mut maya_socket, &["typing", "stopTyping"]).await;

    // Eve shares no conversation with them: refused, nobody hears it.
    eve_socket
        .send(Message::text(
            json!({"type": "typing", "conversationId": id}).to_string(),
        ))
        .await
        .unwrap();
    let refused = next_event(&mut eve_socket).await;
    assert_eq!(
        refused,
        json!({"type": "error", "message": "Conversation not found"})
    );
    assert_silent_until_pong(&mut leo_socket).await;
}

/// Leaving stops the conversation's events: the other's typing and reactions no longer reach
/// the one who left (a new message brings them back, as a closed DM comes back).
async fn one_who_left_hears_no_more_typing_or_reactions(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let sent: Value = maya
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "hello"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let left = leo
        .delete(&format!("/api/conversations/{id}/participants/me"))
        .await;
    assert!(left.status().is_success(), "{}", left.status());
    let mut leo_socket = connect(&app, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;

    maya_socket
        .send(Message::text(
            json!({"type": "typing", "conversationId": id}).to_string(),
        ))
        .await
        .unwrap();
    ready(&mut maya_socket).await; // the typing frame is handled
    let reacted = maya
        .post_json(
            &format!("/api/conversations/{id}/messages/{}/reactions", sent["id"]),
            &json!({"emoji": "❤️"}),
        )
        .await;
    assert_eq!(reacted.status(), 200);
    // Maya still hears her own reaction; Leo hears neither.
    next_of(&mut maya_socket, "reaction").await;
    assert_quiet_until_pong(&mut leo_socket, &["typing", "reaction"]).await;
}

async fn presence_is_announced_on_first_connect_and_on_last_close(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let eve = app.new_user("eve").await;
    let id = conversation(&maya, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;
    let mut eve_socket = connect(&app, &eve).await;

    let mut leo_phone = connect(&app, &leo).await;
    let online = next_of(&mut maya_socket, "presence").await;
    assert_eq!(
        online,
        json!({"type": "presence", "userId": leo.id, "isOnline": true, "lastSeen": null})
    );
    let list = maya.get_json("/api/conversations").await;
    let leo_in_list = &list[0]["participants"][1]["user"];
    assert_eq!(
        (leo_in_list["id"].as_i64(), &leo_in_list["isOnline"]),
        (Some(leo.id), &json!(true))
    );

    // A second socket is not news; closing one of two is not either.
    let leo_laptop = connect(&app, &leo).await;
    close_and_wait(leo_laptop).await;
    assert_silent_until_pong(&mut maya_socket).await;

    leo_phone.close(None).await.unwrap();
    let offline = next_of(&mut maya_socket, "presence").await;
    assert_eq!(
        (offline["userId"].as_i64(), &offline["isOnline"]),
        (Some(leo.id), &json!(false))
    );
    assert!(offline["lastSeen"].is_string());
    let list = maya.get_json("/api/conversations").await;
    let leo_in_list = &list[0]["participants"][1]["user"];
    assert_eq!(leo_in_list["isOnline"], false);
    assert_eq!(leo_in_list["lastSeen"], offline["lastSeen"]);
    // Eve shares no conversation with leo: she heard nothing.
    assert_silent_until_pong(&mut eve_socket).await;
    let _ = id;
}

async fn a_malformed_frame_gets_an_error_and_the_socket_lives_on(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let mut socket = connect(&app, &maya).await;
    for bad in [
        "not json",
        r#"{"type":"teleport"}"#,
        r#"{"type":"typing"}"#,
        "[]",
    ] {
        socket.send(Message::text(bad)).await.unwrap();
        let event = next_event(&mut socket).await;
        assert_eq!(event["type"], "error", "{bad}");
        assert!(
            event["message"]
                .as_str()
                .unwrap()
                .starts_with("Invalid frame")
        );
    }
    socket.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(next_event(&mut socket).await["type"], "error");
    socket
        .send(Message::text(r#"{"type":"ping"}"#))
        .await
        .unwrap();
    assert_eq!(next_event(&mut socket).await, json!({"type": "pong"}));
}

async fn a_frame_over_64_kib_closes_the_socket(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let mut socket = connect(&app, &maya).await;
    let big = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(64 * 1024));
    let _ = socket.send(Message::text(big)).await;
    let closed = tokio::time::timeout(EXPECT_WITHIN, async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    })
    .await
    .expect("the server closes the socket");
    assert_eq!(closed, Some(1009));
    // The server is fine: a new socket works.
    let mut again = connect(&app, &maya).await;
    again
        .send(Message::text(r#"{"type":"ping"}"#))
        .await
        .unwrap();
    assert_eq!(next_event(&mut again).await, json!({"type": "pong"}));
}

async fn the_upgrade_needs_a_session_and_this_sites_origin(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let url = app.url("/ws").replacen("http", "ws", 1);
    let status_of = |result: Result<_, WsError>| match result {
        Err(WsError::Http(response)) => response.status().as_u16(),
        Ok(_) => 101,
        Err(other) => panic!("{other}"),
    };
    let anonymous = tokio_tungstenite::connect_async(url.as_str()).await;
    assert_eq!(status_of(anonymous), 401);

    let mut foreign = url.as_str().into_client_request().unwrap();
    foreign
        .headers_mut()
        .insert("cookie", HeaderValue::from_str(&maya.cookie).unwrap());
    foreign
        .headers_mut()
        .insert("origin", HeaderValue::from_static("https://evil.example"));
    assert_eq!(
        status_of(tokio_tungstenite::connect_async(foreign).await),
        403
    );

    let mut own = url.as_str().into_client_request().unwrap();
    own.headers_mut()
        .insert("cookie", HeaderValue::from_str(&maya.cookie).unwrap());
    let origin = app.url("");
    own.headers_mut()
        .insert("origin", HeaderValue::from_str(&origin).unwrap());
    assert_eq!(status_of(tokio_tungstenite::connect_async(own).await), 101);

    // A plain GET, signed in, without the upgrade headers: the API's JSON error.
    let plain = maya.get("/ws").await;
    let (status, message, code) = error_of(plain).await;
    assert_eq!((status, code.as_str()), (400, "invalid_input"));
    assert!(!message.is_empty());
}

async fn a_socket_that_falls_behind_is_cut_off_while_the_others_keep_receiving(backend: Backend) {
    // 2,000 messages in a few seconds: far over a person's message limit.
    let app = spawn_app_with(backend, |s| s.no_content_limits = true).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    // Leo's first socket never reads (and has a small receive buffer, so the server's side
    // fills up soon); his second reads everything.
    let address = app.url("").trim_start_matches("http://").to_owned();
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(8 * 1024).unwrap();
    let tcp = tcp.connect(address.parse().unwrap()).await.unwrap();
    let mut request = app
        .url("/ws")
        .replacen("http", "ws", 1)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", HeaderValue::from_str(&leo.cookie).unwrap());
    let (mut stalled, _) = tokio_tungstenite::client_async(request, tcp).await.unwrap();
    let mut reader = connect(&app, &leo).await;
    let text = "x".repeat(4000);
    let path = format!("/api/conversations/{id}/messages");
    // Enough 4 KB events to fill the stalled socket's TCP buffers and then its queue.
    let mut received = 0;
    for _ in 0..2000 {
        let response = maya.post_json(&path, &json!({"content": text})).await;
        assert_eq!(response.status(), 201);
        next_of(&mut reader, "newMessage").await;
        received += 1;
    }
    assert_eq!(received, 2000);
    // The stalled socket, read at last, ends: what it was sent, then a close (or a reset).
    let ended = tokio::time::timeout(Duration::from_secs(30), async {
        let mut frames = 0usize;
        loop {
            match stalled.next().await {
                Some(Ok(Message::Text(_))) => frames += 1,
                Some(Ok(Message::Close(frame))) => {
                    return (frames, frame.map(|f| u16::from(f.code)));
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return (frames, None),
            }
        }
    })
    .await
    .expect("the stalled socket was closed");
    assert!(
        ended.0 < 2000,
        "the stalled socket was cut off, not fed everything: {ended:?}"
    );
    // Still delivering to the reader.
    maya.post_json(&path, &json!({"content": "after"})).await;
    assert_eq!(
        next_of(&mut reader, "newMessage").await["message"]["content"],
        "after"
    );
}

async fn shutting_down_stores_last_seen_for_the_sockets_it_closes(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let mut sockets = Vec::new();
    for user in app.synthetic_users_signed_in(40) {
        let mut socket = connect(&app, &user).await;
        socket
            .send(Message::text(r#"{"type":"ping"}"#))
            .await
            .unwrap();
        next_of(&mut socket, "pong").await;
        sockets.push(socket);
    }

    app.stop().await;

    // Every socket said goodbye before the database closed: all 40 are offline since now.
    let (offline,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM users WHERE last_seen_at IS NOT NULL")
            .fetch_one(&app.db().await.pool)
            .await
            .unwrap();
    assert_eq!(offline, 40, "lastSeen stored at shutdown");
}

/// The frames on the wire are what the OpenAPI document's `ServerEvent` and `ClientEvent` say
/// (the client's types are generated from them): each frame's fields are its variant's
/// properties, the required ones all present. Frames do not depend on the backend.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_frames_are_the_documents_server_and_client_events() {
    let app = spawn_app(Backend::Sqlite).await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;
    let mut leo_socket = connect(&app, &leo).await;
    let mut sent = Vec::new();
    let mut heard = Vec::new();
    let offer = json!({"type": "offer", "sdp": "v=0"});
    let mut say = async |socket: &mut crate::sockets::Socket, frame: Value| {
        socket.send(Message::text(frame.to_string())).await.unwrap();
        sent.push(frame);
    };

    heard.push(next_of(&mut maya_socket, "presence").await); // leo came online
    say(&mut maya_socket, json!({"type": "userOnline"})).await;
    say(
        &mut maya_socket,
        json!({"type": "typing", "conversationId": id}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "typing").await);
    say(
        &mut maya_socket,
        json!({"type": "stopTyping", "conversationId": id}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "stopTyping").await);
    say(&mut maya_socket, json!({"type": "ping"})).await;
    heard.push(next_of(&mut maya_socket, "pong").await);
    let message: Value = maya
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "hello"}),
        )
        .await
        .json()
        .await
        .unwrap();
    heard.push(next_of(&mut leo_socket, "newMessage").await);
    maya.post_json(
        &format!(
            "/api/conversations/{id}/messages/{}/reactions",
            message["id"]
        ),
        &json!({"emoji": "🔥"}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "reaction").await);
    // Leo reads it: Maya hears the receipt (issue 22).
    let read = leo
        .post_json(
            &format!("/api/conversations/{id}/read"),
            &json!({"messageId": message["id"]}),
        )
        .await;
    assert_eq!(read.status(), 204);
    heard.push(next_of(&mut maya_socket, "read").await);
    // Maya edits it, then unsends it (issue 43): Leo hears both.
    let message_path = format!("/api/conversations/{id}/messages/{}", message["id"]);
    let edited = maya
        .patch_json(&message_path, &json!({"content": "hello again"}))
        .await;
    assert_eq!(edited.status(), 200);
    heard.push(next_of(&mut leo_socket, "messageEdited").await);
    assert_eq!(maya.delete(&message_path).await.status(), 204);
    heard.push(next_of(&mut leo_socket, "messageUnsent").await);
    let voicemail = maya
        .post_json(
            "/api/voicemails",
            &json!({"toUserId": leo.id, "duration": 3,
                    "voiceUrl": crate::audio::data_url("audio/webm;codecs=opus", crate::audio::CHROME_WEBM)}),
        )
        .await;
    assert_eq!(voicemail.status(), 201);
    heard.push(next_of(&mut leo_socket, "voicemail").await);
    // A like of Leo's post: he hears the notification and his unread count (issue 21).
    let post = crate::tags::post_with(&leo, "Kiln day", &[]).await;
    let liked = maya.post(&format!("/api/posts/{}/like", post["id"])).await;
    assert_eq!(liked.status(), 200);
    heard.push(next_of(&mut leo_socket, "notification").await);
    heard.push(next_of(&mut leo_socket, "unreadCount").await);

    let call =
        json!({"type": "initiateCall", "toUserId": leo.id, "conversationId": id, "offer": offer});
    say(&mut maya_socket, call.clone()).await;
    heard.push(next_of(&mut leo_socket, "incomingCall").await);
    say(
        &mut maya_socket,
        json!({"type": "iceCandidate", "toUserId": leo.id, "candidate": {"candidate": "c"}}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "iceCandidate").await);
    say(
        &mut leo_socket,
        json!({"type": "rejectCall", "toUserId": maya.id}),
    )
    .await;
    heard.push(next_of(&mut maya_socket, "callRejected").await);
    say(&mut maya_socket, call).await;
    next_of(&mut leo_socket, "incomingCall").await;
    say(
        &mut leo_socket,
        json!({"type": "acceptCall", "toUserId": maya.id, "answer": {"type": "answer", "sdp": "v=0"}}),
    )
    .await;
    heard.push(next_of(&mut maya_socket, "callAccepted").await);
    say(
        &mut maya_socket,
        json!({"type": "endCall", "toUserId": leo.id}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "callEnded").await);
    // A canvas room (issue 25): Leo follows Maya, both join her followers canvas.
    let follows = leo.post(&format!("/api/users/{}/follow", maya.id)).await;
    assert_eq!(follows.status(), 200);
    let canvas: Value = maya
        .post_json(
            "/api/canvases",
            &json!({"title": "Jam", "visibility": "followers"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let canvas = canvas["id"].clone();
    say(
        &mut maya_socket,
        json!({"type": "canvasJoin", "canvasId": canvas}),
    )
    .await;
    heard.push(next_of(&mut maya_socket, "canvasPresence").await);
    say(
        &mut leo_socket,
        json!({"type": "canvasJoin", "canvasId": canvas}),
    )
    .await;
    next_of(&mut leo_socket, "canvasPresence").await;
    say(
        &mut maya_socket,
        json!({"type": "canvasStroke", "canvasId": canvas,
               "stroke": {"id": "s1", "color": "#ef4444", "width": 5, "points": [[0.1, 0.1], [0.9, 0.9]]}}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "canvasStroke").await);
    say(
        &mut maya_socket,
        json!({"type": "canvasCursor", "canvasId": canvas, "x": 0.5, "y": 0.25}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "canvasCursor").await);
    say(
        &mut maya_socket,
        json!({"type": "canvasUndo", "canvasId": canvas, "strokeId": "s1"}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "canvasUndo").await);
    say(
        &mut maya_socket,
        json!({"type": "canvasClear", "canvasId": canvas}),
    )
    .await;
    heard.push(next_of(&mut leo_socket, "canvasCleared").await);
    say(
        &mut leo_socket,
        json!({"type": "canvasLeave", "canvasId": canvas}),
    )
    .await;
    next_of(&mut maya_socket, "canvasPresence").await;
    // Someone Maya blocks while in the room is taken out of it (issue 39).
    let ines = app.new_user("ines").await;
    ines.post(&format!("/api/users/{}/follow", maya.id)).await;
    let mut ines_socket = connect(&app, &ines).await;
    say(
        &mut ines_socket,
        json!({"type": "canvasJoin", "canvasId": canvas}),
    )
    .await;
    next_of(&mut ines_socket, "canvasPresence").await;
    maya.post(&format!("/api/users/{}/block", ines.id)).await;
    heard.push(next_of(&mut ines_socket, "canvasLeft").await);
    say(
        &mut maya_socket,
        json!({"type": "typing", "conversationId": -1}),
    )
    .await;
    heard.push(next_of(&mut maya_socket, "error").await);
    close_and_wait(leo_socket).await;
    heard.push(next_of(&mut maya_socket, "presence").await); // leo went offline
    let left = maya
        .delete(&format!("/api/conversations/{id}/participants/me"))
        .await;
    assert!(left.status().is_success());
    heard.push(next_of(&mut maya_socket, "conversationUpdated").await);

    for frame in &sent {
        assert_is_variant_of(&doc, "ClientEvent", frame);
    }
    for frame in &heard {
        assert_is_variant_of(&doc, "ServerEvent", frame);
    }
    let kinds = |frames: &[Value]| {
        let mut kinds: Vec<String> = frames
            .iter()
            .map(|f| f["type"].as_str().unwrap().to_owned())
            .collect();
        kinds.sort();
        kinds.dedup();
        kinds.len()
    };
    // Every kind of frame was seen, both ways; but `transcript`, which needs the transcription
    // model, and is checked against the document where it is made (transcripts.rs).
    assert_eq!(kinds(&heard) + 1, variants(&doc, "ServerEvent"));
    assert_eq!(kinds(&sent), variants(&doc, "ClientEvent"));
}

fn variants(doc: &Value, component: &str) -> usize {
    doc["components"]["schemas"][component]["oneOf"]
        .as_array()
        .unwrap()
        .len()
}

/// `frame` is one of `component`'s variants: its `type` names one, its fields are that one's
/// properties, and every required property is there.
pub fn assert_is_variant_of(doc: &Value, component: &str, frame: &Value) {
    let kind = &frame["type"];
    let variant = doc["components"]["schemas"][component]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["properties"]["type"]["enum"][0] == *kind)
        .unwrap_or_else(|| panic!("{component} has no variant {kind}"));
    let properties = variant["properties"].as_object().unwrap();
    for field in frame.as_object().unwrap().keys() {
        assert!(
            properties.contains_key(field),
            "{component} {kind}: `{field}` is not in the document"
        );
    }
    for required in variant["required"].as_array().unwrap() {
        let required = required.as_str().unwrap();
        assert!(
            frame.get(required).is_some(),
            "{component} {kind}: required `{required}` missing from {frame}"
        );
    }
}

/// Issue 39: Maya blocks Leo. Neither hears the other come online or go offline, nor type (in
/// their own conversation or a group they are both in), and neither's conversation list shows
/// the other's `isOnline` or `lastSeen`; Ines, who shares conversations with both, hears both.
async fn presence_and_typing_do_not_cross_a_block_either_way(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let pair = conversation(&maya, &leo).await;
    accept(&leo, pair).await;
    conversation(&maya, &ines).await;
    conversation(&leo, &ines).await;
    let group = crate::groups::group(&maya, &[&leo, &ines], "Studio").await["id"]
        .as_i64()
        .unwrap();
    let blocked = maya.post(&format!("/api/users/{}/block", leo.id)).await;
    assert_eq!(blocked.status(), 204);
    let mut ines_socket = connect(&app, &ines).await;

    // Maya comes online: Ines hears it (and Leo's would have been sent with it), Leo nothing.
    let mut leo_socket = connect(&app, &leo).await;
    assert_eq!(
        next_of(&mut ines_socket, "presence").await["userId"],
        leo.id
    );
    let mut maya_socket = connect(&app, &maya).await;
    assert_eq!(
        next_of(&mut ines_socket, "presence").await["userId"],
        maya.id
    );
    assert_quiet_until_pong(&mut leo_socket, &["presence"]).await;
    // Leo came online before her, and goes offline and back: Maya hears neither.
    close_and_wait(leo_socket).await;
    let offline = next_of(&mut ines_socket, "presence").await;
    assert_eq!(
        (offline["userId"].as_i64(), &offline["isOnline"]),
        (Some(leo.id), &json!(false))
    );
    let mut leo_socket = connect(&app, &leo).await;
    assert_eq!(
        next_of(&mut ines_socket, "presence").await["userId"],
        leo.id
    );
    assert_quiet_until_pong(&mut maya_socket, &["presence"]).await;

    // Typing, both ways, in their conversation and in the group: only Ines hears it.
    typing_reaches_only(
        &mut leo_socket,
        &mut maya_socket,
        &mut ines_socket,
        [pair, group],
    )
    .await;
    typing_reaches_only(
        &mut maya_socket,
        &mut leo_socket,
        &mut ines_socket,
        [pair, group],
    )
    .await;

    // The lists: each sees the other neither online nor ever seen; Ines sees both online.
    presence_hidden(&maya, &leo).await;
    presence_hidden(&leo, &maya).await;
    let list = ines.get_json("/api/conversations").await;
    let online: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["participants"].as_array().unwrap().clone())
        .filter(|p| p["user"]["isOnline"] == true)
        .map(|p| p["user"]["id"].as_i64().unwrap())
        .collect();
    assert!(online.contains(&maya.id) && online.contains(&leo.id));
    // A lastSeen stored while blocked stays hidden too (Maya leaves; Leo's list).
    close_and_wait(maya_socket).await;
    let offline = next_of(&mut ines_socket, "presence").await;
    assert!(offline["lastSeen"].is_string());
    presence_hidden(&leo, &maya).await;
    assert_quiet_until_pong(&mut leo_socket, &["presence"]).await;
}

/// `viewer`'s conversation list shows `other` (in their conversation and a group) neither
/// online nor ever seen.
async fn presence_hidden(viewer: &crate::helpers::TestUser, other: &crate::helpers::TestUser) {
    let list = viewer.get_json("/api/conversations").await;
    let mut seen = 0;
    for conversation in list.as_array().unwrap() {
        for participant in conversation["participants"].as_array().unwrap() {
            if participant["user"]["id"] == other.id {
                seen += 1;
                assert_eq!(participant["user"]["isOnline"], false, "{participant}");
                assert!(participant["user"]["lastSeen"].is_null(), "{participant}");
            }
        }
    }
    assert_eq!(seen, 2, "their conversation and the group");
}

/// `typist` types in `conversations` (their conversation with `other`, then a group of the
/// three): `third` hears the group's, `other` nothing.
async fn typing_reaches_only(
    typist: &mut crate::sockets::Socket,
    other: &mut crate::sockets::Socket,
    third: &mut crate::sockets::Socket,
    [pair, group]: [i64; 2],
) {
    for id in [pair, group] {
        typist
            .send(Message::text(
                json!({"type": "typing", "conversationId": id}).to_string(),
            ))
            .await
            .unwrap();
    }
    ready(typist).await;
    assert_eq!(next_of(third, "typing").await["conversationId"], group);
    assert_quiet_until_pong(other, &["typing", "presence"]).await;
}
