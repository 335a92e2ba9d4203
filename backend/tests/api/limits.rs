//! Per-user content limits (issue 20): posts, reels and stories share one allowance an hour;
//! comments, messages, follows and reports have their own. Over a limit the answer is 429 with
//! Retry-After and a message that says which, and nothing is stored; other users and other
//! acts go on. `--no-content-limits` turns them all off.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::bad_input::post_reel;
use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app, spawn_app_with};
use crate::image_server::image_url;
use crate::sockets::conversation;

both_backends!(
    posts_reels_and_stories_share_thirty_an_hour_then_429_and_nothing_is_stored,
    comments_messages_follows_and_reports_each_have_a_limit_of_their_own,
    no_content_limits_turns_every_limit_off,
);

fn post_body(caption: &str) -> Value {
    json!({"caption": caption, "imageUrl": image_url("work.jpg")})
}

async fn posts_of(user: &TestUser, author: i64) -> usize {
    user.get_json(&format!("/api/posts/user/{author}?limit=100"))
        .await
        .as_array()
        .expect("a list")
        .len()
}

/// The 429's Retry-After (seconds) and its message.
async fn refused(response: reqwest::Response) -> (u64, String) {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let (_, message, code) = error_of(response).await;
    assert_eq!(code, "rate_limited");
    (retry_after, message)
}

async fn posts_reels_and_stories_share_thirty_an_hour_then_429_and_nothing_is_stored(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    assert_eq!(
        post_reel(&app, &maya, "loop").await.status(),
        StatusCode::CREATED
    );
    let story = maya
        .post_json("/api/stories", &json!({"content": image_url("s.jpg")}))
        .await;
    assert_eq!(story.status(), StatusCode::CREATED);
    for n in 0..28 {
        maya.create_post(&format!("work {n}")).await;
    }

    // The 31st of the hour, whichever kind, is refused and stores nothing.
    let (retry_after, message) =
        refused(maya.post_json("/api/posts", &post_body("one more")).await).await;
    assert_eq!(message, "You're posting too often. Please try again later.");
    // One more comes back after an hour / 30 = 2 minutes at most.
    assert!(
        (1..=120).contains(&retry_after),
        "Retry-After {retry_after}"
    );
    refused(post_reel(&app, &maya, "another loop").await).await;
    let story = maya
        .post_json("/api/stories", &json!({"content": image_url("t.jpg")}))
        .await;
    refused(story).await;
    assert_eq!(posts_of(&leo, maya.id).await, 28);
    let reels = leo.get_json(&format!("/api/reels/user/{}", maya.id)).await;
    assert_eq!(reels.as_array().unwrap().len(), 1);

    // Someone else still posts, and Maya still comments.
    leo.create_post("mine").await;
    let post = leo.create_post("mine too").await;
    let comment = maya
        .post_json(
            &format!("/api/posts/{}/comments", post["id"]),
            &json!({"content": "lovely"}),
        )
        .await;
    assert_eq!(comment.status(), StatusCode::CREATED);
}

async fn comments_messages_follows_and_reports_each_have_a_limit_of_their_own(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.limit_comments_per_10_min = 3;
        s.limit_messages_per_10_s = 2;
        s.limit_follows_per_hour = 2;
        s.limit_reports_per_hour = 2;
    })
    .await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let dan = app.new_user("dan").await;
    let post = leo.create_post("harbour").await;
    let comments = format!("/api/posts/{}/comments", post["id"]);

    for n in 0..3 {
        let sent = maya
            .post_json(&comments, &json!({"content": format!("c{n}")}))
            .await;
        assert_eq!(sent.status(), StatusCode::CREATED);
    }
    let (_, message) = refused(maya.post_json(&comments, &json!({"content": "c3"})).await).await;
    assert_eq!(
        message,
        "You're commenting too often. Please try again later."
    );
    assert_eq!(leo.get_json(&comments).await.as_array().unwrap().len(), 3);
    let again = leo
        .post_json(&comments, &json!({"content": "thanks"}))
        .await;
    assert_eq!(again.status(), StatusCode::CREATED, "Leo's own allowance");

    let chat = conversation(&maya, &leo).await;
    let messages = format!("/api/conversations/{chat}/messages");
    for n in 0..2 {
        let sent = maya
            .post_json(&messages, &json!({"content": format!("m{n}")}))
            .await;
        assert_eq!(sent.status(), StatusCode::CREATED);
    }
    let (retry_after, message) =
        refused(maya.post_json(&messages, &json!({"content": "m2"})).await).await;
    assert_eq!(
        message,
        "You're sending messages too fast. Please slow down."
    );
    assert!((1..=5).contains(&retry_after), "Retry-After {retry_after}");
    // A share into the chat is a message too.
    let share = maya
        .post_json(
            &format!("/api/posts/{}/share", post["id"]),
            &json!({"conversationId": chat}),
        )
        .await;
    refused(share).await;
    assert_eq!(leo.get_json(&messages).await.as_array().unwrap().len(), 2);

    for user in [&leo, &sofia] {
        let followed = maya.post(&format!("/api/users/{}/follow", user.id)).await;
        assert_eq!(followed.status(), StatusCode::OK);
    }
    let (_, message) = refused(maya.post(&format!("/api/users/{}/follow", dan.id)).await).await;
    assert_eq!(
        message,
        "You're following too many accounts too quickly. Please try again later."
    );
    let status = maya
        .get_json(&format!("/api/users/{}/follow-status", dan.id))
        .await;
    assert_eq!(status["isFollowing"], false);
    // Unfollowing is never limited.
    let unfollowed = maya.delete(&format!("/api/users/{}/follow", leo.id)).await;
    assert_eq!(unfollowed.status(), StatusCode::OK);

    let report = |target: i64| json!({"targetType": "user", "targetId": target, "reason": "spam"});
    for user in [&leo, &sofia] {
        let sent = maya.post_json("/api/reports", &report(user.id)).await;
        assert_eq!(sent.status(), StatusCode::CREATED);
    }
    let (_, message) = refused(maya.post_json("/api/reports", &report(dan.id)).await).await;
    assert_eq!(
        message,
        "You've sent a lot of reports. Please try again later."
    );
    let sent = sofia.post_json("/api/reports", &report(dan.id)).await;
    assert_eq!(sent.status(), StatusCode::CREATED, "Sofia's own allowance");
}

async fn no_content_limits_turns_every_limit_off(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.limit_posts_per_hour = 1;
        s.limit_comments_per_10_min = 1;
        s.no_content_limits = true;
    })
    .await;
    let maya = app.new_user("maya").await;
    for n in 0..3 {
        let post = maya.create_post(&format!("work {n}")).await;
        for m in 0..2 {
            let sent = maya
                .post_json(
                    &format!("/api/posts/{}/comments", post["id"]),
                    &json!({"content": format!("c{m}")}),
                )
                .await;
            assert_eq!(sent.status(), StatusCode::CREATED);
        }
    }
}
