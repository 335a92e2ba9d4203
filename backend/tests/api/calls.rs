//! Call signalling over real sockets: relayed only between the two people, with the server
//! naming the sender; busy and offline answered at once; and each call's line in the
//! conversation when it ends, however it ends.

use std::time::Duration;

use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, spawn_app};
use crate::sockets::{
    Socket, accept, assert_quiet_until_pong, assert_silent_until_pong, close_and_wait, connect,
    conversation, next_each, next_of, ready,
};

both_backends!(
    a_call_is_signalled_between_the_two_people_with_the_real_sender,
    accepting_on_one_device_stops_the_others_ringing,
    signals_to_someone_you_do_not_chat_with_are_refused_and_go_nowhere,
    calling_someone_offline_is_rejected_at_once_and_leaves_a_missed_line,
    calling_someone_in_a_call_is_rejected_busy_and_leaves_a_missed_line,
    a_declined_call_leaves_a_declined_line,
    a_cancelled_call_leaves_a_missed_line_and_stops_the_ringing,
    a_socket_closing_mid_call_ends_it_for_the_other_side,
    a_call_that_rang_too_long_is_over_and_does_not_keep_anyone_busy,
    a_call_held_on_an_instance_that_is_gone_does_not_keep_anyone_busy,
    a_callee_whose_last_socket_closes_while_ringing_is_offline_for_the_caller,
    a_user_places_at_most_ten_calls_a_minute_over_all_their_sockets,
    a_call_between_people_blocked_either_way_is_rejected_unavailable_and_never_rings,
);

const OFFER: &str = r#"{"type":"offer","sdp":"v=0 offer"}"#;
const ANSWER: &str = r#"{"type":"answer","sdp":"v=0 answer"}"#;

async fn send(socket: &mut Socket, frame: Value) {
    socket.send(Message::text(frame.to_string())).await.unwrap();
}

fn offer() -> Value {
    serde_json::from_str(OFFER).unwrap()
}

fn answer() -> Value {
    serde_json::from_str(ANSWER).unwrap()
}

/// Maya and Leo chat; both have a socket open, and Maya has heard Leo come online.
struct Call {
    app: TestApp,
    maya: TestUser,
    leo: TestUser,
    id: i64,
    maya_socket: Socket,
    leo_socket: Socket,
}

async fn two_people(backend: Backend) -> Call {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    accept(&leo, id).await;
    let maya_socket = connect(&app, &maya).await;
    let leo_socket = connect(&app, &leo).await;
    Call {
        app,
        maya,
        leo,
        id,
        maya_socket,
        leo_socket,
    }
}

async fn ring(call: &mut Call) -> Value {
    send(
        &mut call.maya_socket,
        json!({"type": "initiateCall", "toUserId": call.leo.id, "conversationId": call.id, "offer": offer()}),
    )
    .await;
    next_of(&mut call.leo_socket, "incomingCall").await
}

/// The call lines of the conversation, as Leo reads them.
async fn lines(call: &Call) -> Vec<Value> {
    call.leo
        .get_json(&format!("/api/conversations/{}/messages", call.id))
        .await
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["messageType"] == "call")
        .cloned()
        .collect()
}

