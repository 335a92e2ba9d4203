//! Message requests (issue 43, as on Instagram): a message from someone you don't follow and
//! have never written to lands in Requests, not the inbox, and is not counted as unread;
//! Accept moves it to the inbox, Delete takes it out of your list; the sender is told neither.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};
use crate::sockets::{assert_silent_until_pong, connect};

both_backends!(
    a_message_from_a_stranger_lands_in_requests_and_is_not_counted,
    a_message_from_someone_you_follow_lands_in_the_inbox,
    accepting_moves_it_to_the_inbox_and_the_sender_is_not_told,
    deleting_removes_it_for_you_only_and_the_sender_is_not_told,
    replying_to_a_request_accepts_it,
    answering_what_is_not_your_request_is_refused,
);

async fn start(user: &TestUser, other: i64) -> i64 {
    let response = user
        .post_json("/api/conversations", &json!({"otherUserId": other}))
        .await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap()
}

async fn say(user: &TestUser, conversation: i64, text: &str) {
    let response = user
        .post_json(
            &format!("/api/conversations/{conversation}/messages"),
            &json!({"content": text}),
        )
        .await;
    assert_eq!(response.status(), 201);
}

/// The ids of `user`'s inbox and of their requests.
async fn folders(user: &TestUser) -> (Vec<i64>, Vec<i64>) {
    let ids = |list: Value| -> Vec<i64> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_i64().unwrap())
            .collect()
    };
    (
        ids(user.get_json("/api/conversations").await),
        ids(user.get_json("/api/conversations?requests=true").await),
    )
}

async fn unread(user: &TestUser) -> i64 {
    user.get_json("/api/conversations/unread-count").await["count"]
        .as_i64()
        .unwrap()
}

async fn a_message_from_a_stranger_lands_in_requests_and_is_not_counted(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    let id = start(&maya, leo.id).await;
    say(&maya, id, "hi, loved your last reel").await;

    assert_eq!(folders(&leo).await, (vec![], vec![id]));
    let request = &leo.get_json("/api/conversations?requests=true").await[0];
    assert_eq!(request["isRequest"], true);
    assert_eq!(request["unreadCount"], 1);
    assert_eq!(
        request["lastMessage"]["content"],
        "hi, loved your last reel"
    );
    assert_eq!(unread(&leo).await, 0, "requests are not in the badge");
    // He may read it without accepting it.
    let page = leo
        .get_json(&format!("/api/conversations/{id}/messages"))
        .await;
    assert_eq!(page.as_array().unwrap().len(), 1);
    // For the sender it is an ordinary conversation.
    assert_eq!(folders(&maya).await, (vec![id], vec![]));
    assert_eq!(
        maya.get_json("/api/conversations").await[0]["isRequest"],
        false
    );
}

async fn a_message_from_someone_you_follow_lands_in_the_inbox(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    assert_eq!(
        leo.post(&format!("/api/users/{}/follow", maya.id))
            .await
            .status(),
        200
    );

    let id = start(&maya, leo.id).await;
    say(&maya, id, "hi").await;

    assert_eq!(folders(&leo).await, (vec![id], vec![]));
    assert_eq!(unread(&leo).await, 1);
}

async fn accepting_moves_it_to_the_inbox_and_the_sender_is_not_told(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await;
    say(&maya, id, "hi").await;
    let mut mayas_socket = connect(&app, &maya).await;

    let response = leo.post(&format!("/api/conversations/{id}/accept")).await;

    assert_eq!(response.status(), 200);
    let accepted: Value = response.json().await.unwrap();
    assert_eq!(
        (accepted["id"].as_i64(), &accepted["isRequest"]),
        (Some(id), &json!(false))
    );
    assert_eq!(folders(&leo).await, (vec![id], vec![]));
    assert_eq!(unread(&leo).await, 1);
    assert_silent_until_pong(&mut mayas_socket).await;
    // Accepted once, it stays accepted: her next message is in his inbox.
    say(&maya, id, "thanks!").await;
    assert_eq!(folders(&leo).await, (vec![id], vec![]));
}

async fn deleting_removes_it_for_you_only_and_the_sender_is_not_told(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await;
    say(&maya, id, "buy my course").await;
    let mut mayas_socket = connect(&app, &maya).await;

    let response = leo
        .delete(&format!("/api/conversations/{id}/request"))
        .await;

    assert_eq!(response.status(), 204);
    assert_eq!(folders(&leo).await, (vec![], vec![]));
    let page = leo.get(&format!("/api/conversations/{id}/messages")).await;
    assert_eq!(error_of(page).await.0, 404);
    assert_silent_until_pong(&mut mayas_socket).await;
    assert_eq!(folders(&maya).await, (vec![id], vec![]));
    // She can still write; it comes back to him as a request, not into his inbox.
    say(&maya, id, "hello?").await;
    assert_eq!(folders(&leo).await, (vec![], vec![id]));
    assert_eq!(unread(&leo).await, 0);
}

async fn replying_to_a_request_accepts_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await;
    say(&maya, id, "hi").await;

    say(&leo, id, "hey").await;

    assert_eq!(folders(&leo).await, (vec![id], vec![]));
    // Having written in it, he gets it back in his inbox after leaving it.
    let leave = format!("/api/conversations/{id}/participants/me");
    assert_eq!(leo.delete(&leave).await.status(), 204);
    say(&maya, id, "still there?").await;
    assert_eq!(folders(&leo).await, (vec![id], vec![]));
}

async fn answering_what_is_not_your_request_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let eve = app.new_user("eve").await;
    let id = start(&maya, leo.id).await;
    say(&maya, id, "hi").await;
    let accept = format!("/api/conversations/{id}/accept");
    let delete = format!("/api/conversations/{id}/request");

    // Not a request of the sender's.
    for response in [maya.post(&accept).await, maya.delete(&delete).await] {
        let (status, text, code) = error_of(response).await;
        assert_eq!(
            (status, text.as_str(), code.as_str()),
            (
                409,
                "This conversation is not a message request",
                "not_a_request"
            )
        );
    }
    for response in [eve.post(&accept).await, eve.delete(&delete).await] {
        let (status, text, _) = error_of(response).await;
        assert_eq!((status, text.as_str()), (404, "Conversation not found"));
    }
    let bad = leo.get("/api/conversations?requests=maybe").await;
    assert_eq!(error_of(bad).await.0, 400);
    assert_eq!(folders(&leo).await, (vec![], vec![id]));
}
