//! Sharing posts and reels into chats (issue 19): a share is a message of type post or reel
//! carrying the item's card, delivered live, listed, previewed; only into your own
//! conversations; sharesCount counts each sharer once, also under concurrency.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::bad_input::post_reel;
use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};
use crate::sockets::{accept, connect, conversation, next_of};

both_backends!(
    sharing_is_refused_without_a_session,
    a_shared_post_arrives_live_with_its_card_and_shows_in_the_list_and_preview,
    a_shared_reel_carries_its_card_and_counts_its_sharers,
    sharing_again_sends_another_message_but_counts_once,
    twenty_concurrent_sharers_count_twenty,
    sharing_into_a_conversation_you_are_not_in_is_404_and_stores_nothing,
    sharing_an_unknown_post_or_reel_is_404_and_stores_nothing,
    a_share_message_cannot_be_sent_as_a_plain_message,
    a_share_of_a_deactivated_authors_post_shows_no_card_and_cannot_be_sent_again,
    a_card_shows_only_to_those_who_may_see_its_item,
    an_author_who_turned_sharing_off_is_shared_by_nobody_but_themselves,
);

async fn share(user: &TestUser, what: &str, id: i64, conversation: i64) -> reqwest::Response {
    user.post_json(
        &format!("/api/{what}/{id}/share"),
        &json!({"conversationId": conversation}),
    )
    .await
}

async fn count(app: &TestApp, table: &str) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
            .fetch_one(&db.pool)
            .await
            .unwrap();
    db.pool.close().await;
    count
}

async fn new_reel(app: &TestApp, user: &TestUser, caption: &str) -> Value {
    let response = post_reel(app, user, caption).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn shares_count_of_post(user: &TestUser, post: i64) -> i64 {
    let feed = user.get_json("/api/posts?limit=100").await;
    feed.as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == post)
        .expect("the post in the feed")["sharesCount"]
        .as_i64()
        .unwrap()
}

async fn sharing_is_refused_without_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let chat = conversation(&maya, &leo).await;
    let post = maya.create_post("A post").await["id"].as_i64().unwrap();
    let nobody = app.anonymous();

    for what in ["posts", "reels"] {
        let (status, _, code) = error_of(share(&nobody, what, post, chat).await).await;
        assert_eq!((status, code.as_str()), (401, "not_signed_in"), "{what}");
    }
    assert_eq!(count(&app, "messages").await, 0);
}

