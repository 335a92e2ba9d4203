//! Chat over HTTP: conversations, messages, replies, reactions, leaving; who may see what; a
//! send's Idempotency-Key.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};
use crate::sockets::{connect, next_of};

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
    a_retried_key_answers_the_first_message_and_tells_the_members_again,
    a_retry_tells_each_member_their_own_reactions,
    racing_retries_of_one_key_store_one_message,
    a_key_used_for_another_message_is_422_and_stores_nothing,
    keys_are_per_sender,
    a_malformed_key_is_400_and_stores_nothing,
    a_key_is_no_way_into_a_conversation_you_are_not_in,
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

/// `user` sends `body` to `conversation` with the Idempotency-Key `key`.
async fn send_keyed(
    user: &TestUser,
    conversation: i64,
    body: &Value,
    key: impl AsRef<[u8]>,
) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/api/conversations/{conversation}/messages")))
        .header("Idempotency-Key", key.as_ref())
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn messages_of(user: &TestUser, conversation: i64) -> Vec<Value> {
    user.get_json(&format!("/api/conversations/{conversation}/messages"))
        .await
        .as_array()
        .unwrap()
        .clone()
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
    // Ana's has only hers, among her requests (she doesn't follow Maya; issue 43).
    assert_eq!(
        ids(&ana.get_json("/api/conversations").await),
        Vec::<i64>::new()
    );
    assert_eq!(
        ids(&ana.get_json("/api/conversations?requests=true").await),
        [with_ana]
    );
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
    // Maya still has it and can write; leo gets it back with the history, as a request since
    // he neither follows her nor has written in it (issue 43).
    say(&maya, id, "still there?").await;
    let list = leo.get_json("/api/conversations?requests=true").await;
    assert_eq!(list[0]["id"], id);
    assert_eq!(list[0]["isRequest"], true);
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

async fn a_retried_key_answers_the_first_message_and_tells_the_members_again(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let mut leo_socket = connect(&app, &leo).await;
    let body = json!({"content": "see you at 8"});

    let first = send_keyed(&maya, id, &body, "send-1").await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    assert_eq!(
        next_of(&mut leo_socket, "newMessage").await["message"],
        first
    );

    // The answer was lost: Retry sends it again with the same key.
    let retry = send_keyed(&maya, id, &body, "send-1").await;
    assert_eq!(retry.status(), 200);
    assert_eq!(retry.json::<Value>().await.unwrap(), first);
    // Told again (the instance that stored it may have died before telling anyone).
    assert_eq!(
        next_of(&mut leo_socket, "newMessage").await["message"],
        first
    );
    assert_eq!(messages_of(&leo, id).await, [first]);
}

async fn a_retry_tells_each_member_their_own_reactions(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ana = app.new_user("ana").await;
    let group = maya
        .post_json(
            "/api/conversations",
            &json!({"name": "studio", "participantIds": [leo.id, ana.id]}),
        )
        .await;
    assert_eq!(group.status(), 201);
    let id = group.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let body = json!({"content": "see you at 8"});
    let first = send_keyed(&maya, id, &body, "send-1").await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    let path = format!("/api/conversations/{id}/messages/{}/reactions", first["id"]);
    for (user, emoji) in [(&maya, "❤️"), (&leo, "👍")] {
        let response = user.post_json(&path, &json!({"emoji": emoji})).await;
        assert_eq!(response.status(), 200);
    }
    let mut leo_socket = connect(&app, &leo).await;
    let mut ana_socket = connect(&app, &ana).await;

    let retry = send_keyed(&maya, id, &body, "send-1").await;
    assert_eq!(retry.status(), 200);
    let mine = |hearts: bool, thumbs: bool| {
        json!([
            {"emoji": "❤️", "count": 1, "reactedByMe": hearts},
            {"emoji": "👍", "count": 1, "reactedByMe": thumbs},
        ])
    };
    assert_eq!(
        retry.json::<Value>().await.unwrap()["reactions"],
        mine(true, false)
    );
    assert_eq!(
        next_of(&mut leo_socket, "newMessage").await["message"]["reactions"],
        mine(false, true)
    );
    assert_eq!(
        next_of(&mut ana_socket, "newMessage").await["message"]["reactions"],
        mine(false, false)
    );
}

async fn racing_retries_of_one_key_store_one_message(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let body = json!({"content": "only once"});

    let (a, b) = tokio::join!(
        send_keyed(&maya, id, &body, "race"),
        send_keyed(&maya, id, &body, "race")
    );
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 201]);
    let (a, b): (Value, Value) = (a.json().await.unwrap(), b.json().await.unwrap());
    assert_eq!(a["id"], b["id"]);
    assert_eq!(messages_of(&maya, id).await.len(), 1);
}

