//! Group conversations (issue 22, docs/groups-contract.md): made, renamed and managed by their
//! members through HTTP, every change heard live by every member as `conversationUpdated`, the
//! owner alone adding and removing people, and a removed member keeping nothing new.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};
use crate::private::change_settings;
use crate::sockets::{
    accept, assert_none_before, assert_silent_until_pong, connect, conversation, next_of, read_to,
    send_text,
};

both_backends!(
    a_group_is_made_with_its_owner_and_listed_for_every_member,
    bad_groups_are_refused_and_change_nothing,
    only_the_owner_adds_and_removes_and_a_group_holds_32,
    someone_blocked_either_way_cannot_be_added,
    a_removed_member_stops_hearing_and_reading_the_group,
    when_the_owner_leaves_the_longest_standing_member_owns_the_group,
    any_member_renames_the_group_and_changes_its_picture,
    messages_typing_and_receipts_reach_every_member,
);

/// New users with these names, signed in.
async fn users<const N: usize>(app: &TestApp, names: [&str; N]) -> [TestUser; N] {
    let mut made = Vec::with_capacity(N);
    for name in names {
        made.push(app.new_user(name).await);
    }
    made.try_into().unwrap_or_else(|_| unreachable!())
}

/// `owner` makes a group of `others` named `name`; answers the conversation.
pub async fn group(owner: &TestUser, others: &[&TestUser], name: &str) -> Value {
    let ids: Vec<i64> = others.iter().map(|user| user.id).collect();
    let response = owner
        .post_json(
            "/api/conversations",
            &json!({"participantIds": ids, "name": name}),
        )
        .await;
    assert_eq!(response.status(), 201, "making a group");
    response.json().await.unwrap()
}

/// The id of the group `owner` makes of `others`, named `name`.
async fn group_id(owner: &TestUser, others: &[&TestUser], name: &str) -> i64 {
    group(owner, others, name).await["id"].as_i64().unwrap()
}