async fn a_shared_post_arrives_live_with_its_card_and_shows_in_the_list_and_preview(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let chat = conversation(&maya, &leo).await;
    accept(&leo, chat).await;
    // Ines's post, shared by Maya to Leo.
    let post = ines.create_post("Blue hour over #Lisbon").await;
    let mut leo_socket = connect(&app, &leo).await;

    let response = share(&maya, "posts", post["id"].as_i64().unwrap(), chat).await;

    assert_eq!(response.status(), StatusCode::CREATED);
    let message: Value = response.json().await.unwrap();
    assert_eq!(message["messageType"], "post");
    assert_eq!(message["content"], "");
    assert_eq!(message["conversationId"], chat);
    assert_eq!(message["sender"]["id"], maya.id);
    assert_eq!(
        message["sharedPost"],
        json!({
            "id": post["id"],
            "media": post["media"],
            "imageUrl": post["imageUrl"],
            "thumbnailUrl": post["thumbnailUrl"],
            "caption": "Blue hour over #Lisbon",
            "user": post["user"],
        })
    );
    assert_eq!(message["sharedReel"], Value::Null);

    let event = next_of(&mut leo_socket, "newMessage").await;
    assert_eq!(event["conversationId"], chat);
    assert_eq!(event["message"], message);

    let listed = leo
        .get_json(&format!("/api/conversations/{chat}/messages"))
        .await;
    assert_eq!(listed, json!([message]));
    let conversations = leo.get_json("/api/conversations").await;
    let preview = &conversations[0]["lastMessage"];
    assert_eq!(preview["id"], message["id"]);
    assert_eq!(preview["messageType"], "post");
    assert_eq!(preview["sharedPost"], message["sharedPost"]);
    assert_eq!(preview["sharedReel"], Value::Null);
    // Other messages carry no card.
    let text: Value = leo
        .post_json(
            &format!("/api/conversations/{chat}/messages"),
            &json!({"content": "nice"}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (text["sharedPost"].clone(), text["sharedReel"].clone()),
        (Value::Null, Value::Null)
    );
    assert_eq!(
        shares_count_of_post(&ines, post["id"].as_i64().unwrap()).await,
        1
    );
}

async fn a_shared_reel_carries_its_card_and_counts_its_sharers(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let chat = conversation(&maya, &leo).await;
    let reel = new_reel(&app, &leo, "Studio loop").await;
    let mut maya_socket = connect(&app, &maya).await;

    let response = share(&leo, "reels", reel["id"].as_i64().unwrap(), chat).await;

    assert_eq!(response.status(), StatusCode::CREATED);
    let message: Value = response.json().await.unwrap();
    assert_eq!(message["messageType"], "reel");
    assert_eq!(message["content"], "");
    assert_eq!(message["sharedPost"], Value::Null);
    assert_eq!(
        message["sharedReel"],
        json!({
            "id": reel["id"],
            "posterUrl": reel["posterUrl"],
            "caption": "Studio loop",
            "user": reel["user"],
        })
    );
    assert_eq!(
        next_of(&mut maya_socket, "newMessage").await["message"],
        message
    );
    let reels = maya.get_json("/api/reels").await;
    assert_eq!(reels[0]["sharesCount"], 1);
    let preview = &maya.get_json("/api/conversations").await[0]["lastMessage"];
    assert_eq!(preview["sharedReel"], message["sharedReel"]);
}

async fn sharing_again_sends_another_message_but_counts_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let with_leo = conversation(&maya, &leo).await;
    let with_ines = conversation(&maya, &ines).await;
    let post = leo.create_post("Share me").await["id"].as_i64().unwrap();

    for chat in [with_leo, with_leo, with_ines] {
        assert_eq!(share(&maya, "posts", post, chat).await.status(), 201);
    }
    assert_eq!(count(&app, "messages").await, 3);
    assert_eq!(shares_count_of_post(&maya, post).await, 1);

    // Another sharer counts.
    assert_eq!(share(&leo, "posts", post, with_leo).await.status(), 201);
    assert_eq!(shares_count_of_post(&maya, post).await, 2);
    assert_eq!(count(&app, "post_shares").await, 2);
}

async fn twenty_concurrent_sharers_count_twenty(backend: Backend) {
    let app = spawn_app(backend).await;
    let author = app.new_user("author").await;
    let post = author.create_post("Popular").await["id"].as_i64().unwrap();
    let reel = new_reel(&app, &author, "Popular reel").await["id"]
        .as_i64()
        .unwrap();
    let sharers = app.synthetic_users_signed_in(20);
    let mut chats = Vec::new();
    for sharer in &sharers {
        chats.push(conversation(sharer, &author).await);
    }
    // The synthetic seed writes messages of its own.
    let messages_before = count(&app, "messages").await;

    // Each sharer shares both, twice, all at once.
    let mut tasks = tokio::task::JoinSet::new();
    for (sharer, chat) in sharers.iter().zip(&chats) {
        for (what, id) in [
            ("posts", post),
            ("reels", reel),
            ("posts", post),
            ("reels", reel),
        ] {
            let client = sharer.client.clone();
            let url = sharer.url(&format!("/api/{what}/{id}/share"));
            let body = json!({"conversationId": chat});
            tasks.spawn(async move { client.post(url).json(&body).send().await.unwrap().status() });
        }
    }
    while let Some(status) = tasks.join_next().await {
        assert_eq!(status.unwrap(), StatusCode::CREATED);
    }

    assert_eq!(shares_count_of_post(&author, post).await, 20);
    assert_eq!(author.get_json("/api/reels").await[0]["sharesCount"], 20);
    assert_eq!(count(&app, "messages").await - messages_before, 80);
    assert_eq!(count(&app, "reel_shares").await, 20);
}

