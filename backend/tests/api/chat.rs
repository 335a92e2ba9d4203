//! Chat over HTTP: conversations, messages, replies, reactions, leaving; who may see what.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};

both_backends!(
    starting_a_conversation_twice_finds_the_same_one,
    two_people_starting_at_once_get_one_conversation,
    starting_one_with_yourself_or_nobody_is_refused,
    messages_page_backwards_oldest_first_within_a_page,
    replies_carry_the_quoted_sender_and_content,
    a_reply_to_another_conversations_message_is_refused,
    blank_and_over_long_messages_are_refused_and_nothing_is_stored,
    reactions_toggle_per_user_and_emoji,
    the_list_is_ordered_by_last_activity_with_the_last_message,
    outsiders_get_404_on_every_chat_endpoint,
    chat_is_refused_without_a_session,
    leaving_hides_it_until_a_new_message_brings_it_back,
    the_sender_is_the_session_whatever_the_body_says,
);

async fn start(user: &TestUser, other: i64) -> (u16, Value) {
    let response = user
        .post_json("/api/conversations", &json!({"otherUserId": other}))
        .await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

async fn send(user: &TestUser, conversation: i64, body: Value) -> Value {
    let response = user
        .post_json(
            &format!("/api/conversations/{conversation}/messages"),
            &body,
        )
        .await;
    assert_eq!(response.status(), 201, "sending {body}");
    response.json().await.unwrap()
}

async fn say(user: &TestUser, conversation: i64, text: &str) -> Value {
    send(
        user,
        conversation,
        json!({"content": text, "messageType": "text"}),
    )
    .await
}

async fn starting_a_conversation_twice_finds_the_same_one(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    let (status, first) = start(&maya, leo.id).await;
    assert_eq!(status, 201);
    let people: Vec<i64> = first["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["user"]["id"].as_i64().unwrap())
        .collect();
    assert_eq!(people, [maya.id, leo.id]);
    assert_eq!(first["lastMessage"], Value::Null);
    assert_eq!(first["participants"][1]["user"]["username"], "leo");
    assert_eq!(first["participants"][1]["user"]["isOnline"], false);
    assert_eq!(first["participants"][1]["user"]["lastSeen"], Value::Null);

    let (status, again) = start(&maya, leo.id).await;
    assert_eq!((status, &again["id"]), (200, &first["id"]));
    let (status, theirs) = start(&leo, maya.id).await;
    assert_eq!((status, &theirs["id"]), (200, &first["id"]));
}

async fn two_people_starting_at_once_get_one_conversation(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        let ((_, a), (_, b)) = tokio::join!(start(&maya, leo.id), start(&leo, maya.id));
        ids.push(a["id"].clone());
        ids.push(b["id"].clone());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(
        maya.get_json("/api/conversations")
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

async fn starting_one_with_yourself_or_nobody_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let response = maya
        .post_json("/api/conversations", &json!({"otherUserId": maya.id}))
        .await;
    assert_eq!(error_of(response).await.0, 400);
    let response = maya
        .post_json("/api/conversations", &json!({"otherUserId": 999_999}))
        .await;
    let (status, message, _) = error_of(response).await;
    assert_eq!((status, message.as_str()), (404, "User not found"));
    let response = maya
        .post_json("/api/conversations", &json!({"otherUserId": "leo"}))
        .await;
    assert_eq!(error_of(response).await.0, 400);
    assert_eq!(maya.get_json("/api/conversations").await, json!([]));
}

async fn messages_page_backwards_oldest_first_within_a_page(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    for n in 1..=5 {
        say(if n % 2 == 0 { &leo } else { &maya }, id, &format!("m{n}")).await;
    }
    let path = format!("/api/conversations/{id}/messages?limit=2");
    let newest = leo.get(&path).await;
    let cursor = newest.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let newest: Value = newest.json().await.unwrap();
    let texts = |page: &Value| -> Vec<String> {
        page.as_array()
            .unwrap()
            .iter()
            .map(|m| m["content"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(texts(&newest), ["m4", "m5"]);
    assert_eq!(cursor, newest[0]["id"].to_string());

    // A message arriving between two page requests does not shift the older pages.
    say(&maya, id, "m6").await;
    let older = leo.get(&format!("{path}&before={cursor}")).await;
    let cursor = older.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(texts(&older.json().await.unwrap()), ["m2", "m3"]);
    let oldest = leo.get(&format!("{path}&before={cursor}")).await;
    assert!(oldest.headers().get("x-next-cursor").is_none());
    let oldest: Value = oldest.json().await.unwrap();
    assert_eq!(texts(&oldest), ["m1"]);
    assert_eq!(oldest[0]["sender"]["id"], maya.id);
    assert_eq!(oldest[0]["sender"]["displayName"], "maya display");
    assert_eq!(oldest[0]["messageType"], "text");
    assert_eq!(oldest[0]["conversationId"], id);
    assert_eq!(oldest[0]["reactions"], json!([]));
    assert_eq!(oldest[0]["replyTo"], Value::Null);
    assert_eq!(oldest[0]["voiceUrl"], Value::Null);
}

async fn replies_carry_the_quoted_sender_and_content(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let question = say(&maya, id, "coffee?").await;
    let answer = send(
        &leo,
        id,
        json!({"content": "yes!", "replyToId": question["id"]}),
    )
    .await;
    assert_eq!(answer["replyToId"], question["id"]);
    assert_eq!(answer["replyTo"]["content"], "coffee?");
    assert_eq!(answer["replyTo"]["sender"]["id"], maya.id);
    assert_eq!(answer["replyTo"]["sender"]["displayName"], "maya display");
    let page = maya
        .get_json(&format!("/api/conversations/{id}/messages"))
        .await;
    assert_eq!(page[1]["replyTo"]["content"], "coffee?");
}

async fn a_reply_to_another_conversations_message_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ana = app.new_user("ana").await;
    let ours = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let theirs = start(&ana, leo.id).await.1["id"].as_i64().unwrap();
    let secret = say(&ana, theirs, "secret").await;
    let response = maya
        .post_json(
            &format!("/api/conversations/{ours}/messages"),
            &json!({"content": "hi", "replyToId": secret["id"]}),
        )
        .await;
    let (status, message, _) = error_of(response).await;
    assert_eq!((status, message.as_str()), (400, "Reply target not found"));
    let page = maya
        .get_json(&format!("/api/conversations/{ours}/messages"))
        .await;
    assert_eq!(page, json!([]));
}

async fn blank_and_over_long_messages_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let path = format!("/api/conversations/{id}/messages");
    for (body, expected) in [
        (json!({"content": "   "}), "Message cannot be empty"),
        (json!({}), "Message cannot be empty"),
        (
            json!({"content": "x".repeat(4001)}),
            "Message must be at most 4000 characters",
        ),
        (
            json!({"content": "hi", "messageType": "voice"}),
            "Voice message audio is required",
        ),
    ] {
        let (status, message, _) = error_of(maya.post_json(&path, &body).await).await;
        assert_eq!((status, message.as_str()), (400, expected));
    }
    let (status, _, _) = error_of(maya.post_json(&path, &json!({"content": 5})).await).await;
    assert_eq!(status, 400);
    let (status, _, _) = error_of(
        maya.post_json(&path, &json!({"content": "hi", "messageType": "fax"}))
            .await,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(maya.get_json(&path).await, json!([]));
    assert_eq!(
        say(&maya, id, &"é".repeat(4000)).await["content"]
            .as_str()
            .unwrap()
            .chars()
            .count(),
        4000
    );
}

async fn reactions_toggle_per_user_and_emoji(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let message = say(&maya, id, "look").await;
    let path = format!(
        "/api/conversations/{id}/messages/{}/reactions",
        message["id"]
    );
    let react = |user: &TestUser, emoji: &str| {
        let (client, url, body) = (
            user.client.clone(),
            user.url(&path),
            json!({"emoji": emoji}),
        );
        async move {
            let response = client.post(url).json(&body).send().await.unwrap();
            assert_eq!(response.status(), 200);
            response.json::<Value>().await.unwrap()
        }
    };
    let after = react(&leo, "❤️").await;
    assert_eq!(
        after["reactions"],
        json!([{"emoji": "❤️", "count": 1, "reactedByMe": true}])
    );
    let after = react(&maya, "❤️").await;
    assert_eq!(
        after["reactions"],
        json!([{"emoji": "❤️", "count": 2, "reactedByMe": true}])
    );
    let after = react(&maya, "👍").await;
    assert_eq!(
        after["reactions"],
        json!([
            {"emoji": "❤️", "count": 2, "reactedByMe": true},
            {"emoji": "👍", "count": 1, "reactedByMe": true}
        ])
    );
    let after = react(&leo, "❤️").await;
    assert_eq!(
        after["reactions"][0],
        json!({"emoji": "❤️", "count": 1, "reactedByMe": false})
    );
    // As leo sees the page: maya's two reactions, none of his.
    let page = leo
        .get_json(&format!("/api/conversations/{id}/messages"))
        .await;
    assert_eq!(
        page[0]["reactions"],
        json!([
            {"emoji": "❤️", "count": 1, "reactedByMe": false},
            {"emoji": "👍", "count": 1, "reactedByMe": false}
        ])
    );
    let (status, message, _) =
        error_of(maya.post_json(&path, &json!({"emoji": "lol"})).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Reaction must be an emoji")
    );
    let missing = format!("/api/conversations/{id}/messages/999999/reactions");
    let (status, message, _) =
        error_of(maya.post_json(&missing, &json!({"emoji": "👍"})).await).await;
    assert_eq!((status, message.as_str()), (404, "Message not found"));
}

async fn the_list_is_ordered_by_last_activity_with_the_last_message(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ana = app.new_user("ana").await;
    let with_leo = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    app.advance_clock(std::time::Duration::from_secs(1));
    let with_ana = start(&maya, ana.id).await.1["id"].as_i64().unwrap();
    let ids = |list: &Value| -> Vec<i64> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(
        ids(&maya.get_json("/api/conversations").await),
        [with_ana, with_leo]
    );

    app.advance_clock(std::time::Duration::from_secs(1));
    say(&leo, with_leo, "hello maya").await;
    let list = maya.get_json("/api/conversations").await;
    assert_eq!(ids(&list), [with_leo, with_ana]);
    assert_eq!(list[0]["lastMessage"]["content"], "hello maya");
    assert_eq!(list[0]["lastMessage"]["sender"]["id"], leo.id);
    assert_eq!(
        list[0]["lastActivityAt"],
        list[0]["lastMessage"]["createdAt"]
    );

    // Pages: one at a time, no repeats.
    let first = maya.get("/api/conversations?limit=1").await;
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(ids(&first.json().await.unwrap()), [with_leo]);
    let second = maya
        .get(&format!("/api/conversations?limit=1&before={cursor}"))
        .await;
    assert!(second.headers().get("x-next-cursor").is_none());
    assert_eq!(ids(&second.json().await.unwrap()), [with_ana]);
    // Ana's list has only hers.
    assert_eq!(ids(&ana.get_json("/api/conversations").await), [with_ana]);
}

async fn outsiders_get_404_on_every_chat_endpoint(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let eve = app.new_user("eve").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let message = say(&maya, id, "private").await;
    let messages = format!("/api/conversations/{id}/messages");
    let reactions = format!("{messages}/{}/reactions", message["id"]);
    let leave = format!("/api/conversations/{id}/participants/me");
    for response in [
        eve.get(&messages).await,
        eve.post_json(&messages, &json!({"content": "hi"})).await,
        eve.post_json(&reactions, &json!({"emoji": "👍"})).await,
        eve.delete(&leave).await,
        eve.get("/api/conversations/999999/messages").await,
    ] {
        let (status, message, _) = error_of(response).await;
        assert_eq!((status, message.as_str()), (404, "Conversation not found"));
    }
    assert_eq!(eve.get_json("/api/conversations").await, json!([]));
    // Nothing changed for the members.
    let page = leo.get_json(&messages).await;
    assert_eq!(page.as_array().unwrap().len(), 1);
    assert_eq!(page[0]["reactions"], json!([]));
}

async fn chat_is_refused_without_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let nobody = app.anonymous();
    let messages = format!("/api/conversations/{id}/messages");
    for response in [
        nobody.get("/api/conversations").await,
        nobody
            .post_json("/api/conversations", &json!({"otherUserId": leo.id}))
            .await,
        nobody.get(&messages).await,
        nobody.post_json(&messages, &json!({"content": "hi"})).await,
        nobody
            .post_json(&format!("{messages}/1/reactions"), &json!({"emoji": "👍"}))
            .await,
        nobody
            .delete(&format!("/api/conversations/{id}/participants/me"))
            .await,
    ] {
        assert_eq!(error_of(response).await.0, 401);
    }
}

async fn leaving_hides_it_until_a_new_message_brings_it_back(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    say(&maya, id, "before").await;
    let leave = format!("/api/conversations/{id}/participants/me");
    assert_eq!(leo.delete(&leave).await.status(), 204);
    assert_eq!(leo.get_json("/api/conversations").await, json!([]));
    let messages = format!("/api/conversations/{id}/messages");
    assert_eq!(error_of(leo.get(&messages).await).await.0, 404);
    assert_eq!(error_of(leo.delete(&leave).await).await.0, 404);
    // Maya still has it and can write; leo gets it back with the history.
    say(&maya, id, "still there?").await;
    let list = leo.get_json("/api/conversations").await;
    assert_eq!(list[0]["id"], id);
    assert_eq!(leo.get_json(&messages).await.as_array().unwrap().len(), 2);
    // Starting it again also brings it back.
    assert_eq!(maya.delete(&leave).await.status(), 204);
    let (status, again) = start(&maya, leo.id).await;
    assert_eq!((status, again["id"].as_i64()), (200, Some(id)));
    assert_eq!(maya.get_json(&messages).await.as_array().unwrap().len(), 2);
}

async fn the_sender_is_the_session_whatever_the_body_says(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let sent = send(
        &maya,
        id,
        json!({"content": "me", "senderId": leo.id, "userId": leo.id, "sender": {"id": leo.id}}),
    )
    .await;
    assert_eq!(sent["sender"]["id"], maya.id);
    let response = maya
        .post_json(
            "/api/conversations",
            &json!({"otherUserId": leo.id, "userId": leo.id}),
        )
        .await;
    assert_eq!(response.status(), 200);
}
