//! The background jobs, one pass at a time (`TestApp::housekeeping`, `TestApp::heartbeat`: the
//! server runs the same passes on its intervals): expired sessions deleted, calls that nothing
//! can end any more swept, and the users of a dead instance announced offline by a survivor's
//! heartbeat. Time moves with the app's manual clock, except a session's expiry, which follows
//! the real time (clock.rs), so an expired session is arranged in the database.

use std::time::Duration;

use atelier::calls::signalling::RING_LIMIT_MS;
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::both_backends;
use crate::cluster::{is_online, plant_dead_instance};
use crate::helpers::{Backend, TestApp, fresh_redis_prefix, redis_url, spawn_app, spawn_app_with};
use crate::image_server::image_url;
use crate::sockets::{Socket, assert_quiet_until_pong, connect, conversation, next_of};

both_backends!(
    housekeeping_deletes_expired_sessions_and_keeps_live_ones,
    housekeeping_ends_a_call_that_rang_too_long_by_the_apps_clock,
    housekeeping_ends_a_call_whose_instance_is_gone,
    housekeeping_deletes_stories_expired_by_the_apps_clock,
    the_heartbeat_announces_a_dead_instances_users_offline,
);

async fn session_rows(app: &TestApp, token_hash: &str) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sessions WHERE token_hash = $1")
        .bind(token_hash)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

async fn housekeeping_deletes_expired_sessions_and_keeps_live_ones(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // Another browser of Maya's whose session ran out a moment ago.
    let old = atelier::identity::session::new_token();
    let db = app.db().await;
    let expired_at = atelier::platform::db::now_ms() - 1;
    atelier::identity::store::sessions::insert(
        &db,
        &old.hash,
        &old.hash[..32],
        maya.id,
        "",
        expired_at,
    )
    .await
    .unwrap();
    db.pool.close().await;
    let old_browser = app.signed_in_with(maya.id, &old.token);
    assert_eq!(old_browser.get("/api/auth/user").await.status(), 401);
    assert_eq!(session_rows(&app, &old.hash).await, 1);

    app.housekeeping().await;

    assert_eq!(
        session_rows(&app, &old.hash).await,
        0,
        "the expired row is gone"
    );
    let me = maya.get_json("/api/auth/user").await;
    assert_eq!(me["id"], maya.id, "the live session still signs Maya in");
}

/// Maya and Leo chat, each with a socket open, and Maya has rung Leo.
struct Ringing {
    app: TestApp,
    maya: i64,
    maya_socket: Socket,
    leo_socket: Socket,
}

async fn ringing(backend: Backend) -> Ringing {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;
    let mut leo_socket = connect(&app, &leo).await;
    send(
        &mut maya_socket,
        json!({"type": "initiateCall", "toUserId": leo.id, "conversationId": id,
               "offer": {"type": "offer", "sdp": "v=0"}}),
    )
    .await;
    next_of(&mut leo_socket, "incomingCall").await;
    Ringing {
        app,
        maya: maya.id,
        maya_socket,
        leo_socket,
    }
}

async fn send(socket: &mut Socket, frame: Value) {
    socket.send(Message::text(frame.to_string())).await.unwrap();
}

/// The call's end as both people hear it: `callEnded` from the other, then the call's line.
async fn both_told_it_ended(call: &mut Ringing) -> Value {
    next_of(&mut call.maya_socket, "callEnded").await;
    next_of(&mut call.leo_socket, "callEnded").await;
    let line = next_of(&mut call.maya_socket, "newMessage").await["message"].clone();
    assert_eq!(
        next_of(&mut call.leo_socket, "newMessage").await["message"],
        line
    );
    assert_eq!(line["messageType"], "call");
    line
}

async fn housekeeping_ends_a_call_that_rang_too_long_by_the_apps_clock(backend: Backend) {
    let mut call = ringing(backend).await;
    let ring_limit = Duration::from_millis(RING_LIMIT_MS.try_into().unwrap());

    // Still inside the ring limit: the pass leaves the call alone.
    call.app.advance_clock(ring_limit - Duration::from_secs(2));
    call.app.housekeeping().await;
    assert_quiet_until_pong(&mut call.leo_socket, &["callEnded"]).await;
    assert_quiet_until_pong(&mut call.maya_socket, &["callEnded"]).await;

    call.app.advance_clock(Duration::from_secs(3));
    call.app.housekeeping().await;

    let line = both_told_it_ended(&mut call).await;
    assert_eq!(
        (&line["callOutcome"], &line["content"]),
        (&json!("missed"), &json!("Missed voice call"))
    );
}