async fn sharing_into_a_conversation_you_are_not_in_is_404_and_stores_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let eve = app.new_user("eve").await;
    let theirs = conversation(&maya, &leo).await;
    let post = eve.create_post("Eve's").await["id"].as_i64().unwrap();
    let reel = new_reel(&app, &eve, "Eve's reel").await["id"]
        .as_i64()
        .unwrap();

    for (what, id) in [("posts", post), ("reels", reel)] {
        for chat in [theirs, 999_999] {
            let (status, message, _) = error_of(share(&eve, what, id, chat).await).await;
            assert_eq!(
                (status, message.as_str()),
                (404, "Conversation not found"),
                "{what} into {chat}"
            );
        }
    }
    assert_eq!(count(&app, "messages").await, 0);
    assert_eq!(count(&app, "post_shares").await, 0);
    assert_eq!(count(&app, "reel_shares").await, 0);
    assert_eq!(shares_count_of_post(&eve, post).await, 0);
    assert_eq!(eve.get_json("/api/reels").await[0]["sharesCount"], 0);
}

async fn sharing_an_unknown_post_or_reel_is_404_and_stores_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let chat = conversation(&maya, &leo).await;

    let cases = [
        ("posts", "999999", 404, "Post not found"),
        ("reels", "999999", 404, "Reel not found"),
    ];
    for (what, id, status, text) in cases {
        let (got, message, _) = error_of(
            maya.post_json(
                &format!("/api/{what}/{id}/share"),
                &json!({"conversationId": chat}),
            )
            .await,
        )
        .await;
        assert_eq!((got, message.as_str()), (status, text), "{what}/{id}");
    }
    // Malformed ids and bodies are 400.
    let post = maya.create_post("Mine").await["id"].as_i64().unwrap();
    for (path, body) in [
        (
            "/api/posts/abc/share".to_owned(),
            json!({"conversationId": chat}),
        ),
        (format!("/api/posts/{post}/share"), json!({})),
        (
            format!("/api/posts/{post}/share"),
            json!({"conversationId": "x"}),
        ),
    ] {
        let (status, _, _) = error_of(maya.post_json(&path, &body).await).await;
        assert_eq!(status, 400, "{path} {body}");
    }
    assert_eq!(count(&app, "messages").await, 0);
    assert_eq!(shares_count_of_post(&maya, post).await, 0);
}

async fn a_share_message_cannot_be_sent_as_a_plain_message(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let chat = conversation(&maya, &leo).await;

    for kind in ["post", "reel"] {
        let (status, _, _) = error_of(
            maya.post_json(
                &format!("/api/conversations/{chat}/messages"),
                &json!({"content": "x", "messageType": kind}),
            )
            .await,
        )
        .await;
        assert_eq!(status, 400, "{kind}");
    }
    assert_eq!(count(&app, "messages").await, 0);
}

