//! Live canvases (issue 25, docs/canvas-contract.md): who may open and join one, strokes stored
//! before they are relayed and replayed in order, cursors relayed with their names, undo and
//! clear, the room's people, the limits, malformed input answered with an `error` on an open
//! socket, the rooms across two instances, and the snapshot posted as a post.

use std::io::Cursor;

use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::both_backends;
use crate::helpers::{
    Backend, TestUser, error_of, fresh_redis_prefix, redis_url, spawn_app, spawn_app_with,
};
use crate::sockets::{
    Socket, assert_quiet_until_pong, assert_silent_until_pong, close_and_wait, connect, next_of,
};

both_backends!(
    a_canvas_is_made_and_listed_for_those_who_may_join_it,
    bad_canvases_and_invitations_are_refused_and_change_nothing,
    only_those_who_may_join_enter_the_room,
    a_stroke_is_stored_then_relayed_and_replayed_in_order,
    malformed_frames_get_an_error_store_nothing_and_keep_the_socket,
    cursors_are_relayed_with_the_name_to_the_others_only,
    undo_takes_back_your_own_stroke_and_clear_is_the_owners,
    the_room_shows_who_is_in_it_and_limits_hold,
    a_canvas_takes_20000_strokes_until_it_is_cleared,
    rooms_work_across_two_instances,
    someone_the_owner_blocks_leaves_the_room_at_once_and_hears_nothing_more,
    a_member_blocked_on_another_instance_leaves_the_room_at_once,
    the_picture_comes_in_pages_of_at_most_500_with_a_next_cursor,
    a_canvas_holds_at_most_8_mib_of_points_since_its_last_clear,
    cleared_and_undone_strokes_are_deleted_from_storage,
    the_snapshot_becomes_a_post_with_the_picture,
    an_invitation_tells_the_invitee_once_and_opens_the_canvas,
    the_owner_deletes_a_canvas_with_its_people_strokes_and_invitations,
);

async fn follow(who: &TestUser, whom: &TestUser) {
    let response = who.post(&format!("/api/users/{}/follow", whom.id)).await;
    assert_eq!(response.status(), 200, "following");
}

async fn block(who: &TestUser, whom: &TestUser) {
    let response = who.post(&format!("/api/users/{}/block", whom.id)).await;
    assert_eq!(response.status(), 204, "blocking");
}

/// `owner` opens a canvas; answers it.
async fn canvas(owner: &TestUser, title: &str, visibility: &str) -> Value {
    let response = owner
        .post_json(
            "/api/canvases",
            &json!({"title": title, "visibility": visibility}),
        )
        .await;
    assert_eq!(response.status(), 201, "opening a canvas");
    response.json().await.unwrap()
}

async fn invite(owner: &TestUser, canvas: i64, users: &[i64]) -> reqwest::Response {
    owner
        .post_json(
            &format!("/api/canvases/{canvas}/members"),
            &json!({"userIds": users}),
        )
        .await
}