async fn housekeeping_ends_a_call_whose_instance_is_gone(backend: Backend) {
    let mut call = ringing(backend).await;
    send(
        &mut call.leo_socket,
        json!({"type": "acceptCall", "toUserId": call.maya,
               "answer": {"type": "answer", "sdp": "v=0"}}),
    )
    .await;
    next_of(&mut call.maya_socket, "callAccepted").await;
    call.app.advance_clock(Duration::from_secs(90));
    // A pass while the call's instance lives: an answered call goes on, however long.
    call.app.housekeeping().await;
    assert_quiet_until_pong(&mut call.maya_socket, &["callEnded"]).await;

    // The instance that held both sockets crashed: its rows say the call goes on.
    let db = call.app.db().await;
    sqlx::query("UPDATE calls SET caller_instance = 'deadbeef', callee_instance = 'deadbeef'")
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    call.app.housekeeping().await;

    let line = both_told_it_ended(&mut call).await;
    assert_eq!(
        (&line["callOutcome"], &line["duration"]),
        (&json!("completed"), &json!(90))
    );
}

async fn housekeeping_deletes_stories_expired_by_the_apps_clock(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let story = maya
        .post_json(
            "/api/stories",
            &json!({"content": image_url("story.jpg"), "type": "image"}),
        )
        .await;
    assert_eq!(story.status(), 201);
    let stories = || async {
        let db = app.db().await;
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM stories")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        db.pool.close().await;
        count
    };

    app.advance_clock(Duration::from_secs(24 * 3600 - 60));
    app.housekeeping().await;
    assert_eq!(
        stories().await,
        1,
        "a minute short of a day, the story stays"
    );

    app.advance_clock(Duration::from_secs(61));
    app.housekeeping().await;
    assert_eq!(stories().await, 0);
}

async fn the_heartbeat_announces_a_dead_instances_users_offline(backend: Backend) {
    let Some(redis_url) = redis_url() else {
        return;
    };
    let prefix = fresh_redis_prefix();
    let (url, key_prefix) = (redis_url.clone(), prefix.clone());
    let app = spawn_app_with(backend, move |settings| {
        settings.redis_url = Some(url);
        settings.redis_prefix = key_prefix;
    })
    .await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;
    // Leo's only socket was on an instance that died without saying goodbye: its membership
    // is still in Redis, its heartbeat key has expired.
    let mut conn = plant_dead_instance(&redis_url, &prefix, leo.id).await;
    app.advance_clock(Duration::from_secs(3600));
    let swept_after = app.clock.now_ms();

    app.heartbeat().await;

    let offline = next_of(&mut maya_socket, "presence").await;
    assert_eq!(
        (offline["userId"].as_i64(), &offline["isOnline"]),
        (Some(leo.id), &json!(false))
    );
    // lastSeen is the app's time of the sweep, stored for everyone who asks later.
    let last_seen = chrono::DateTime::parse_from_rfc3339(offline["lastSeen"].as_str().unwrap())
        .unwrap()
        .timestamp_millis();
    assert!(last_seen >= swept_after, "{last_seen} < {swept_after}");
    let list = maya.get_json("/api/conversations").await;
    let leo_in_list = &list[0]["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["user"]["id"] == leo.id)
        .unwrap()["user"];
    assert_eq!(leo_in_list["lastSeen"], offline["lastSeen"]);
    assert!(!is_online(&maya, id, leo.id).await);
    let members: Vec<i64> =
        redis::AsyncCommands::smembers(&mut conn, format!("{prefix}:members:deadbeef"))
            .await
            .unwrap();
    assert!(members.is_empty(), "the dead instance's members are swept");

    // Swept once: the next beat tells nobody again.
    app.heartbeat().await;
    assert_quiet_until_pong(&mut maya_socket, &["presence"]).await;
}