async fn a_call_is_signalled_between_the_two_people_with_the_real_sender(backend: Backend) {
    let mut call = two_people(backend).await;
    let (maya, leo) = (call.maya.id, call.leo.id);
    // A forged sender is ignored.
    send(
        &mut call.maya_socket,
        json!({"type": "initiateCall", "toUserId": leo, "conversationId": call.id, "offer": offer(), "fromUserId": 999}),
    )
    .await;
    let incoming = next_of(&mut call.leo_socket, "incomingCall").await;
    assert_eq!(
        incoming,
        json!({"type": "incomingCall", "fromUserId": maya,
               "fromUser": {"id": maya, "displayName": "maya display", "profileImageUrl": null},
               "conversationId": call.id, "offer": offer()})
    );

    let candidate = json!({"candidate": "candidate:1 1 udp 2122260223 127.0.0.1 5000 typ host", "sdpMid": "0", "sdpMLineIndex": 0});
    send(
        &mut call.maya_socket,
        json!({"type": "iceCandidate", "toUserId": leo, "candidate": candidate, "fromUserId": 999}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.leo_socket, "iceCandidate").await,
        json!({"type": "iceCandidate", "fromUserId": maya, "candidate": candidate})
    );

    send(
        &mut call.leo_socket,
        json!({"type": "acceptCall", "toUserId": maya, "answer": answer()}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.maya_socket, "callAccepted").await,
        json!({"type": "callAccepted", "fromUserId": leo, "answer": answer()})
    );
    send(
        &mut call.leo_socket,
        json!({"type": "iceCandidate", "toUserId": maya, "candidate": candidate}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.maya_socket, "iceCandidate").await["fromUserId"],
        leo
    );
    // The answering socket is not told to stop ringing.
    assert_quiet_until_pong(&mut call.leo_socket, &["callEnded"]).await;

    call.app.advance_clock(Duration::from_secs(192));
    send(
        &mut call.leo_socket,
        json!({"type": "endCall", "toUserId": maya}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.maya_socket, "callEnded").await,
        json!({"type": "callEnded", "fromUserId": leo})
    );
    // One line, sent by the caller, to both.
    let line = next_of(&mut call.maya_socket, "newMessage").await["message"].clone();
    assert_eq!(
        next_of(&mut call.leo_socket, "newMessage").await["message"],
        line
    );
    assert_eq!(line["messageType"], "call");
    assert_eq!(line["callOutcome"], "completed");
    assert_eq!(line["duration"], 192);
    assert_eq!(line["content"], "Voice call · 3:12");
    assert_eq!(line["sender"]["id"], maya);
    assert_eq!(lines(&call).await, std::slice::from_ref(&line));
    let list = call.leo.get_json("/api/conversations").await;
    assert_eq!(list[0]["lastMessage"]["callOutcome"], "completed");
    // Hanging up again changes nothing.
    send(
        &mut call.maya_socket,
        json!({"type": "endCall", "toUserId": leo}),
    )
    .await;
    ready(&mut call.maya_socket).await; // the second endCall is handled
    assert_quiet_until_pong(&mut call.leo_socket, &["callEnded", "newMessage"]).await;
    assert_eq!(lines(&call).await.len(), 1);
}

async fn accepting_on_one_device_stops_the_others_ringing(backend: Backend) {
    let mut call = two_people(backend).await;
    let mut leo_laptop = connect(&call.app, &call.leo).await;
    ring(&mut call).await;
    next_of(&mut leo_laptop, "incomingCall").await;
    send(
        &mut call.leo_socket,
        json!({"type": "acceptCall", "toUserId": call.maya.id, "answer": answer()}),
    )
    .await;
    next_of(&mut call.maya_socket, "callAccepted").await;
    assert_eq!(
        next_of(&mut leo_laptop, "callEnded").await,
        json!({"type": "callEnded", "fromUserId": call.maya.id})
    );
    // The laptop cannot answer it any more.
    send(
        &mut leo_laptop,
        json!({"type": "acceptCall", "toUserId": call.maya.id, "answer": answer()}),
    )
    .await;
    assert_eq!(
        next_of(&mut leo_laptop, "error").await["message"],
        "Call not found"
    );
    assert_quiet_until_pong(&mut call.maya_socket, &["callAccepted"]).await;
}

async fn signals_to_someone_you_do_not_chat_with_are_refused_and_go_nowhere(backend: Backend) {
    let mut call = two_people(backend).await;
    let eve = call.app.new_user("eve").await;
    let mut eve_socket = connect(&call.app, &eve).await;
    let leo = call.leo.id;
    for frame in [
        // Her own id as the conversation is no help, nor is Maya and Leo's conversation.
        json!({"type": "initiateCall", "toUserId": leo, "conversationId": call.id, "offer": offer()}),
        json!({"type": "initiateCall", "toUserId": eve.id, "conversationId": call.id, "offer": offer()}),
        json!({"type": "iceCandidate", "toUserId": leo, "candidate": {"candidate": ""}}),
        json!({"type": "acceptCall", "toUserId": leo, "answer": answer()}),
        json!({"type": "rejectCall", "toUserId": leo}),
        json!({"type": "endCall", "toUserId": leo}),
    ] {
        send(&mut eve_socket, frame.clone()).await;
        assert_eq!(
            next_of(&mut eve_socket, "error").await,
            json!({"type": "error", "message": "Call target not found"}),
            "{frame}"
        );
    }
    assert_silent_until_pong(&mut call.leo_socket).await;
    // Between people who chat, a candidate with no call going is refused too.
    send(
        &mut call.maya_socket,
        json!({"type": "iceCandidate", "toUserId": leo, "candidate": {"candidate": ""}}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.maya_socket, "error").await["message"],
        "Call not found"
    );
    // A candidate that is not an object is a malformed frame.
    send(
        &mut call.maya_socket,
        json!({"type": "iceCandidate", "toUserId": leo, "candidate": "x"}),
    )
    .await;
    let bad = next_of(&mut call.maya_socket, "error").await;
    assert!(
        bad["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid frame")
    );
    assert_silent_until_pong(&mut call.leo_socket).await;
    assert!(lines(&call).await.is_empty());
}