/// The ids of the canvases in `who`'s list, newest first.
async fn listed(who: &TestUser) -> Vec<i64> {
    who.get_json("/api/canvases")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

/// The ids of the live strokes of `canvas` as `who` reads them, in order.
async fn stroke_ids(who: &TestUser, canvas: i64) -> Vec<String> {
    who.get_json(&format!("/api/canvases/{canvas}")).await["strokes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn send(socket: &mut Socket, frame: Value) {
    socket
        .send(Message::text(frame.to_string()))
        .await
        .expect("the socket takes a frame");
}

/// Joins `canvas` and reads up to the presence that says `user` is in.
async fn join(socket: &mut Socket, canvas: i64, user: i64) -> Value {
    send(socket, json!({"type": "canvasJoin", "canvasId": canvas})).await;
    loop {
        let presence = next_of(socket, "canvasPresence").await;
        if presence["canvasId"] == canvas
            && presence["users"]
                .as_array()
                .unwrap()
                .iter()
                .any(|u| u["id"] == user)
        {
            return presence;
        }
    }
}

fn stroke(id: &str, color: &str, points: Value) -> Value {
    json!({"id": id, "color": color, "width": 5, "points": points})
}

async fn draw(socket: &mut Socket, canvas: i64, stroke: Value) {
    send(
        socket,
        json!({"type": "canvasStroke", "canvasId": canvas, "stroke": stroke}),
    )
    .await;
}

async fn undo(socket: &mut Socket, canvas: i64, stroke: &str) {
    send(
        socket,
        json!({"type": "canvasUndo", "canvasId": canvas, "strokeId": stroke}),
    )
    .await;
}

async fn clear(socket: &mut Socket, canvas: i64) {
    send(socket, json!({"type": "canvasClear", "canvasId": canvas})).await;
}

/// The next `error` event's message.
async fn error_message(socket: &mut Socket) -> String {
    next_of(socket, "error").await["message"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn a_canvas_is_made_and_listed_for_those_who_may_join_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let sam = app.new_user("sam").await;
    let blake = app.new_user("blake").await;
    follow(&ines, &maya).await;
    follow(&blake, &maya).await;
    follow(&maya, &leo).await;

    let open = canvas(&maya, "  Sunset jam ", "followers").await;
    assert_eq!(open["title"], "Sunset jam");
    assert_eq!(open["visibility"], "followers");
    assert_eq!(open["owner"]["id"], maya.id);
    assert_eq!(open["owner"]["username"], "maya");
    assert!(open["owner"]["profileImageUrl"].is_null());
    assert_eq!(open["members"], json!([]));
    assert!(open["createdAt"].as_str().unwrap().ends_with('Z'));
    let open_id = open["id"].as_i64().unwrap();
    let closed = canvas(&maya, "Studio only", "invite").await;
    let closed_id = closed["id"].as_i64().unwrap();
    let invited = invite(&maya, closed_id, &[leo.id, leo.id, maya.id]).await;
    assert_eq!(invited.status(), 200);
    let invited: Value = invited.json().await.unwrap();
    assert_eq!(invited["members"].as_array().unwrap().len(), 1);
    assert_eq!(invited["members"][0]["username"], "leo");
    block(&maya, &blake).await;

    // The owner sees both; Leo the one he was invited to; Ines (a follower) the followers
    // canvas; a stranger and the blocked follower nothing.
    assert_eq!(listed(&maya).await, vec![closed_id, open_id]);
    assert_eq!(listed(&leo).await, vec![closed_id]);
    assert_eq!(listed(&ines).await, vec![open_id]);
    assert!(listed(&sam).await.is_empty());
    assert!(listed(&blake).await.is_empty());
    for (who, id, status) in [
        (&ines, open_id, 200),
        (&ines, closed_id, 404),
        (&leo, closed_id, 200),
        (&sam, open_id, 404),
        (&blake, open_id, 404),
    ] {
        let response = who.get(&format!("/api/canvases/{id}")).await;
        assert_eq!(response.status(), status, "user {} opens {id}", who.id);
    }
    let detail = leo.get_json(&format!("/api/canvases/{closed_id}")).await;
    assert_eq!(detail["title"], "Studio only");
    assert_eq!(detail["strokes"], json!([]));

    // Pages of one, newest first, with a cursor.
    let first = maya.get("/api/canvases?limit=1").await;
    let next = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    assert_eq!(first[0]["id"], closed_id);
    let second = maya
        .get(&format!("/api/canvases?limit=1&before={next}"))
        .await;
    assert!(second.headers().get("x-next-cursor").is_none());
    let second: Value = second.json().await.unwrap();
    assert_eq!(second[0]["id"], open_id);
}

async fn bad_canvases_and_invitations_are_refused_and_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sam = app.new_user("sam").await;
    let blake = app.new_user("blake").await;
    for body in [
        json!({"title": "   ", "visibility": "followers"}),
        json!({"title": "x".repeat(61), "visibility": "followers"}),
        json!({"title": "Jam", "visibility": "everyone"}),
        json!({"title": "Jam"}),
    ] {
        let response = maya.post_json("/api/canvases", &body).await;
        assert_eq!(response.status(), 400, "{body}");
    }
    assert!(listed(&maya).await.is_empty());

    let id = canvas(&maya, "Jam", "invite").await["id"].as_i64().unwrap();
    follow(&maya, &leo).await;
    follow(&maya, &blake).await;
    block(&blake, &maya).await;
    // Someone she does not follow, nobody, an unknown id: refused.
    assert_eq!(invite(&maya, id, &[sam.id]).await.status(), 403);
    assert_eq!(invite(&maya, id, &[]).await.status(), 400);
    assert_eq!(invite(&maya, id, &[maya.id]).await.status(), 400);
    assert_eq!(invite(&maya, id, &[i64::MAX]).await.status(), 403);
    // Blocked either way: a block ends the follow, so they are no one she follows now, and
    // nobody of a list with them in it is invited.
    let (status, message, _) = error_of(invite(&maya, id, &[leo.id, blake.id]).await).await;
    assert_eq!(
        (status, message.as_str()),
        (403, "You can invite only people you follow")
    );
    follow(&maya, &sam).await;
    block(&maya, &sam).await;
    assert_eq!(invite(&maya, id, &[sam.id]).await.status(), 403);
    // Not the owner: Leo, once invited, may join but not invite.
    assert_eq!(invite(&maya, id, &[leo.id]).await.status(), 200);
    follow(&leo, &maya).await;
    let (status, message, _) = error_of(invite(&leo, id, &[maya.id, sam.id]).await).await;
    assert_eq!(
        (status, message.as_str()),
        (403, "Only the canvas owner can do that")
    );
    // A stranger learns nothing.
    assert_eq!(invite(&sam, id, &[leo.id]).await.status(), 404);
    let members = maya.get_json(&format!("/api/canvases/{id}")).await["members"].clone();
    assert_eq!(members.as_array().unwrap().len(), 1);
    assert_eq!(members[0]["id"], leo.id);
}

async fn only_those_who_may_join_enter_the_room(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let ines = app.new_user("ines").await;
    let sam = app.new_user("sam").await;
    follow(&ines, &maya).await;
    let open = canvas(&maya, "Open jam", "followers").await["id"]
        .as_i64()
        .unwrap();
    let closed = canvas(&maya, "Closed jam", "invite").await["id"]
        .as_i64()
        .unwrap();

    let mut mayas = connect(&app, &maya).await;
    join(&mut mayas, open, maya.id).await;
    let mut sams = connect(&app, &sam).await;
    for id in [open, closed, i64::MAX] {
        send(&mut sams, json!({"type": "canvasJoin", "canvasId": id})).await;
        assert_eq!(error_message(&mut sams).await, "Canvas not found");
    }
    // Not joined: its strokes are refused, and it hears nothing of the room.
    draw(
        &mut sams,
        open,
        stroke("s1", "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
    )
    .await;
    assert_eq!(error_message(&mut sams).await, "Join the canvas first");
    let mut ines_socket = connect(&app, &ines).await;
    send(
        &mut ines_socket,
        json!({"type": "canvasJoin", "canvasId": closed}),
    )
    .await;
    assert_eq!(error_message(&mut ines_socket).await, "Canvas not found");
    join(&mut ines_socket, open, ines.id).await;
    draw(
        &mut mayas,
        open,
        stroke("m1", "#ef4444", json!([[0.1, 0.1], [0.9, 0.9]])),
    )
    .await;
    next_of(&mut ines_socket, "canvasStroke").await;
    assert_silent_until_pong(&mut sams).await;
    assert!(stroke_ids(&maya, open).await == vec!["m1".to_owned()]);
}

async fn a_stroke_is_stored_then_relayed_and_replayed_in_order(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    follow(&maya, &leo).await;
    let id = canvas(&maya, "Jam", "invite").await["id"].as_i64().unwrap();
    assert_eq!(invite(&maya, id, &[leo.id]).await.status(), 200);
    let mut mayas = connect(&app, &maya).await;
    let mut leos = connect(&app, &leo).await;
    join(&mut mayas, id, maya.id).await;
    join(&mut leos, id, leo.id).await;

    draw(
        &mut mayas,
        id,
        stroke("a", "#EF4444", json!([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])),
    )
    .await;
    let relayed = next_of(&mut leos, "canvasStroke").await;
    assert_eq!(relayed["canvasId"], id);
    assert_eq!(relayed["userId"], maya.id);
    assert_eq!(relayed["stroke"]["id"], "a");
    assert_eq!(relayed["stroke"]["userId"], maya.id);
    assert_eq!(relayed["stroke"]["color"], "#ef4444");
    assert_eq!(relayed["stroke"]["width"], 5);
    assert_eq!(
        relayed["stroke"]["points"],
        json!([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])
    );
    // The drawer's own socket hears it too (its other tabs draw it).
    assert_eq!(
        next_of(&mut mayas, "canvasStroke").await["stroke"]["id"],
        "a"
    );
    draw(
        &mut leos,
        id,
        stroke("b", "#3b82f6", json!([[0.5, 0.5], [0.6, 0.6]])),
    )
    .await;
    draw(
        &mut mayas,
        id,
        stroke("c", "#22c55e", json!([[0.2, 0.8], [0.3, 0.9]])),
    )
    .await;
    // A resent stroke is stored once and not relayed again.
    draw(
        &mut mayas,
        id,
        stroke("a", "#EF4444", json!([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])),
    )
    .await;
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let event = next_of(&mut leos, "canvasStroke").await;
        seen.push(event["stroke"]["id"].as_str().unwrap().to_owned());
    }
    seen.sort();
    assert_eq!(seen, ["b", "c"]);
    assert_quiet_until_pong(&mut mayas, &["error"]).await;
    assert_quiet_until_pong(&mut leos, &["canvasStroke"]).await;

    // Leo leaves and comes back later: the picture replays in the order it was drawn.
    close_and_wait(leos).await;
    let replay = leo.get_json(&format!("/api/canvases/{id}")).await;
    let strokes = replay["strokes"].as_array().unwrap();
    let order: Vec<&str> = strokes.iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(order.len(), 3);
    assert_eq!(order[0], "a");
    assert_eq!(
        strokes[0]["points"],
        json!([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])
    );
    assert_eq!(strokes[0]["color"], "#ef4444");
    assert!(strokes[0]["createdAt"].as_str().unwrap().ends_with('Z'));
    // b and c in the order the server stored them, which is the order the room saw them in.
    let mut again = connect(&app, &leo).await;
    join(&mut again, id, leo.id).await;
    draw(
        &mut mayas,
        id,
        stroke("d", "#18181b", json!([[0.0, 0.0], [1.0, 1.0]])),
    )
    .await;
    assert_eq!(
        next_of(&mut again, "canvasStroke").await["stroke"]["id"],
        "d"
    );
    let after = stroke_ids(&leo, id).await;
    assert_eq!(
        &after[..3],
        &order.iter().map(|s| s.to_string()).collect::<Vec<_>>()[..]
    );
    assert_eq!(after[3], "d");
}

async fn malformed_frames_get_an_error_store_nothing_and_keep_the_socket(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let id = canvas(&maya, "Jam", "invite").await["id"].as_i64().unwrap();
    let mut socket = connect(&app, &maya).await;
    join(&mut socket, id, maya.id).await;
    let many: Vec<[f64; 2]> = vec![[0.5, 0.5]; 2001];
    for (bad, message) in [
        (
            stroke("x1", "red", json!([[0.1, 0.1], [0.2, 0.2]])),
            "Stroke colour must be #rrggbb",
        ),
        (
            stroke("x2", "#12345", json!([[0.1, 0.1], [0.2, 0.2]])),
            "Stroke colour must be #rrggbb",
        ),
        (
            stroke("x3", "#123456", json!([[0.1, 0.1]])),
            "A stroke has 2 to 2000 points",
        ),
        (
            stroke("x4", "#123456", json!(many)),
            "A stroke has 2 to 2000 points",
        ),
        (
            stroke("x5", "#123456", json!([[0.1, 1.5], [0.2, 0.2]])),
            "Stroke points must lie on the canvas (0 to 1)",
        ),
        (
            stroke("x6", "#123456", json!([[-0.1, 0.5], [0.2, 0.2]])),
            "Stroke points must lie on the canvas (0 to 1)",
        ),
        (
            json!({"id": "x7", "color": "#123456", "width": 0, "points": [[0.1, 0.1], [0.2, 0.2]]}),
            "Stroke width must be 1 to 50",
        ),
        (
            json!({"id": "x8", "color": "#123456", "width": 51, "points": [[0.1, 0.1], [0.2, 0.2]]}),
            "Stroke width must be 1 to 50",
        ),
        (
            stroke("has space", "#123456", json!([[0.1, 0.1], [0.2, 0.2]])),
            "A stroke needs an id (a uuid)",
        ),
    ] {
        draw(&mut socket, id, bad.clone()).await;
        assert_eq!(error_message(&mut socket).await, message, "{bad}");
    }
    // Not JSON of a stroke at all: the frame's own error.
    for frame in [
        json!({"type": "canvasStroke", "canvasId": id, "stroke": {"id": "y", "color": "#000000"}}),
        json!({"type": "canvasStroke", "canvasId": id, "stroke": {"id": "y", "color": "#000000", "width": 2, "points": [[0.1, "a"], [0.2, 0.2]]}}),
        json!({"type": "canvasCursor", "canvasId": id, "x": "left", "y": 0.2}),
    ] {
        send(&mut socket, frame).await;
        assert!(
            error_message(&mut socket)
                .await
                .starts_with("Invalid frame")
        );
    }
    send(
        &mut socket,
        json!({"type": "canvasCursor", "canvasId": id, "x": 1.2, "y": 0.2}),
    )
    .await;
    assert_eq!(
        error_message(&mut socket).await,
        "Cursor must lie on the canvas (0 to 1)"
    );
    // A frame over 64 KiB closes the socket; one under it with too many points
    // was answered above and the socket is still open.
    assert_silent_until_pong(&mut socket).await;
    assert!(stroke_ids(&maya, id).await.is_empty());
}

/// Maya's followers canvas with Maya and Ines (a follower) in its room, each on a socket.
struct Room {
    maya: TestUser,
    ines: TestUser,
    id: i64,
    mayas: Socket,
    ines_socket: Socket,
}

async fn room_of_two(app: &crate::helpers::TestApp) -> Room {
    let maya = app.new_user("maya").await;
    let ines = app.new_user("ines").await;
    follow(&ines, &maya).await;
    let id = canvas(&maya, "Jam", "followers").await["id"]
        .as_i64()
        .unwrap();
    let mut mayas = connect(app, &maya).await;
    let mut ines_socket = connect(app, &ines).await;
    join(&mut mayas, id, maya.id).await;
    join(&mut ines_socket, id, ines.id).await;
    Room {
        maya,
        ines,
        id,
        mayas,
        ines_socket,
    }
}

async fn cursors_are_relayed_with_the_name_to_the_others_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let Room {
        maya,
        id,
        mut mayas,
        mut ines_socket,
        ..
    } = room_of_two(&app).await;
    send(
        &mut mayas,
        json!({"type": "canvasCursor", "canvasId": id, "x": 0.25, "y": 0.75}),
    )
    .await;
    let cursor = next_of(&mut ines_socket, "canvasCursor").await;
    assert_eq!(cursor["canvasId"], id);
    assert_eq!(cursor["user"]["id"], maya.id);
    assert_eq!(cursor["user"]["displayName"], "maya display");
    assert_eq!(cursor["x"], 0.25);
    assert_eq!(cursor["y"], 0.75);
    assert_quiet_until_pong(&mut mayas, &["canvasCursor"]).await;
    // Never stored: the canvas has no strokes.
    assert!(stroke_ids(&maya, id).await.is_empty());
    // Past 20 a second, moves are dropped, not answered.
    for n in 0..40 {
        send(
            &mut mayas,
            json!({"type": "canvasCursor", "canvasId": id, "x": 0.5, "y": f64::from(n) / 100.0}),
        )
        .await;
    }
    assert_quiet_until_pong(&mut mayas, &["error"]).await;
    let mut relayed = 0;
    send(&mut ines_socket, json!({"type": "ping"})).await;
    loop {
        let event = crate::sockets::next_event(&mut ines_socket).await;
        match event["type"].as_str().unwrap() {
            "canvasCursor" => relayed += 1,
            "pong" => break,
            _ => {}
        }
    }
    assert!((15..40).contains(&relayed), "{relayed} of 40 moves relayed");
}

async fn undo_takes_back_your_own_stroke_and_clear_is_the_owners(backend: Backend) {
    let app = spawn_app(backend).await;
    let Room {
        maya,
        ines,
        id,
        mut mayas,
        mut ines_socket,
    } = room_of_two(&app).await;
    let line = || json!([[0.1, 0.1], [0.2, 0.2]]);
    draw(&mut mayas, id, stroke("m1", "#000000", line())).await;
    next_of(&mut ines_socket, "canvasStroke").await;
    draw(&mut ines_socket, id, stroke("i1", "#000000", line())).await;
    next_of(&mut ines_socket, "canvasStroke").await;
    draw(&mut mayas, id, stroke("m2", "#000000", line())).await;
    next_of(&mut ines_socket, "canvasStroke").await;

    // Someone else's stroke, or one that is not there: refused.
    undo(&mut ines_socket, id, "m1").await;
    assert_eq!(error_message(&mut ines_socket).await, "Stroke not found");
    undo(&mut ines_socket, id, "zz").await;
    assert_eq!(error_message(&mut ines_socket).await, "Stroke not found");
    undo(&mut mayas, id, "m2").await;
    let undone = next_of(&mut ines_socket, "canvasUndo").await;
    assert_eq!(undone["strokeId"], "m2");
    assert_eq!(undone["canvasId"], id);
    assert_eq!(stroke_ids(&ines, id).await, ["m1", "i1"]);
    // Twice is not there any more.
    undo(&mut mayas, id, "m2").await;
    assert_eq!(error_message(&mut mayas).await, "Stroke not found");

    // Clear: the owner's alone.
    clear(&mut ines_socket, id).await;
    assert_eq!(
        error_message(&mut ines_socket).await,
        "Only the canvas owner can do that"
    );
    assert_eq!(stroke_ids(&ines, id).await.len(), 2);
    clear(&mut mayas, id).await;
    assert_eq!(
        next_of(&mut ines_socket, "canvasCleared").await["canvasId"],
        id
    );
    assert!(stroke_ids(&ines, id).await.is_empty());
    // A stroke from before the clear cannot be undone back into view; new ones draw on.
    undo(&mut ines_socket, id, "i1").await;
    assert_eq!(error_message(&mut ines_socket).await, "Stroke not found");
    draw(
        &mut ines_socket,
        id,
        stroke("i2", "#000000", json!([[0.3, 0.3], [0.4, 0.4]])),
    )
    .await;
    next_of(&mut mayas, "canvasStroke").await;
    assert_eq!(stroke_ids(&maya, id).await, ["i2"]);
}

async fn the_room_shows_who_is_in_it_and_limits_hold(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let crowd = app.synthetic_users_signed_in(64);
    for person in &crowd {
        follow(person, &maya).await;
    }
    let id = canvas(&maya, "Crowd", "followers").await["id"]
        .as_i64()
        .unwrap();

    // Maya joins, then Ines: each presence lists who is in, in the order they came.
    let mut mayas = connect(&app, &maya).await;
    let alone = join(&mut mayas, id, maya.id).await;
    assert_eq!(alone["users"].as_array().unwrap().len(), 1);
    assert_eq!(alone["users"][0]["username"], "maya");
    let mut sockets = Vec::new();
    for person in &crowd[..63] {
        let mut socket = connect(&app, person).await;
        join(&mut socket, id, person.id).await;
        sockets.push(socket);
    }
    let last = presence_of(&mut mayas, 64).await;
    assert_eq!(last["users"][0]["id"], maya.id);
    // The 65th person is refused; the room stays as it was.
    let mut late = connect(&app, &crowd[63]).await;
    send(&mut late, json!({"type": "canvasJoin", "canvasId": id})).await;
    assert_eq!(
        error_message(&mut late).await,
        "This canvas is full right now"
    );
    // Someone leaves (by closing): everyone is told, and there is room again.
    close_and_wait(sockets.pop().unwrap()).await;
    let after = next_of(&mut mayas, "canvasPresence").await;
    assert_eq!(after["users"].as_array().unwrap().len(), 63);
    join(&mut late, id, crowd[63].id).await;
    presence_of(&mut mayas, 64).await;
    // Leaving by frame too.
    send(&mut late, json!({"type": "canvasLeave", "canvasId": id})).await;
    let left = presence_of(&mut mayas, 63).await;
    assert!(
        !left["users"]
            .to_string()
            .contains(&format!("\"id\":{}", crowd[63].id))
    );

    // More than 10 strokes a second: the rest are refused with an error and not stored. The
    // app's clock stands still meanwhile, so the burst is one instant however slowly the
    // machine handles it: 10 are taken, 5 refused.
    app.clock.freeze();
    for n in 0..15 {
        draw(
            &mut mayas,
            id,
            stroke(
                &format!("burst{n}"),
                "#000000",
                json!([[0.1, 0.1], [0.2, 0.2]]),
            ),
        )
        .await;
    }
    let mut refused = 0;
    send(&mut mayas, json!({"type": "ping"})).await;
    loop {
        let event = crate::sockets::next_event(&mut mayas).await;
        match event["type"].as_str().unwrap() {
            "error" => {
                assert_eq!(
                    event["message"],
                    "You're drawing too fast. Please slow down."
                );
                refused += 1;
            }
            "pong" => break,
            _ => {}
        }
    }
    let stored = stroke_ids(&maya, id).await.len();
    assert_eq!(
        (stored, refused),
        (10, 5),
        "{stored} stored, {refused} refused"
    );
}

/// The next presence event of `socket` that lists `count` people.
async fn presence_of(socket: &mut Socket, count: usize) -> Value {
    loop {
        let presence = next_of(socket, "canvasPresence").await;
        if presence["users"].as_array().unwrap().len() == count {
            return presence;
        }
    }
}

async fn a_canvas_takes_20000_strokes_until_it_is_cleared(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let id = canvas(&maya, "Jam", "invite").await["id"].as_i64().unwrap();
    // 19,999 strokes stored since its last clear (set directly: drawing them would take half an
    // hour at 10 a second).
    let db = app.db().await;
    sqlx::query("UPDATE canvases SET live_strokes = 19999 WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    let mut socket = connect(&app, &maya).await;
    join(&mut socket, id, maya.id).await;
    draw(
        &mut socket,
        id,
        stroke("last", "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
    )
    .await;
    next_of(&mut socket, "canvasStroke").await;
    draw(
        &mut socket,
        id,
        stroke("over", "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
    )
    .await;
    assert_eq!(
        error_message(&mut socket).await,
        "This canvas has no room for more strokes: clear it to go on"
    );
    assert_eq!(stroke_ids(&maya, id).await, ["last"]);
    clear(&mut socket, id).await;
    next_of(&mut socket, "canvasCleared").await;
    draw(
        &mut socket,
        id,
        stroke("over", "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
    )
    .await;
    assert_eq!(
        next_of(&mut socket, "canvasStroke").await["stroke"]["id"],
        "over"
    );
}

async fn rooms_work_across_two_instances(backend: Backend) {
    let Some(redis) = redis_url() else {
        return;
    };
    let prefix = fresh_redis_prefix();
    let first = spawn_app_with(backend, move |settings| {
        settings.redis_url = Some(redis);
        settings.redis_prefix = prefix;
    })
    .await;
    let second = first.spawn_twin().await;
    let maya = first.new_user("maya").await;
    let ines = first.new_user("ines").await;
    follow(&ines, &maya).await;
    let id = canvas(&maya, "Jam", "followers").await["id"]
        .as_i64()
        .unwrap();
    let mut mayas = connect(&first, &maya).await;
    let ines_there = ines.clone_on(&second);
    let mut ines_socket = connect(&second, &ines_there).await;
    join(&mut mayas, id, maya.id).await;
    // Ines joins on the other instance: both see both.
    let seen = join(&mut ines_socket, id, ines.id).await;
    assert_eq!(seen["users"].as_array().unwrap().len(), 2);
    let both = presence_of(&mut mayas, 2).await;
    assert_eq!(both["users"][1]["id"], ines.id);
    draw(
        &mut mayas,
        id,
        stroke("m1", "#ef4444", json!([[0.1, 0.1], [0.5, 0.5]])),
    )
    .await;
    assert_eq!(
        next_of(&mut ines_socket, "canvasStroke").await["stroke"]["id"],
        "m1"
    );
    send(
        &mut ines_socket,
        json!({"type": "canvasCursor", "canvasId": id, "x": 0.4, "y": 0.6}),
    )
    .await;
    assert_eq!(
        next_of(&mut mayas, "canvasCursor").await["user"]["id"],
        ines.id
    );
    clear(&mut mayas, id).await;
    next_of(&mut ines_socket, "canvasCleared").await;
    // Ines's socket closes on the second instance: Maya hears the room shrink.
    close_and_wait(ines_socket).await;
    let alone = presence_of(&mut mayas, 1).await;
    assert_eq!(alone["users"][0]["id"], maya.id);
}

/// Issue 39: the owner blocks someone in the room, who sends nothing: their sockets hear
/// `canvasLeft` at once, the others the smaller room, and no stroke, cursor or presence of the
/// room reaches them after; a frame of theirs in it is refused and stores nothing.
async fn someone_the_owner_blocks_leaves_the_room_at_once_and_hears_nothing_more(backend: Backend) {
    let app = spawn_app(backend).await;
    let Room {
        maya,
        ines,
        id,
        mut mayas,
        mut ines_socket,
    } = room_of_two(&app).await;
    let mut ines_tablet = connect(&app, &ines).await;
    join(&mut ines_tablet, id, ines.id).await;
    block(&maya, &ines).await;
    for socket in [&mut ines_socket, &mut ines_tablet] {
        let left = next_of(socket, "canvasLeft").await;
        assert_eq!(left, json!({"type": "canvasLeft", "canvasId": id}));
    }
    assert_eq!(presence_of(&mut mayas, 1).await["users"][0]["id"], maya.id);

    // Maya draws and moves her pointer: her own socket hears the stroke (so Ines's would have
    // been sent by then), Ines nothing.
    draw(
        &mut mayas,
        id,
        stroke("after", "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
    )
    .await;
    next_of(&mut mayas, "canvasStroke").await;
    send(
        &mut mayas,
        json!({"type": "canvasCursor", "canvasId": id, "x": 0.5, "y": 0.5}),
    )
    .await;
    assert_quiet_until_pong(&mut mayas, &["error"]).await;
    for socket in [&mut ines_socket, &mut ines_tablet] {
        assert_quiet_until_pong(socket, &["canvasStroke", "canvasCursor", "canvasPresence"]).await;
    }
    // Her frames in the room are refused, store nothing, and tell Maya nothing.
    draw(
        &mut ines_socket,
        id,
        stroke("late", "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
    )
    .await;
    assert_eq!(error_message(&mut ines_socket).await, "Canvas not found");
    send(
        &mut ines_tablet,
        json!({"type": "canvasCursor", "canvasId": id, "x": 0.5, "y": 0.5}),
    )
    .await;
    assert_eq!(error_message(&mut ines_tablet).await, "Canvas not found");
    assert_eq!(stroke_ids(&maya, id).await, ["after"]);
    assert_eq!(ines.get(&format!("/api/canvases/{id}")).await.status(), 404);
    assert_quiet_until_pong(
        &mut mayas,
        &["canvasCursor", "canvasStroke", "canvasPresence"],
    )
    .await;
}

/// Issue 39, across instances: Ines's socket is on the second instance, and Maya blocks her
/// through the first.
async fn a_member_blocked_on_another_instance_leaves_the_room_at_once(backend: Backend) {
    let Some(redis) = redis_url() else {
        return;
    };
    let prefix = fresh_redis_prefix();
    let first = spawn_app_with(backend, move |settings| {
        settings.redis_url = Some(redis);
        settings.redis_prefix = prefix;
    })
    .await;
    let second = first.spawn_twin().await;
    let maya = first.new_user("maya").await;
    let ines = first.new_user("ines").await;
    let leo = first.new_user("leo").await;
    follow(&ines, &maya).await;
    follow(&leo, &maya).await;
    let id = canvas(&maya, "Jam", "followers").await["id"]
        .as_i64()
        .unwrap();
    let mut mayas = connect(&first, &maya).await;
    let mut ines_socket = connect(&second, &ines.clone_on(&second)).await;
    let mut leos = connect(&second, &leo.clone_on(&second)).await;
    join(&mut mayas, id, maya.id).await;
    join(&mut ines_socket, id, ines.id).await;
    join(&mut leos, id, leo.id).await;
    presence_of(&mut mayas, 3).await;

    block(&maya, &ines).await;
    assert_eq!(
        next_of(&mut ines_socket, "canvasLeft").await["canvasId"],
        id
    );
    let two = presence_of(&mut mayas, 2).await;
    assert!(
        !two["users"]
            .to_string()
            .contains(&format!("\"id\":{}", ines.id))
    );
    presence_of(&mut leos, 2).await;
    // Maya draws: Leo, on Ines's instance, hears it; Ines, whose socket is there too, nothing.
    draw(
        &mut mayas,
        id,
        stroke("after", "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
    )
    .await;
    assert_eq!(
        next_of(&mut leos, "canvasStroke").await["stroke"]["id"],
        "after"
    );
    assert_quiet_until_pong(&mut ines_socket, &["canvasStroke", "canvasPresence"]).await;
}

/// `count` strokes stored on `canvas` by `user` at once (drawing them would take a minute at
/// 10 a second), ids `bulk1`…, before any drawn after.
async fn stored_strokes(app: &crate::helpers::TestApp, canvas: i64, user: i64, count: i64) {
    let db = app.db().await;
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $3)
         INSERT INTO canvas_strokes (canvas_id, client_id, user_id, color, width, points, created_at)
         SELECT $1, 'bulk' || CAST(i AS TEXT), $2, '#000000', 5, '[[0.1,0.1],[0.2,0.2]]', 0
         FROM n ORDER BY i",
    )
    .bind(canvas)
    .bind(user)
    .bind(count)
    .execute(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
}

async fn the_picture_comes_in_pages_of_at_most_500_with_a_next_cursor(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let id = canvas(&maya, "Jam", "invite").await["id"].as_i64().unwrap();
    stored_strokes(&app, id, maya.id, 501).await;
    let mut socket = connect(&app, &maya).await;
    join(&mut socket, id, maya.id).await;
    for name in ["a", "b", "c"] {
        draw(
            &mut socket,
            id,
            stroke(name, "#000000", json!([[0.1, 0.1], [0.2, 0.2]])),
        )
        .await;
        next_of(&mut socket, "canvasStroke").await;
    }

    // 504 strokes: a first page of 500 (the default and the most), then the last 4.
    let first = maya.get_json(&format!("/api/canvases/{id}")).await;
    assert_eq!(first["title"], "Jam");
    let strokes = first["strokes"].as_array().unwrap();
    assert_eq!(strokes.len(), 500);
    assert_eq!(
        (&strokes[0]["id"], &strokes[499]["id"]),
        (&json!("bulk1"), &json!("bulk500"))
    );
    let cursor = first["nextCursor"].as_i64().expect("a next page");
    let last = maya
        .get_json(&format!("/api/canvases/{id}?after={cursor}&limit=500"))
        .await;
    let ids: Vec<&str> = last["strokes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["bulk501", "a", "b", "c"]);
    assert!(last["nextCursor"].is_null());

    // Smaller pages follow on without repeats or gaps; an undone stroke drops out of them.
    undo(&mut socket, id, "b").await;
    next_of(&mut socket, "canvasUndo").await;
    let mut after = cursor;
    let mut seen = Vec::new();
    loop {
        let page = maya
            .get_json(&format!("/api/canvases/{id}?after={after}&limit=1"))
            .await;
        seen.extend(
            page["strokes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["id"].as_str().unwrap().to_owned()),
        );
        match page["nextCursor"].as_i64() {
            Some(next) => after = next,
            None => break,
        }
    }
    assert_eq!(seen, ["bulk501", "a", "c"]);

    // Bad pages are refused with a message.
    for query in ["limit=501", "limit=0", "after=-1", "after=abc", "limit=x"] {
        let (status, message, _) =
            error_of(maya.get(&format!("/api/canvases/{id}?{query}")).await).await;
        assert_eq!(status, 400, "{query}");
        assert!(!message.is_empty());
    }
}

/// The canvas's stored points count, and its stored strokes' rows, read directly.
async fn storage(app: &crate::helpers::TestApp, canvas: i64) -> (i64, i64, i64) {
    let db = app.db().await;
    let (bytes,): (i64,) = sqlx::query_as("SELECT live_point_bytes FROM canvases WHERE id = $1")
        .bind(canvas)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let (rows, stored): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(LENGTH(points)), 0) AS BIGINT)
         FROM canvas_strokes WHERE canvas_id = $1",
    )
    .bind(canvas)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    (bytes, rows, stored)
}

async fn a_canvas_holds_at_most_8_mib_of_points_since_its_last_clear(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let id = canvas(&maya, "Jam", "invite").await["id"].as_i64().unwrap();
    let mut socket = connect(&app, &maya).await;
    join(&mut socket, id, maya.id).await;
    let line = || json!([[0.125, 0.25], [0.5, 0.75]]);
    // The points as stored: the server's JSON of the checked pairs.
    let line_bytes = line().to_string().len() as i64;
    draw(&mut socket, id, stroke("a", "#000000", line())).await;
    next_of(&mut socket, "canvasStroke").await;
    draw(
        &mut socket,
        id,
        stroke("b", "#000000", json!([[0.5, 0.5], [0.6, 0.6], [0.7, 0.7]])),
    )
    .await;
    next_of(&mut socket, "canvasStroke").await;
    let (bytes, rows, stored) = storage(&app, id).await;
    assert_eq!(
        (bytes, rows),
        (stored, 2),
        "the count is the stored points' bytes"
    );

    // Filled to one line short of 8 MiB (set directly: drawing 8 MiB takes minutes): that line
    // fits exactly, the next is refused and not stored.
    let db = app.db().await;
    sqlx::query("UPDATE canvases SET live_point_bytes = $2 WHERE id = $1")
        .bind(id)
        .bind(8 * 1024 * 1024 - line_bytes)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    draw(&mut socket, id, stroke("fits", "#000000", line())).await;
    next_of(&mut socket, "canvasStroke").await;
    draw(&mut socket, id, stroke("over", "#000000", line())).await;
    assert_eq!(
        error_message(&mut socket).await,
        "This canvas is full: clear it or start a new one"
    );
    assert_eq!(stroke_ids(&maya, id).await, ["a", "b", "fits"]);
    // An undo gives its points back; a Clear all of them.
    undo(&mut socket, id, "fits").await;
    next_of(&mut socket, "canvasUndo").await;
    draw(&mut socket, id, stroke("over", "#000000", line())).await;
    next_of(&mut socket, "canvasStroke").await;
    draw(&mut socket, id, stroke("again", "#000000", line())).await;
    assert_eq!(
        error_message(&mut socket).await,
        "This canvas is full: clear it or start a new one"
    );
    clear(&mut socket, id).await;
    next_of(&mut socket, "canvasCleared").await;
    assert_eq!(storage(&app, id).await, (0, 0, 0));
    draw(&mut socket, id, stroke("again", "#000000", line())).await;
    next_of(&mut socket, "canvasStroke").await;
    assert_eq!(storage(&app, id).await, (line_bytes, 1, line_bytes));
}

async fn cleared_and_undone_strokes_are_deleted_from_storage(backend: Backend) {
    let app = spawn_app(backend).await;
    let Room {
        maya,
        id,
        mut mayas,
        mut ines_socket,
        ..
    } = room_of_two(&app).await;
    let line = || json!([[0.1, 0.1], [0.2, 0.2]]);
    // Both sockets hear every stroke, in order: each is stored once both have heard it.
    for (by_maya, name) in [(true, "m1"), (false, "i1"), (true, "m2")] {
        let socket = if by_maya {
            &mut mayas
        } else {
            &mut ines_socket
        };
        draw(socket, id, stroke(name, "#000000", line())).await;
        for socket in [&mut mayas, &mut ines_socket] {
            assert_eq!(next_of(socket, "canvasStroke").await["stroke"]["id"], name);
        }
    }
    assert_eq!(storage(&app, id).await.1, 3);

    // Undone: the row is gone, and a reload no longer draws it; the room heard canvasUndo.
    undo(&mut ines_socket, id, "i1").await;
    assert_eq!(next_of(&mut mayas, "canvasUndo").await["strokeId"], "i1");
    let (_, rows, _) = storage(&app, id).await;
    assert_eq!(rows, 2);
    assert_eq!(stroke_ids(&maya, id).await, ["m1", "m2"]);

    // Cleared: every row is gone; the room heard canvasCleared; new strokes are stored.
    clear(&mut mayas, id).await;
    next_of(&mut ines_socket, "canvasCleared").await;
    assert_eq!(storage(&app, id).await, (0, 0, 0));
    assert!(stroke_ids(&maya, id).await.is_empty());
    draw(&mut ines_socket, id, stroke("i2", "#000000", line())).await;
    next_of(&mut mayas, "canvasStroke").await;
    assert_eq!(storage(&app, id).await.1, 1);
    assert_eq!(stroke_ids(&maya, id).await, ["i2"]);
}

fn png_data_url(colour: [u8; 3]) -> String {
    crate::helpers::png_data_url(40, 30, colour)
}

async fn the_snapshot_becomes_a_post_with_the_picture(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let ines = app.new_user("ines").await;
    let sam = app.new_user("sam").await;
    follow(&ines, &maya).await;
    let id = canvas(&maya, "Jam", "followers").await["id"]
        .as_i64()
        .unwrap();
    let snapshot = |caption: &str| json!({"image": png_data_url([220, 40, 40]), "caption": caption, "tags": ["canvas"]});

    // A stranger cannot post it; a JPEG or a link is no snapshot.
    let response = sam
        .post_json(&format!("/api/canvases/{id}/snapshot"), &snapshot("mine"))
        .await;
    assert_eq!(response.status(), 404);
    let jpeg = {
        use base64::Engine;
        let image = image::RgbImage::from_pixel(8, 8, image::Rgb([1, 2, 3]));
        let mut bytes = Cursor::new(Vec::new());
        image
            .write_to(&mut bytes, image::ImageFormat::Jpeg)
            .unwrap();
        format!(
            "data:image/png;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(bytes.into_inner())
        )
    };
    let response = maya
        .post_json(
            &format!("/api/canvases/{id}/snapshot"),
            &json!({"image": jpeg}),
        )
        .await;
    assert_eq!(response.status(), 415);
    let response = maya
        .post_json(
            &format!("/api/canvases/{id}/snapshot"),
            &json!({"image": "https://img.example.com/a.png"}),
        )
        .await;
    assert_eq!(response.status(), 400);
    assert!(maya.get_json(&format!("/api/posts/user/{}", maya.id)).await == json!([]));

    // A follower who may join posts it as her own post.
    let response = ines
        .post_json(
            &format!("/api/canvases/{id}/snapshot"),
            &snapshot("We drew this together #canvas"),
        )
        .await;
    assert_eq!(response.status(), 201);
    let post: Value = response.json().await.unwrap();
    assert_eq!(post["user"]["id"], ines.id);
    assert_eq!(post["caption"], "We drew this together #canvas");
    assert_eq!(post["tags"], json!(["canvas"]));
    let image_url = post["imageUrl"].as_str().unwrap();
    assert!(image_url.starts_with("/media/"), "{image_url}");
    // The stored picture is the drawing (re-encoded: its colour within a JPEG's tolerance).
    let bytes = ines.get(image_url).await.bytes().await.unwrap();
    let stored = image::load_from_memory(&bytes).unwrap().to_rgb8();
    let pixel = stored.get_pixel(stored.width() / 2, stored.height() / 2).0;
    assert!(
        pixel[0] > 190 && pixel[1] < 80 && pixel[2] < 80,
        "{pixel:?} is the canvas's red"
    );
    let feed = maya.get_json("/api/posts").await;
    assert_eq!(feed[0]["id"], post["id"]);
}

/// The canvas invitations among `user`'s notifications (following someone tells them too).
async fn invitations(user: &TestUser) -> Vec<Value> {
    let all = user.get_json("/api/notifications").await;
    all.as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "canvas_invite")
        .cloned()
        .collect()
}

async fn an_invitation_tells_the_invitee_once_and_opens_the_canvas(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    follow(&maya, &leo).await;
    let sunset = canvas(&maya, "Sunset", "invite").await;
    let id = sunset["id"].as_i64().unwrap();

    assert_eq!(invite(&maya, id, &[leo.id]).await.status(), 200);

    let told = invitations(&leo).await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["kind"], "canvas_invite");
    assert_eq!(told[0]["text"], "maya invited you to draw on \"Sunset\"");
    assert_eq!(told[0]["url"], format!("/canvas/{id}"));
    assert_eq!(told[0]["target"]["type"], "canvas");
    assert_eq!(told[0]["actors"][0]["username"], "maya");
    // Invited again: nothing new.
    assert_eq!(invite(&maya, id, &[leo.id]).await.status(), 200);
    assert_eq!(invitations(&leo).await.len(), 1);
    // And the owner hears nothing of her own act.
    assert_eq!(maya.get_json("/api/notifications").await, json!([]));
}

async fn the_owner_deletes_a_canvas_with_its_people_strokes_and_invitations(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sam = app.new_user("sam").await;
    follow(&maya, &leo).await;
    follow(&sam, &maya).await;
    let sketch = canvas(&maya, "Sketch", "followers").await;
    let id = sketch["id"].as_i64().unwrap();
    assert_eq!(invite(&maya, id, &[leo.id]).await.status(), 200);
    let path = format!("/api/canvases/{id}");

    // Leo may join it, Sam too (a follower): neither may delete it.
    for other in [&leo, &sam] {
        let (status, message, _) = error_of(other.delete(&path).await).await;
        assert_eq!(
            (status, message.as_str()),
            (403, "Only the canvas owner can do that")
        );
    }
    let stranger = app.new_user("ines").await;
    assert_eq!(error_of(stranger.delete(&path).await).await.0, 404);
    assert_eq!(
        error_of(maya.delete("/api/canvases/abc").await).await.0,
        400
    );

    assert_eq!(maya.delete(&path).await.status(), 204);

    assert_eq!(error_of(maya.get(&path).await).await.0, 404);
    assert_eq!(listed(&leo).await, Vec::<i64>::new());
    assert_eq!(
        invitations(&leo).await,
        Vec::<Value>::new(),
        "the invitation went"
    );
    assert_eq!(error_of(maya.delete(&path).await).await.0, 404);
}