/// SQLite only (PostgreSQL alters the CHECK in place): migration 0018 rebuilds the messages
/// table. A database migrated to just before it, with messages of every kind, a reply, a
/// reaction and a deleted newest message, keeps every row, id and reaction, its indexes and
/// trigger, foreign keys on, and never reuses the deleted message's id; its posts get their
/// tags from the backfill.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_messages_keep_every_row_through_the_rebuild_of_migration_0018() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let db = atelier::platform::db::Db::connect(&url).await.unwrap();
    // The migrations before 0018, as an earlier release ran them.
    let earlier = dir.path().join("earlier");
    std::fs::create_dir(&earlier).unwrap();
    let all = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    for entry in std::fs::read_dir(&all).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.as_str() < "0018" {
            std::fs::copy(&path, earlier.join(&name)).unwrap();
        }
    }
    sqlx::migrate::Migrator::new(earlier.as_path())
        .await
        .unwrap()
        .run(&db.pool)
        .await
        .unwrap();

    let mut people = Vec::new();
    for name in ["maya", "leo"] {
        // The schema of 0017: the columns a user had then.
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO users (username, email, display_name, password_hash, created_at)
             VALUES ($1, $2, $1, 'x', 1) RETURNING id",
        )
        .bind(name)
        .bind(format!("{name}@example.com"))
        .fetch_one(&db.pool)
        .await
        .unwrap();
        people.push(id);
    }
    let old_schema = [
        "INSERT INTO conversations (user_a, user_b, created_at) VALUES ($1, $2, 1)",
        "INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at)
         VALUES (1, $1, 1, 1), (1, $2, 1, 1)",
        "INSERT INTO messages (conversation_id, sender_id, content, created_at)
         VALUES (1, $1, 'first', 10)",
        "INSERT INTO messages (conversation_id, sender_id, content, message_type, voice_url,
                               duration, reply_to_id, created_at)
         VALUES (1, $2, '', 'voice', '/media/v.webm', 4, 1, 20)",
        "INSERT INTO messages (conversation_id, sender_id, content, message_type, duration,
                               call_outcome, created_at)
         VALUES (1, $1, '', 'call', 65, 'completed', 30)",
        "INSERT INTO messages (conversation_id, sender_id, content, created_at)
         VALUES (1, $2, 'deleted later', 40)",
        "DELETE FROM messages WHERE id = 4",
        "INSERT INTO message_reactions (message_id, user_id, emoji, created_at)
         VALUES (1, $2, '🔥', 50), (2, $1, '👍', 60)",
        "INSERT INTO posts (user_id, caption, image_url, tags, created_at)
         VALUES ($1, 'Old work #Legacy', 'https://images.example.com/o.jpg', '[\"Old Tag\"]', 5)",
    ];
    for sql in old_schema {
        sqlx::query(sql)
            .bind(people[0])
            .bind(people[1])
            .execute(&db.pool)
            .await
            .unwrap();
    }
    type Row = (
        i64,
        i64,
        i64,
        String,
        String,
        Option<String>,
        Option<i64>,
        Option<i64>,
        i64,
        Option<String>,
    );
    let read_messages = "SELECT id, conversation_id, sender_id, content, message_type, voice_url,
                                duration, reply_to_id, created_at, call_outcome
                         FROM messages ORDER BY id";
    let before: Vec<Row> = sqlx::query_as(read_messages)
        .fetch_all(&db.pool)
        .await
        .unwrap();
    let reactions = "SELECT message_id, user_id, emoji FROM message_reactions ORDER BY message_id";
    let reactions_before: Vec<(i64, i64, String)> =
        sqlx::query_as(reactions).fetch_all(&db.pool).await.unwrap();
    assert_eq!(before.len(), 3);

    atelier::app::migrate(&db).await.unwrap();

    let after: Vec<Row> = sqlx::query_as(read_messages)
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert_eq!(after, before);
    let reactions_after: Vec<(i64, i64, String)> =
        sqlx::query_as(reactions).fetch_all(&db.pool).await.unwrap();
    assert_eq!(reactions_after, reactions_before);
    let (objects,): (String,) = sqlx::query_as(
        "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master
         WHERE tbl_name = 'messages' AND type IN ('index', 'trigger') ORDER BY name)",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        objects,
        "messages_client_key messages_conversation_id_idx messages_reply_to_id_idx \
         messages_sender_id_idx messages_shared_post_id_idx messages_shared_reel_id_idx \
         messages_system_user_id_idx messages_touch_conversation messages_unread_idx"
    );
    // Migration 0026 rebuilt conversations too (groups): the pair is kept, as a direct one.
    type Conversation = (i64, Option<i64>, Option<i64>, String, i64);
    let conversations: Vec<Conversation> = sqlx::query_as(
        "SELECT c.id, c.user_a, c.user_b, c.kind, COUNT(m.user_id) FROM conversations c
         JOIN conversation_members m ON m.conversation_id = c.id AND m.role = 'member'
         GROUP BY c.id, c.user_a, c.user_b, c.kind",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        conversations,
        [(1, Some(people[0]), Some(people[1]), "direct".to_owned(), 2)]
    );
    let (foreign_keys,): (i64,) = sqlx::query_as("PRAGMA foreign_keys")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        foreign_keys, 1,
        "foreign keys are back on for the migrating connection"
    );
    let problems: Vec<(String, i64, String, i64)> = sqlx::query_as("PRAGMA foreign_key_check")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert!(problems.is_empty(), "{problems:?}");

    let tags = "SELECT tag, posts_count FROM tags ORDER BY tag";
    let counted: Vec<(String, i64)> = sqlx::query_as(tags).fetch_all(&db.pool).await.unwrap();
    assert_eq!(
        counted,
        [("legacy".to_owned(), 1), ("oldtag".to_owned(), 1)]
    );

    // A new message takes the next id after the deleted one, and the trigger makes it last.
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO messages (conversation_id, sender_id, content, message_type, shared_post_id,
                               created_at)
         VALUES (1, $1, '', 'post', 1, 70) RETURNING id",
    )
    .bind(people[0])
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(id, 5);
    let (last,): (i64,) = sqlx::query_as("SELECT last_message_id FROM conversations WHERE id = 1")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(last, 5);
    // Deleting a reaction's message still cascades; deleting the shared post clears the link.
    sqlx::query("DELETE FROM messages WHERE id = 1")
        .execute(&db.pool)
        .await
        .unwrap();
    let (left,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM message_reactions")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(left, 1);
    sqlx::query("DELETE FROM posts WHERE id = 1")
        .execute(&db.pool)
        .await
        .unwrap();
    let (shared,): (Option<i64>,) =
        sqlx::query_as("SELECT shared_post_id FROM messages WHERE id = 5")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(shared, None);
    let counted: Vec<(String, i64)> = sqlx::query_as(tags).fetch_all(&db.pool).await.unwrap();
    assert_eq!(
        counted,
        [("legacy".to_owned(), 0), ("oldtag".to_owned(), 0)]
    );
    db.pool.close().await;
}