async fn calling_someone_offline_is_rejected_at_once_and_leaves_a_missed_line(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;
    send(
        &mut maya_socket,
        json!({"type": "initiateCall", "toUserId": leo.id, "conversationId": id, "offer": offer()}),
    )
    .await;
    let [rejected, line] = &next_each(&mut maya_socket, &["callRejected", "newMessage"]).await[..]
    else {
        unreachable!()
    };
    assert_eq!(
        rejected,
        &json!({"type": "callRejected", "fromUserId": leo.id, "reason": "offline"})
    );
    let line = line["message"].clone();
    assert_eq!(
        (&line["callOutcome"], &line["content"], &line["duration"]),
        (&json!("missed"), &json!("Missed voice call"), &Value::Null)
    );
    // Leo sees it when he comes back.
    let messages = leo
        .get_json(&format!("/api/conversations/{id}/messages"))
        .await;
    assert_eq!(messages[0], line);
}

async fn calling_someone_in_a_call_is_rejected_busy_and_leaves_a_missed_line(backend: Backend) {
    let mut call = two_people(backend).await;
    ring(&mut call).await;
    let ana = call.app.new_user("ana").await;
    let with_leo = conversation(&ana, &call.leo).await;
    let with_maya = conversation(&ana, &call.maya).await;
    let mut ana_socket = connect(&call.app, &ana).await;
    // Leo is ringing, Maya is calling: both are busy for Ana.
    for (to, conversation_id) in [(call.leo.id, with_leo), (call.maya.id, with_maya)] {
        send(
            &mut ana_socket,
            json!({"type": "initiateCall", "toUserId": to, "conversationId": conversation_id, "offer": offer()}),
        )
        .await;
        let [rejected, line] =
            &next_each(&mut ana_socket, &["callRejected", "newMessage"]).await[..]
        else {
            unreachable!()
        };
        assert_eq!(
            rejected,
            &json!({"type": "callRejected", "fromUserId": to, "reason": "busy"})
        );
        let line = &line["message"];
        assert_eq!(line["callOutcome"], "missed");
        assert_eq!(line["conversationId"], conversation_id);
    }
    assert_quiet_until_pong(&mut call.leo_socket, &["incomingCall"]).await;
    // Maya's call with Leo goes on.
    send(
        &mut call.leo_socket,
        json!({"type": "acceptCall", "toUserId": call.maya.id, "answer": answer()}),
    )
    .await;
    next_of(&mut call.maya_socket, "callAccepted").await;
    // And Maya cannot place a second call while in one.
    send(
        &mut call.maya_socket,
        json!({"type": "initiateCall", "toUserId": ana.id, "conversationId": with_maya, "offer": offer()}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.maya_socket, "error").await["message"],
        "You are already in a call"
    );
    assert_quiet_until_pong(&mut ana_socket, &["incomingCall"]).await;
}

async fn a_declined_call_leaves_a_declined_line(backend: Backend) {
    let mut call = two_people(backend).await;
    let mut leo_laptop = connect(&call.app, &call.leo).await;
    ring(&mut call).await;
    send(
        &mut call.leo_socket,
        json!({"type": "rejectCall", "toUserId": call.maya.id}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.maya_socket, "callRejected").await,
        json!({"type": "callRejected", "fromUserId": call.leo.id, "reason": "declined"})
    );
    assert_eq!(
        next_of(&mut leo_laptop, "callEnded").await["fromUserId"],
        call.maya.id
    );
    let line = next_of(&mut call.maya_socket, "newMessage").await["message"].clone();
    assert_eq!(
        (&line["callOutcome"], &line["content"]),
        (&json!("declined"), &json!("Declined voice call"))
    );
    assert_eq!(lines(&call).await, [line]);
    // Free again: a new call rings.
    ring(&mut call).await;
}

