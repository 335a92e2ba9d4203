//! A sender's second thoughts (issue 43): unsending a message ('Message removed' for everyone),
//! editing a text message within 15 minutes ('edited'), both live to the other members; and
//! reactions with any one emoji from the picker.

use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};
use crate::sockets::{assert_quiet_until_pong, connect, next_of};

both_backends!(
    an_unsent_message_reads_message_removed_to_the_other_member_live_and_on_reload,
    an_edit_reaches_the_other_member_live_and_shows_edited_on_reload,
    an_edit_is_refused_after_15_minutes_and_nothing_changes,
    only_the_sender_may_unsend_or_edit_a_message,
    what_cannot_be_edited_is_refused,
    reactions_take_any_one_emoji_and_refuse_anything_else,
);

/// Maya, leo who follows her (her messages land in his inbox), and their conversation.
async fn pair(app: &TestApp) -> (TestUser, TestUser, i64) {
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    assert_eq!(
        leo.post(&format!("/api/users/{}/follow", maya.id))
            .await
            .status(),
        200
    );
    let response = maya
        .post_json("/api/conversations", &json!({"otherUserId": leo.id}))
        .await;
    let id = response.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap();
    (maya, leo, id)
}

async fn say(user: &TestUser, conversation: i64, text: &str) -> Value {
    let response = user
        .post_json(
            &format!("/api/conversations/{conversation}/messages"),
            &json!({"content": text}),
        )
        .await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

async fn messages_of(user: &TestUser, conversation: i64) -> Vec<Value> {
    user.get_json(&format!("/api/conversations/{conversation}/messages"))
        .await
        .as_array()
        .unwrap()
        .clone()
}

fn message_path(conversation: i64, message: &Value) -> String {
    format!(
        "/api/conversations/{conversation}/messages/{}",
        message["id"]
    )
}

async fn an_unsent_message_reads_message_removed_to_the_other_member_live_and_on_reload(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let (maya, leo, id) = pair(&app).await;
    let kept = say(&maya, id, "hello").await;
    let oops = say(&maya, id, "wrong chat, sorry").await;
    let react = format!("{}/reactions", message_path(id, &oops));
    assert_eq!(
        leo.post_json(&react, &json!({"emoji": "😂"}))
            .await
            .status(),
        200
    );
    let mut leos_socket = connect(&app, &leo).await;

    let response = maya.delete(&message_path(id, &oops)).await;

    assert_eq!(response.status(), 204);
    let event = next_of(&mut leos_socket, "messageUnsent").await;
    assert_eq!(
        event,
        json!({"type": "messageUnsent", "conversationId": id, "messageId": oops["id"]})
    );
    for viewer in [&leo, &maya] {
        let page = messages_of(viewer, id).await;
        assert_eq!(page.len(), 2, "its place stays");
        assert_eq!(page[0]["id"], kept["id"]);
        assert_eq!(page[0]["unsent"], false);
        assert_eq!(page[1]["id"], oops["id"]);
        assert_eq!(page[1]["unsent"], true);
        assert_eq!(page[1]["content"], "", "nothing of what it said is kept");
        assert_eq!(page[1]["reactions"], json!([]));
    }
    let list = leo.get_json("/api/conversations").await;
    assert_eq!(list[0]["lastMessage"]["unsent"], true);
    assert_eq!(list[0]["lastMessage"]["content"], "");
    // Unsending it again changes nothing and tells nobody.
    assert_eq!(maya.delete(&message_path(id, &oops)).await.status(), 204);
    assert_quiet_until_pong(&mut leos_socket, &["messageUnsent"]).await;
}

async fn an_edit_reaches_the_other_member_live_and_shows_edited_on_reload(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, leo, id) = pair(&app).await;
    let message = say(&maya, id, "see you at 8").await;
    assert_eq!(message["editedAt"], Value::Null);
    let mut leos_socket = connect(&app, &leo).await;

    let response = maya
        .patch_json(
            &message_path(id, &message),
            &json!({"content": "  see you at 9 "}),
        )
        .await;

    assert_eq!(response.status(), 200);
    let edited: Value = response.json().await.unwrap();
    assert_eq!(edited["content"], "see you at 9");
    assert!(edited["editedAt"].is_string());
    let event = next_of(&mut leos_socket, "messageEdited").await;
    assert_eq!(event["conversationId"], id);
    assert_eq!(event["messageId"], message["id"]);
    assert_eq!(event["content"], "see you at 9");
    assert_eq!(event["editedAt"], edited["editedAt"]);
    let page = messages_of(&leo, id).await;
    assert_eq!(page[0]["content"], "see you at 9");
    assert_eq!(page[0]["editedAt"], edited["editedAt"]);
    assert_eq!(
        leo.get_json("/api/conversations").await[0]["lastMessage"]["content"],
        "see you at 9"
    );
}