async fn a_key_used_for_another_message_is_422_and_stores_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ana = app.new_user("ana").await;
    let with_leo = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let with_ana = start(&maya, ana.id).await.1["id"].as_i64().unwrap();
    let first = send_keyed(&maya, with_leo, &json!({"content": "hello"}), "k").await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();

    for (conversation, body) in [
        (with_leo, json!({"content": "hello again"})),
        (
            with_leo,
            json!({"content": "hello", "replyToId": first["id"]}),
        ),
        (with_ana, json!({"content": "hello"})),
    ] {
        let (status, message, code) =
            error_of(send_keyed(&maya, conversation, &body, "k").await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (
                422,
                "This Idempotency-Key was used for another message",
                "idempotency_key_reused"
            ),
            "{body}"
        );
    }
    assert_eq!(messages_of(&maya, with_leo).await, [first]);
    assert_eq!(messages_of(&maya, with_ana).await, Vec::<Value>::new());
}

async fn keys_are_per_sender(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let body = json!({"content": "same words"});

    let hers = send_keyed(&maya, id, &body, "shared-key").await;
    let his = send_keyed(&leo, id, &body, "shared-key").await;
    assert_eq!((hers.status().as_u16(), his.status().as_u16()), (201, 201));
    let (hers, his): (Value, Value) = (hers.json().await.unwrap(), his.json().await.unwrap());
    assert_ne!(hers["id"], his["id"]);
    assert_eq!(his["sender"]["id"], leo.id);
    assert_eq!(messages_of(&leo, id).await, [hers, his]);
}

async fn a_malformed_key_is_400_and_stores_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let body = json!({"content": "hi"});

    for key in [
        "k".repeat(256).into_bytes(),
        b"caf\xe9".to_vec(),
        b"two words".to_vec(),
    ] {
        let (status, message, _) = error_of(send_keyed(&maya, id, &body, &key).await).await;
        assert_eq!(
            (status, message.as_str()),
            (400, "Idempotency-Key must be 1 to 255 visible characters")
        );
    }
    assert_eq!(messages_of(&maya, id).await, Vec::<Value>::new());
    // 255 is the most.
    let longest = send_keyed(&maya, id, &body, "k".repeat(255)).await;
    assert_eq!(longest.status(), 201);
}

async fn a_key_is_no_way_into_a_conversation_you_are_not_in(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let eve = app.new_user("eve").await;
    let id = start(&maya, leo.id).await.1["id"].as_i64().unwrap();
    let sent = send_keyed(&maya, id, &json!({"content": "private"}), "k").await;
    assert_eq!(sent.status(), 201);
    let sent: Value = sent.json().await.unwrap();

    // Neither a key of her own nor the one maya used.
    for key in ["eve-1", "k"] {
        let response = send_keyed(&eve, id, &json!({"content": "private"}), key).await;
        let (status, message, _) = error_of(response).await;
        assert_eq!((status, message.as_str()), (404, "Conversation not found"));
    }
    assert_eq!(messages_of(&maya, id).await, [sent]);
}