/// The ids of the people of a conversation as its JSON lists them, in order.
fn people(conversation: &Value) -> Vec<i64> {
    conversation["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["user"]["id"].as_i64().unwrap())
        .collect()
}

/// The conversation with `id` in `who`'s list, if it is there.
async fn listed(who: &TestUser, id: i64) -> Option<Value> {
    let list = who.get_json("/api/conversations").await;
    list.as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .cloned()
}

/// The messages of `id` as `who` reads them (oldest first).
async fn messages(who: &TestUser, id: i64) -> Vec<Value> {
    who.get_json(&format!("/api/conversations/{id}/messages"))
        .await
        .as_array()
        .unwrap()
        .clone()
}

/// The system lines of `id` as `(kind, the user it names, content)`.
async fn system_lines(who: &TestUser, id: i64) -> Vec<(String, Option<i64>, String)> {
    messages(who, id)
        .await
        .iter()
        .filter(|m| m["messageType"] == "system")
        .map(|m| {
            (
                m["systemEvent"]["kind"].as_str().unwrap().to_owned(),
                m["systemEvent"]["user"]["id"].as_i64(),
                m["content"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// `who` takes `whom` (a user id, or `me`) out of conversation `id`.
async fn remove(who: &TestUser, id: i64, whom: impl std::fmt::Display) -> reqwest::Response {
    who.delete(&format!("/api/conversations/{id}/participants/{whom}"))
        .await
}

/// `who` adds `ids` to group `id`.
async fn add(who: &TestUser, id: i64, ids: Vec<i64>) -> reqwest::Response {
    who.post_json(
        &format!("/api/conversations/{id}/participants"),
        &json!({"userIds": ids}),
    )
    .await
}

async fn a_group_is_made_with_its_owner_and_listed_for_every_member(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines, sam] = users(&app, ["maya", "leo", "ines", "sam"]).await;
    let mut leos = connect(&app, &leo).await;

    let made = group(&maya, &[&leo, &ines, &leo], "  Studio trip ").await;
    let id = made["id"].as_i64().unwrap();
    assert_eq!(made["kind"], "group");
    assert_eq!(made["name"], "Studio trip");
    assert_eq!(made["avatarUrl"], Value::Null);
    assert_eq!(people(&made), vec![maya.id, leo.id, ines.id]);
    assert_eq!(made["participants"][0]["role"], "owner");
    assert_eq!(made["participants"][1]["role"], "member");
    assert_eq!(made["lastMessage"]["messageType"], "system");
    assert_eq!(made["lastMessage"]["systemEvent"]["kind"], "created");

    // Leo hears it made, as he sees it, and finds it in his list.
    let event = next_of(&mut leos, "conversationUpdated").await;
    assert_eq!(event["conversationId"], id);
    assert_eq!(event["conversation"]["name"], "Studio trip");
    assert_eq!(event["conversation"]["kind"], "group");
    let theirs = listed(&leo, id).await.expect("in Leo's list");
    assert_eq!(people(&theirs), vec![maya.id, leo.id, ines.id]);
    // The 'created' line is not unread.
    assert_eq!(theirs["unreadCount"], 0);
    assert_eq!(
        system_lines(&ines, id).await,
        vec![("created".to_owned(), None, "Studio trip".to_owned())]
    );
    assert_eq!(
        leo.get_json("/api/conversations/unread-count").await["count"],
        0
    );

    // Someone outside it learns nothing.
    assert!(listed(&sam, id).await.is_none());
    let (status, message, _) =
        error_of(sam.get(&format!("/api/conversations/{id}/messages")).await).await;
    assert_eq!((status, message.as_str()), (404, "Conversation not found"));
    let sent = sam
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "hi"}),
        )
        .await;
    assert_eq!(sent.status(), 404);
}

async fn bad_groups_are_refused_and_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines] = users(&app, ["maya", "leo", "ines"]).await;
    let owner = &maya;
    let refused = move |body: Value| async move {
        error_of(owner.post_json("/api/conversations", &body).await).await
    };
    // A group of one, counting repeats and yourself out.
    for ids in [json!([leo.id, leo.id]), json!([leo.id, maya.id])] {
        let (status, message, _) = refused(json!({"participantIds": ids, "name": "Duo"})).await;
        assert_eq!(
            (status, message.as_str()),
            (400, "A group needs at least 2 other people")
        );
    }
    let (status, _, _) = refused(json!({"participantIds": [leo.id], "name": "Duo"})).await;
    assert_eq!(status, 400);
    // Names: 61 characters, or nothing after trimming.
    let long = "x".repeat(61);
    let (status, message, _) =
        refused(json!({"participantIds": [leo.id, ines.id], "name": long})).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Group name must be at most 60 characters")
    );
    let (status, message, _) =
        refused(json!({"participantIds": [leo.id, ines.id], "name": "   "})).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Group name cannot be empty")
    );
    // Someone who does not exist.
    let (status, message, _) =
        refused(json!({"participantIds": [leo.id, 999_999], "name": "Ghost"})).await;
    assert_eq!((status, message.as_str()), (404, "User not found"));
    // Both forms at once is neither.
    let (status, _, _) = refused(
        json!({"otherUserId": leo.id, "participantIds": [leo.id, ines.id], "name": "Both"}),
    )
    .await;
    assert_eq!(status, 400);
    // Nothing was made.
    for who in [&maya, &leo, &ines] {
        assert_eq!(who.get_json("/api/conversations").await, json!([]));
    }
    // A read pointer on a message of another conversation.
    let made = group(&maya, &[&leo, &ines], "Real").await;
    let id = made["id"].as_i64().unwrap();
    let elsewhere = conversation(&maya, &leo).await;
    accept(&leo, elsewhere).await;
    let other = send_text(&maya, elsewhere, "not in the group").await;
    assert_eq!(read_to(&leo, id, other).await, 400);
    // One-to-one conversations have no name or members to manage.
    let renamed = maya
        .patch_json(
            &format!("/api/conversations/{elsewhere}"),
            &json!({"name": "Nope"}),
        )
        .await;
    assert_eq!(renamed.status(), 400);
    let added = add(&maya, elsewhere, vec![ines.id]).await;
    assert_eq!(added.status(), 400);
    let removed = remove(&maya, elsewhere, leo.id).await;
    assert_eq!(removed.status(), 400);
    assert_eq!(people(&listed(&leo, elsewhere).await.unwrap()).len(), 2);
}