async fn an_edit_is_refused_after_15_minutes_and_nothing_changes(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, leo, id) = pair(&app).await;
    let message = say(&maya, id, "first try").await;
    let path = message_path(id, &message);
    app.advance_clock(Duration::from_secs(14 * 60));
    assert_eq!(
        maya.patch_json(&path, &json!({"content": "second try"}))
            .await
            .status(),
        200,
        "within the window"
    );

    app.advance_clock(Duration::from_secs(2 * 60));
    let (status, text, code) = error_of(
        maya.patch_json(&path, &json!({"content": "third try"}))
            .await,
    )
    .await;

    assert_eq!(
        (status, text.as_str(), code.as_str()),
        (
            409,
            "Messages can only be edited within 15 minutes of sending",
            "edit_window_closed"
        )
    );
    assert_eq!(messages_of(&leo, id).await[0]["content"], "second try");
    // Unsending has no window.
    assert_eq!(maya.delete(&path).await.status(), 204);
}

async fn only_the_sender_may_unsend_or_edit_a_message(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, leo, id) = pair(&app).await;
    let eve = app.new_user("eve").await;
    let message = say(&maya, id, "mine").await;
    let path = message_path(id, &message);
    let edit = json!({"content": "yours now"});

    for response in [leo.patch_json(&path, &edit).await, leo.delete(&path).await] {
        let (status, text, _) = error_of(response).await;
        assert_eq!(
            (status, text.as_str()),
            (403, "You can only change your own messages")
        );
    }
    for response in [eve.patch_json(&path, &edit).await, eve.delete(&path).await] {
        let (status, text, _) = error_of(response).await;
        assert_eq!((status, text.as_str()), (404, "Conversation not found"));
    }
    let missing = format!("/api/conversations/{id}/messages/999999");
    for response in [
        maya.patch_json(&missing, &edit).await,
        maya.delete(&missing).await,
    ] {
        let (status, text, _) = error_of(response).await;
        assert_eq!((status, text.as_str()), (404, "Message not found"));
    }
    let nobody = app.anonymous();
    assert_eq!(error_of(nobody.delete(&path).await).await.0, 401);
    let page = messages_of(&maya, id).await;
    assert_eq!(
        (page[0]["content"].as_str(), &page[0]["unsent"]),
        (Some("mine"), &json!(false))
    );
}

async fn what_cannot_be_edited_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _leo, id) = pair(&app).await;
    let message = say(&maya, id, "words").await;
    let path = message_path(id, &message);
    for (body, expected) in [
        (json!({"content": "   "}), "Message cannot be empty"),
        (
            json!({"content": "x".repeat(4001)}),
            "Message must be at most 4000 characters",
        ),
    ] {
        let (status, text, _) = error_of(maya.patch_json(&path, &body).await).await;
        assert_eq!((status, text.as_str()), (400, expected));
    }
    assert_eq!(maya.delete(&path).await.status(), 204);
    let (status, text, code) =
        error_of(maya.patch_json(&path, &json!({"content": "back"})).await).await;
    assert_eq!(
        (status, text.as_str(), code.as_str()),
        (409, "This message was removed", "message_unsent")
    );
}

async fn reactions_take_any_one_emoji_and_refuse_anything_else(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, leo, id) = pair(&app).await;
    let message = say(&maya, id, "react to this").await;
    let path = format!("{}/reactions", message_path(id, &message));
    let mut mayas_socket = connect(&app, &maya).await;

    for emoji in ["🦀", "🇫🇷", "👩🏽‍💻", "#️⃣"] {
        let response = leo.post_json(&path, &json!({"emoji": emoji})).await;
        assert_eq!(response.status(), 200, "{emoji}");
        let event = next_of(&mut mayas_socket, "reaction").await;
        assert_eq!(
            (event["emoji"].as_str(), &event["added"]),
            (Some(emoji), &json!(true))
        );
    }
    for bad in ["ab", "😂😂", "❤️ 👍", "7", "中", ""] {
        let (status, text, _) = error_of(leo.post_json(&path, &json!({"emoji": bad})).await).await;
        assert_eq!(
            (status, text.as_str()),
            (400, "Reaction must be an emoji"),
            "{bad:?}"
        );
    }
    let page = messages_of(&maya, id).await;
    let shown: Vec<&str> = page[0]["reactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["emoji"].as_str().unwrap())
        .collect();
    assert_eq!(shown, ["🦀", "🇫🇷", "👩🏽‍💻", "#️⃣"]);
}