async fn a_cancelled_call_leaves_a_missed_line_and_stops_the_ringing(backend: Backend) {
    let mut call = two_people(backend).await;
    ring(&mut call).await;
    send(
        &mut call.maya_socket,
        json!({"type": "endCall", "toUserId": call.leo.id}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.leo_socket, "callEnded").await,
        json!({"type": "callEnded", "fromUserId": call.maya.id})
    );
    let line = next_of(&mut call.leo_socket, "newMessage").await["message"].clone();
    assert_eq!(line["callOutcome"], "missed");
    assert_eq!(line["duration"], Value::Null);
    // Too late to answer.
    send(
        &mut call.leo_socket,
        json!({"type": "acceptCall", "toUserId": call.maya.id, "answer": answer()}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.leo_socket, "error").await["message"],
        "Call not found"
    );
    assert_eq!(lines(&call).await.len(), 1);
}

async fn a_socket_closing_mid_call_ends_it_for_the_other_side(backend: Backend) {
    let mut call = two_people(backend).await;
    ring(&mut call).await;
    send(
        &mut call.leo_socket,
        json!({"type": "acceptCall", "toUserId": call.maya.id, "answer": answer()}),
    )
    .await;
    next_of(&mut call.maya_socket, "callAccepted").await;
    call.app.advance_clock(Duration::from_secs(5));
    call.leo_socket.close(None).await.unwrap();
    assert_eq!(
        next_of(&mut call.maya_socket, "callEnded").await,
        json!({"type": "callEnded", "fromUserId": call.leo.id})
    );
    let line = next_of(&mut call.maya_socket, "newMessage").await["message"].clone();
    assert_eq!(
        (&line["callOutcome"], &line["duration"]),
        (&json!("completed"), &json!(5))
    );
    // Nobody is left busy: Leo, back, can be called again.
    call.leo_socket = connect(&call.app, &call.leo).await;
    ring(&mut call).await;
}

async fn a_call_that_rang_too_long_is_over_and_does_not_keep_anyone_busy(backend: Backend) {
    let mut call = two_people(backend).await;
    ring(&mut call).await;
    // Maya's client never gives up; a minute later the call is over anyway.
    call.app.advance_clock(Duration::from_secs(60));
    let ana = call.app.new_user("ana").await;
    let with_leo = conversation(&ana, &call.leo).await;
    let mut ana_socket = connect(&call.app, &ana).await;
    send(
        &mut ana_socket,
        json!({"type": "initiateCall", "toUserId": call.leo.id, "conversationId": with_leo, "offer": offer()}),
    )
    .await;
    assert_eq!(
        next_of(&mut call.leo_socket, "incomingCall").await["fromUserId"],
        ana.id
    );
    assert_eq!(
        next_of(&mut call.maya_socket, "callEnded").await["fromUserId"],
        call.leo.id
    );
    let missed = lines(&call).await;
    assert_eq!(missed.len(), 1);
    assert_eq!(missed[0]["callOutcome"], "missed");
}

async fn a_call_held_on_an_instance_that_is_gone_does_not_keep_anyone_busy(backend: Backend) {
    let mut call = two_people(backend).await;
    // Maya and Leo were talking through an instance that crashed: its rows say they still are.
    let db = call.app.db().await;
    let now = chrono::Utc::now().timestamp_millis();
    let (stale,): (i64,) = sqlx::query_as(
        "INSERT INTO calls (conversation_id, caller_id, callee_id, started_at, answered_at,
                            caller_instance, callee_instance)
         VALUES ($1, $2, $3, $4, $4, 'deadbeef', 'deadbeef') RETURNING id",
    )
    .bind(call.id)
    .bind(call.maya.id)
    .bind(call.leo.id)
    .bind(now)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    for user in [call.maya.id, call.leo.id] {
        sqlx::query("INSERT INTO call_parties (user_id, call_id) VALUES ($1, $2)")
            .bind(user)
            .bind(stale)
            .execute(&db.pool)
            .await
            .unwrap();
    }
    // Calling Leo finds the dead call over, ends it (a line, both told), and rings.
    let incoming = ring(&mut call).await;
    assert_eq!(incoming["fromUserId"], call.maya.id);
    let ended = lines(&call).await;
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0]["callOutcome"], "completed");
    let (outcome,): (Option<String>,) = sqlx::query_as("SELECT outcome FROM calls WHERE id = $1")
        .bind(stale)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(outcome.as_deref(), Some("completed"));
}