async fn only_the_owner_adds_and_removes_and_a_group_holds_32(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines, sam] = users(&app, ["maya", "leo", "ines", "sam"]).await;
    let id = group_id(&maya, &[&leo, &ines], "Crew").await;

    // A member who is not the owner can do neither.
    let (status, message, _) = error_of(add(&leo, id, vec![sam.id]).await).await;
    assert_eq!(
        (status, message.as_str()),
        (403, "Only the group owner can do that")
    );
    let removed = remove(&leo, id, ines.id).await;
    assert_eq!(removed.status(), 403);
    // Someone outside it: 404, as if it did not exist.
    assert_eq!(add(&sam, id, vec![leo.id]).await.status(), 404);

    // The owner adds Sam: an 'added' line; twice is 409 and changes nothing.
    let added = add(&maya, id, vec![sam.id]).await;
    assert_eq!(added.status(), 200);
    let body: Value = added.json().await.unwrap();
    assert_eq!(people(&body), vec![maya.id, leo.id, ines.id, sam.id]);
    let (status, message, _) = error_of(add(&maya, id, vec![sam.id]).await).await;
    assert_eq!((status, message.as_str()), (409, "Already in the group"));
    assert_eq!(
        system_lines(&sam, id).await,
        vec![
            ("created".to_owned(), None, "Crew".to_owned()),
            ("added".to_owned(), Some(sam.id), String::new()),
        ]
    );

    // 4 members now: 28 more fill it to 32; one more is 422.
    let crowd = app.synthetic_users_signed_in(29);
    let filling: Vec<i64> = crowd[..28].iter().map(|user| user.id).collect();
    assert_eq!(add(&maya, id, filling).await.status(), 200);
    let (status, message, _) = error_of(add(&maya, id, vec![crowd[28].id]).await).await;
    assert_eq!(
        (status, message.as_str()),
        (422, "A group can have at most 32 members")
    );
    assert_eq!(people(&listed(&maya, id).await.unwrap()).len(), 32);
    assert!(listed(&crowd[28], id).await.is_none());
}

async fn someone_blocked_either_way_cannot_be_added(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines] = users(&app, ["maya", "leo", "ines"]).await;
    let blake = app.new_user("blake").await;
    let rhea = app.new_user("rhea").await;
    // Blake blocked Maya; Maya blocked Rhea.
    assert!(
        blake
            .post(&format!("/api/users/{}/block", maya.id))
            .await
            .status()
            .is_success()
    );
    assert!(
        maya.post(&format!("/api/users/{}/block", rhea.id))
            .await
            .status()
            .is_success()
    );

    for whom in [&blake, &rhea] {
        let response = maya
            .post_json(
                "/api/conversations",
                &json!({"participantIds": [leo.id, whom.id], "name": "Nope"}),
            )
            .await;
        let (status, message, _) = error_of(response).await;
        assert_eq!(
            (status, message.as_str()),
            (403, "You can't add this account")
        );
    }
    assert_eq!(maya.get_json("/api/conversations").await, json!([]));
    let id = group_id(&maya, &[&leo, &ines], "Open").await;
    for whom in [&blake, &rhea] {
        let response = add(&maya, id, vec![whom.id]).await;
        assert_eq!(response.status(), 403);
        assert!(listed(whom, id).await.is_none());
    }
}

