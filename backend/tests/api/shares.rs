//! Sharing posts and reels into chats (issue 19): a share is a message of type post or reel
//! carrying the item's card, delivered live, listed, previewed; only into your own
//! conversations; sharesCount counts each sharer once, also under concurrency.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::bad_input::post_reel;
use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};
use crate::sockets::{connect, conversation, next_of};

both_backends!(
    sharing_is_refused_without_a_session,
    a_shared_post_arrives_live_with_its_card_and_shows_in_the_list_and_preview,
    a_shared_reel_carries_its_card_and_counts_its_sharers,
    sharing_again_sends_another_message_but_counts_once,
    twenty_concurrent_sharers_count_twenty,
    sharing_into_a_conversation_you_are_not_in_is_404_and_stores_nothing,
    sharing_an_unknown_post_or_reel_is_404_and_stores_nothing,
    a_share_message_cannot_be_sent_as_a_plain_message,
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
            "imageUrl": "https://images.example.com/work.jpg",
            "thumbnailUrl": null,
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