async fn a_callee_whose_last_socket_closes_while_ringing_is_offline_for_the_caller(
    backend: Backend,
) {
    let mut call = two_people(backend).await;
    let leo_laptop = connect(&call.app, &call.leo).await;
    ring(&mut call).await;
    // One of two devices closing changes nothing; the last one does.
    close_and_wait(leo_laptop).await;
    assert_quiet_until_pong(&mut call.maya_socket, &["callRejected", "callEnded"]).await;
    call.leo_socket.close(None).await.unwrap();
    assert_eq!(
        next_of(&mut call.maya_socket, "callRejected").await,
        json!({"type": "callRejected", "fromUserId": call.leo.id, "reason": "offline"})
    );
    let line = next_of(&mut call.maya_socket, "newMessage").await["message"].clone();
    assert_eq!(line["callOutcome"], "missed");
    assert_eq!(lines(&call).await.len(), 1);
}

async fn a_user_places_at_most_ten_calls_a_minute_over_all_their_sockets(backend: Backend) {
    let mut call = two_people(backend).await;
    let mut phone = connect(&call.app, &call.maya).await;
    let mut tablet = connect(&call.app, &call.maya).await;
    let attempt = json!({"type": "initiateCall", "toUserId": call.leo.id, "conversationId": call.id, "offer": offer()});
    let hang_up = json!({"type": "endCall", "toUserId": call.leo.id});
    // Ten calls from three sockets, in turn: the allowance is Maya's, not each socket's.
    for n in 0..10 {
        let socket = match n % 3 {
            0 => &mut call.maya_socket,
            1 => &mut phone,
            _ => &mut tablet,
        };
        send(socket, attempt.clone()).await;
        next_of(&mut call.leo_socket, "incomingCall").await;
        send(socket, hang_up.clone()).await;
        next_of(&mut call.leo_socket, "callEnded").await;
    }
    for socket in [&mut call.maya_socket, &mut phone, &mut tablet] {
        send(socket, attempt.clone()).await;
        assert_eq!(
            next_of(socket, "error").await["message"],
            "Too many calls: please wait a minute"
        );
    }
    assert_quiet_until_pong(&mut call.leo_socket, &["incomingCall"]).await;
    assert_eq!(lines(&call).await.len(), 10);
}

async fn a_call_between_people_blocked_either_way_is_rejected_unavailable_and_never_rings(
    backend: Backend,
) {
    let mut call = two_people(backend).await;
    let blocked = call
        .leo
        .post(&format!("/api/users/{}/block", call.maya.id))
        .await;
    assert_eq!(blocked.status(), 204);
    // Maya calls Leo, who blocked her; then Leo calls Maya.
    let (maya, leo) = (call.maya.id, call.leo.id);
    refused_call(&mut call.maya_socket, &mut call.leo_socket, leo, call.id).await;
    refused_call(&mut call.leo_socket, &mut call.maya_socket, maya, call.id).await;
    assert!(lines(&call).await.is_empty(), "no call line is written");
}

/// `callee` is unavailable to the caller at once, and their socket hears no ring.
async fn refused_call(caller: &mut Socket, callee_socket: &mut Socket, callee: i64, id: i64) {
    send(
        caller,
        json!({"type": "initiateCall", "toUserId": callee, "conversationId": id, "offer": offer()}),
    )
    .await;
    assert_eq!(
        next_of(caller, "callRejected").await,
        json!({"type": "callRejected", "fromUserId": callee, "reason": "unavailable"})
    );
    assert_quiet_until_pong(callee_socket, &["incomingCall"]).await;
}