async fn a_removed_member_stops_hearing_and_reading_the_group(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines] = users(&app, ["maya", "leo", "ines"]).await;
    let id = group_id(&maya, &[&leo, &ines], "Crew").await;
    let mut leos = connect(&app, &leo).await;
    let mut ineses = connect(&app, &ines).await;

    let removed = remove(&maya, id, leo.id).await;
    assert_eq!(removed.status(), 204);
    // Leo's devices drop it; Ines sees the group without him.
    let event = next_of(&mut leos, "conversationUpdated").await;
    assert_eq!(
        event,
        json!({"type": "conversationUpdated", "conversationId": id, "conversation": null})
    );
    let event = next_of(&mut ineses, "conversationUpdated").await;
    assert_eq!(people(&event["conversation"]), vec![maya.id, ines.id]);
    assert_eq!(
        system_lines(&ines, id).await.last().unwrap(),
        &("removed".to_owned(), Some(leo.id), String::new())
    );

    // A new message reaches Ines, not Leo, and does not bring the group back for him.
    send_text(&maya, id, "after Leo").await;
    next_of(&mut ineses, "newMessage").await;
    assert_silent_until_pong(&mut leos).await;
    assert!(listed(&leo, id).await.is_none());
    assert_eq!(
        leo.get(&format!("/api/conversations/{id}/messages"))
            .await
            .status(),
        404
    );
    let sent = leo
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "let me back"}),
        )
        .await;
    assert_eq!(sent.status(), 404);
    // Removing him again: he is not in it.
    let again = remove(&maya, id, leo.id).await;
    assert_eq!(again.status(), 404);
}

async fn when_the_owner_leaves_the_longest_standing_member_owns_the_group(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines, sam] = users(&app, ["maya", "leo", "ines", "sam"]).await;
    let id = group_id(&maya, &[&leo, &ines], "Crew").await;
    // Sam joins later, so Leo and Ines have stood longer; Leo's id is the lower.
    let added = add(&maya, id, vec![sam.id]).await;
    assert_eq!(added.status(), 200);
    let mut leos = connect(&app, &leo).await;

    assert_eq!(remove(&maya, id, "me").await.status(), 204);
    let event = next_of(&mut leos, "conversationUpdated").await;
    let now = &event["conversation"];
    assert_eq!(people(now), vec![leo.id, ines.id, sam.id]);
    assert_eq!(now["participants"][0]["role"], "owner");
    let lines = system_lines(&leo, id).await;
    assert_eq!(
        lines[lines.len() - 2..],
        [
            ("left".to_owned(), None, String::new()),
            ("owner".to_owned(), Some(leo.id), String::new()),
        ]
    );
    assert!(listed(&maya, id).await.is_none());
    // Leo owns it now: he removes Sam; Ines (a member) leaves by her own id.
    let removed = remove(&leo, id, sam.id).await;
    assert_eq!(removed.status(), 204);
    let left = remove(&ines, id, ines.id).await;
    assert_eq!(left.status(), 204);
    assert_eq!(people(&listed(&leo, id).await.unwrap()), vec![leo.id]);
}

async fn any_member_renames_the_group_and_changes_its_picture(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines, sam] = users(&app, ["maya", "leo", "ines", "sam"]).await;
    let id = group_id(&maya, &[&leo, &ines], "Crew").await;
    let mut mayas = connect(&app, &maya).await;
    let path = format!("/api/conversations/{id}");

    let renamed = leo
        .patch_json(&path, &json!({"name": " Night shift "}))
        .await;
    assert_eq!(renamed.status(), 200);
    let body: Value = renamed.json().await.unwrap();
    assert_eq!(body["name"], "Night shift");
    let event = next_of(&mut mayas, "conversationUpdated").await;
    assert_eq!(event["conversation"]["name"], "Night shift");
    assert_eq!(
        system_lines(&maya, id).await.last().unwrap(),
        &("renamed".to_owned(), None, "Night shift".to_owned())
    );
    let line = messages(&maya, id).await.pop().unwrap();
    assert_eq!(line["sender"]["id"], leo.id);

    // A picture, as a data: URL; an external URL is not one.
    let png = crate::helpers::png_data_url(32, 32, [20, 120, 200]);
    let pictured = ines.patch_json(&path, &json!({"avatar": png})).await;
    assert_eq!(pictured.status(), 200);
    let body: Value = pictured.json().await.unwrap();
    let url = body["avatarUrl"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/"), "{url}");
    assert_eq!(app.get(&url).await.status(), 200);
    assert_eq!(system_lines(&maya, id).await.last().unwrap().0, "avatar");
    let external = ines
        .patch_json(&path, &json!({"avatar": "https://example.com/a.png"}))
        .await;
    assert_eq!(external.status(), 400);

    // Refused: 61 characters, nothing to change, someone outside.
    let (status, message, _) = error_of(
        leo.patch_json(&path, &json!({"name": "y".repeat(61)}))
            .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Group name must be at most 60 characters")
    );
    assert_eq!(leo.patch_json(&path, &json!({})).await.status(), 400);
    assert_eq!(
        sam.patch_json(&path, &json!({"name": "Mine"}))
            .await
            .status(),
        404
    );
    assert_eq!(listed(&maya, id).await.unwrap()["name"], "Night shift");
}