async fn a_share_of_a_deactivated_authors_post_shows_no_card_and_cannot_be_sent_again(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let chat = conversation(&maya, &leo).await;
    let post = ines.create_post("Soon gone").await["id"].as_i64().unwrap();
    assert_eq!(share(&maya, "posts", post, chat).await.status(), 201);

    let response = ines
        .post_json(
            "/api/user/deactivate",
            &json!({"password": crate::helpers::PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    // The message stays, without its card (the client shows 'Post unavailable').
    let listed = leo
        .get_json(&format!("/api/conversations/{chat}/messages"))
        .await;
    assert_eq!(listed[0]["messageType"], "post");
    assert_eq!(listed[0]["sharedPost"], Value::Null);
    let preview = &leo.get_json("/api/conversations").await[0]["lastMessage"];
    assert_eq!(preview["sharedPost"], Value::Null);
    // And it is not there to share.
    let (status, message, _) = error_of(share(&maya, "posts", post, chat).await).await;
    assert_eq!((status, message.as_str()), (404, "Post not found"));
    assert_eq!(count(&app, "messages").await, 1);
}

/// Issue 20: a shared post or reel reaches someone who blocked its author (or was blocked by
/// them), or who does not follow its private author, without its card: live, in the list and
/// in the preview. The sharer still sees it.
async fn a_card_shows_only_to_those_who_may_see_its_item(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let chat = conversation(&maya, &leo).await;
    let post = ines.create_post("Blue hour").await["id"].as_i64().unwrap();
    let reel = new_reel(&app, &ines, "Loop").await["id"].as_i64().unwrap();
    let response = leo.post(&format!("/api/users/{}/block", ines.id)).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let mut leo_socket = connect(&app, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;

    for (what, id, card) in [("posts", post, "sharedPost"), ("reels", reel, "sharedReel")] {
        let response = share(&maya, what, id, chat).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let sent: Value = response.json().await.unwrap();
        assert_eq!(sent[card]["id"], id, "the sharer's answer has the card");
        assert_eq!(
            next_of(&mut maya_socket, "newMessage").await["message"],
            sent
        );
        let got = next_of(&mut leo_socket, "newMessage").await["message"].clone();
        assert_eq!(
            (got["id"].clone(), got[card].clone()),
            (sent["id"].clone(), Value::Null)
        );
        let listed = leo
            .get_json(&format!("/api/conversations/{chat}/messages"))
            .await;
        let last = listed.as_array().unwrap().last().unwrap();
        assert_eq!(
            (last["id"].clone(), last[card].clone()),
            (sent["id"].clone(), Value::Null)
        );
        let preview = &leo.get_json("/api/conversations").await[0]["lastMessage"];
        assert_eq!(preview[card], Value::Null);
        let mine = maya
            .get_json(&format!("/api/conversations/{chat}/messages"))
            .await;
        assert_eq!(mine.as_array().unwrap().last().unwrap()[card]["id"], id);
    }

    // A private author's post: the card for her followers alone.
    let response = leo.delete(&format!("/api/users/{}/block", ines.id)).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    crate::private::set_private(&ines, true).await;
    let listed = leo
        .get_json(&format!("/api/conversations/{chat}/messages"))
        .await;
    assert_eq!(listed[0]["sharedPost"], Value::Null);
    let theirs = maya
        .get_json(&format!("/api/conversations/{chat}/messages"))
        .await;
    assert_eq!(
        theirs[0]["sharedPost"],
        Value::Null,
        "maya does not follow her either"
    );
}

/// '3D Content Sharing' (issue 43): off, nobody else sends Maya's posts and reels into a chat
/// (403, nothing stored, and her items say so to them); she still shares her own; on again,
/// Leo may.
async fn an_author_who_turned_sharing_off_is_shared_by_nobody_but_themselves(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let chat = conversation(&maya, &leo).await;
    let post = maya.create_post("Harbour at dawn").await["id"]
        .as_i64()
        .unwrap();
    let reel = new_reel(&app, &maya, "Brushwork").await["id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        leo.get_json(&format!("/api/posts/{post}")).await["allowsSharing"],
        true
    );

    let off = maya
        .put_json("/api/user/settings", &json!({"share3dContent": false}))
        .await;
    assert_eq!(off.status(), StatusCode::OK);
    for (what, id) in [("posts", post), ("reels", reel)] {
        let (status, message, _) = error_of(share(&leo, what, id, chat).await).await;
        assert_eq!(
            (status, message.as_str()),
            (403, "This creator doesn't allow sharing"),
            "{what}"
        );
    }
    assert_eq!(count(&app, "messages").await, 0);
    // Leo's views of her items say so, in every list; hers do not.
    assert_eq!(
        leo.get_json(&format!("/api/posts/{post}")).await["allowsSharing"],
        false
    );
    let feed = leo.get_json(&format!("/api/posts/user/{}", maya.id)).await;
    assert_eq!(feed[0]["allowsSharing"], false);
    let reels = leo.get_json("/api/reels").await;
    let her_reel = reels
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == reel)
        .expect("her reel");
    assert_eq!(her_reel["allowsSharing"], false);
    assert_eq!(
        maya.get_json(&format!("/api/posts/{post}")).await["allowsSharing"],
        true
    );

    // Her own she always shares.
    for (what, id) in [("posts", post), ("reels", reel)] {
        assert_eq!(
            share(&maya, what, id, chat).await.status(),
            StatusCode::CREATED,
            "{what}"
        );
    }

    let on = maya
        .put_json("/api/user/settings", &json!({"share3dContent": true}))
        .await;
    assert_eq!(on.status(), StatusCode::OK);
    assert_eq!(
        share(&leo, "posts", post, chat).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(count(&app, "messages").await, 3);
}