async fn messages_typing_and_receipts_reach_every_member(backend: Backend) {
    let app = spawn_app(backend).await;
    let [maya, leo, ines, sam] = users(&app, ["maya", "leo", "ines", "sam"]).await;
    let id = group_id(&maya, &[&leo, &ines], "Crew").await;
    let mut mayas = connect(&app, &maya).await;
    let mut leos = connect(&app, &leo).await;
    let mut ineses = connect(&app, &ines).await;
    let mut sams = connect(&app, &sam).await;

    let hello = send_text(&maya, id, "hello crew").await;
    for socket in [&mut leos, &mut ineses] {
        let event = next_of(socket, "newMessage").await;
        assert_eq!(event["message"]["id"], hello);
        assert_eq!(event["message"]["sender"]["id"], maya.id);
    }
    // Unread for each of the others; the system line is not.
    assert_eq!(listed(&leo, id).await.unwrap()["unreadCount"], 1);
    assert_eq!(listed(&maya, id).await.unwrap()["unreadCount"], 0);

    // Typing goes to the other members.
    use futures_util::SinkExt;
    leos.send(tokio_tungstenite::tungstenite::Message::text(
        json!({"type": "typing", "conversationId": id}).to_string(),
    ))
    .await
    .unwrap();
    for socket in [&mut mayas, &mut ineses] {
        let event = assert_none_before(socket, &[], "typing").await;
        assert_eq!(event["userId"], leo.id);
    }

    // Receipts: both readers are told to the others; Ines with receipts off is not, and sees
    // nobody's.
    let saved = change_settings(&ines, json!({"readReceipts": false})).await;
    assert_eq!(saved["readReceipts"], false);
    assert_eq!(read_to(&leo, id, hello).await, 204);
    let event = next_of(&mut mayas, "read").await;
    assert_eq!(event["userId"], leo.id);
    assert_eq!(read_to(&ines, id, hello).await, 204);
    let reads = |conversation: &Value| -> Vec<Value> {
        conversation["participants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["lastReadMessageId"].clone())
            .collect()
    };
    // Maya sees Leo's read, not Ines's; Ines sees only her own.
    assert_eq!(
        reads(&listed(&maya, id).await.unwrap()),
        vec![Value::Null, json!(hello), Value::Null]
    );
    assert_eq!(
        reads(&listed(&ines, id).await.unwrap()),
        vec![Value::Null, Value::Null, json!(hello)]
    );
    assert_eq!(listed(&leo, id).await.unwrap()["unreadCount"], 0);
    // A shared post and a reply reach every member too; a system line takes no reaction.
    let post = maya.create_post("Harbour at dawn").await["id"]
        .as_i64()
        .unwrap();
    let shared = maya
        .post_json(
            &format!("/api/posts/{post}/share"),
            &json!({"conversationId": id}),
        )
        .await;
    assert_eq!(shared.status(), 201);
    for socket in [&mut leos, &mut ineses] {
        let event = next_of(socket, "newMessage").await;
        assert_eq!(event["message"]["sharedPost"]["id"], post);
    }
    let reply = leo
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "On my way", "replyToId": hello}),
        )
        .await;
    assert_eq!(reply.status(), 201);
    let event = next_of(&mut ineses, "newMessage").await;
    assert_eq!(event["message"]["replyTo"]["id"], hello);
    let created = messages(&maya, id).await[0]["id"].as_i64().unwrap();
    let reacted = maya
        .post_json(
            &format!("/api/conversations/{id}/messages/{created}/reactions"),
            &json!({"emoji": "👍"}),
        )
        .await;
    assert_eq!(reacted.status(), 404);
    // Sam, outside, heard none of it.
    assert_silent_until_pong(&mut sams).await;
}
