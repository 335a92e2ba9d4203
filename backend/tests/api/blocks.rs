//! Blocks and mutes (issue 20). A block works both ways: follows end, and neither sees the
//! other's profile, posts, reels, stories or comments anywhere, nor can follow, start a chat,
//! message, share into their chat, leave a voicemail, comment, like, reply or mention. Their
//! conversation stays readable. A mute only takes the muted account out of the muter's feed
//! and story strip.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::audio::{CHROME_WEBM, data_url};
use crate::bad_input::post_reel;
use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};
use crate::image_server::image_url;
use crate::sockets::{accept, conversation};

both_backends!(
    blocking_and_muting_need_a_session,
    blocking_is_idempotent_listed_and_ends_follows_both_ways,
    blocking_yourself_or_an_unknown_account_is_refused_and_changes_nothing,
    blocked_either_way_neither_sees_the_other_anywhere,
    blocked_either_way_neither_can_reach_the_other,
    a_blocked_conversation_stays_readable_but_takes_no_message,
    a_blocked_conversation_takes_no_reaction,
    what_the_other_cannot_see_answers_404_to_every_question_about_it,
    unblocking_brings_content_back_but_not_the_follows,
    muting_takes_posts_and_stories_out_of_the_feed_and_strip_only,
);

fn picture() -> String {
    image_url("story.jpg")
}

async fn block(who: &TestUser, whom: &TestUser) {
    let response = who.post(&format!("/api/users/{}/block", whom.id)).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
}

pub fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect()
}

/// The ids of the authors in a list of posts, reels or comments (`user.id`).
fn authors(list: &Value) -> Vec<i64> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item["user"]["id"].as_i64().unwrap())
        .collect()
}

async fn story(user: &TestUser) -> Value {
    let response = user
        .post_json("/api/stories", &json!({"content": picture()}))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

/// The user ids of the story strip's groups.
async fn strip(user: &TestUser) -> Vec<i64> {
    user.get_json("/api/stories")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|group| group["user"]["id"].as_i64().unwrap())
        .collect()
}

/// The one number `sql` answers (a COUNT), read straight from the app's database.
pub async fn count(app: &TestApp, sql: &str) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

async fn blocking_and_muting_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let anonymous = app.anonymous();
    for path in [
        format!("/api/users/{}/block", leo.id),
        format!("/api/users/{}/mute", leo.id),
    ] {
        assert_eq!(
            anonymous.post(&path).await.status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            anonymous.delete(&path).await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let list = anonymous.get("/api/user/blocks").await;
    assert_eq!(list.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM blocks").await, 0);
}

async fn blocking_is_idempotent_listed_and_ends_follows_both_ways(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    for (a, b) in [(&maya, &leo), (&leo, &maya), (&maya, &sofia)] {
        let response = a.post(&format!("/api/users/{}/follow", b.id)).await;
        assert_eq!(response.status(), StatusCode::OK);
    }

    block(&maya, &leo).await;
    block(&maya, &leo).await;
    block(&maya, &sofia).await;
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM follows").await,
        0,
        "every follow between the blocked pairs ended"
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM blocks").await, 2);

    // The latest block first, a page at a time, with the account's card.
    let first = maya.get("/api/user/blocks?limit=1").await;
    assert_eq!(first.status(), StatusCode::OK);
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    assert_eq!(
        first,
        json!([{"id": sofia.id, "username": "sofia", "displayName": "sofia display",
                "profileImageUrl": null}])
    );
    let rest = maya
        .get_json(&format!("/api/user/blocks?limit=1&before={cursor}"))
        .await;
    assert_eq!(ids(&rest), vec![leo.id]);
    // Leo's own list is his: empty.
    assert_eq!(leo.get_json("/api/user/blocks").await, json!([]));

    for _ in 0..2 {
        let response = maya.delete(&format!("/api/users/{}/block", leo.id)).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    assert_eq!(
        ids(&maya.get_json("/api/user/blocks").await),
        vec![sofia.id]
    );
}

async fn blocking_yourself_or_an_unknown_account_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    for verb in ["block", "mute"] {
        let path = format!("/api/users/{}/{verb}", maya.id);
        let (status, message, _) = error_of(maya.post(&path).await).await;
        assert_eq!(status, 400);
        assert_eq!(message, format!("You cannot {verb} yourself"));
        let (status, message, _) =
            error_of(maya.post(&format!("/api/users/999999/{verb}")).await).await;
        assert_eq!((status, message.as_str()), (404, "User not found"));
        let unknown = maya.delete(&format!("/api/users/999999/{verb}")).await;
        assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
        let malformed = maya.post(&format!("/api/users/abc/{verb}")).await;
        assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM blocks").await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM mutes").await, 0);
}

async fn blocked_either_way_neither_sees_the_other_anywhere(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let tag = "harbourstudy";
    let leo_post = leo.create_post(&format!("Leo at the harbour #{tag}")).await;
    let maya_post = maya
        .create_post(&format!("Maya at the harbour #{tag}"))
        .await;
    assert_eq!(
        post_reel(&app, &leo, "leo loop").await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        post_reel(&app, &maya, "maya loop").await.status(),
        StatusCode::CREATED
    );
    let leo_story = story(&leo).await;
    let maya_story = story(&maya).await;
    // Leo comments on Sofia's post, where Maya also reads.
    let sofia_post = sofia.create_post("Sofia's harbour").await;
    let on_sofia = format!("/api/posts/{}/comments", sofia_post["id"]);
    for (who, text) in [(&leo, "from leo"), (&maya, "from maya")] {
        let response = who.post_json(&on_sofia, &json!({"content": text})).await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }

    // Whoever blocks, neither sees the other: Maya blocks Leo.
    block(&maya, &leo).await;
    for (viewer, other, who, other_post, other_story) in [
        (&maya, &leo, "leo", &leo_post, &leo_story),
        (&leo, &maya, "maya", &maya_post, &maya_story),
    ] {
        let profile = viewer.get(&format!("/api/users/username/{who}")).await;
        assert_eq!(profile.status(), StatusCode::NOT_FOUND, "{who}'s profile");
        let status = viewer
            .get(&format!("/api/users/{}/follow-status", other.id))
            .await;
        assert_eq!(status.status(), StatusCode::NOT_FOUND);
        let by_id = viewer
            .get(&format!("/api/posts/{}", other_post["id"]))
            .await;
        assert_eq!(by_id.status(), StatusCode::NOT_FOUND, "{who}'s post by id");
        for list in [
            "/api/posts?limit=100".to_owned(),
            "/api/posts/trending?limit=100".to_owned(),
            format!("/api/tags/{tag}/posts"),
            format!("/api/posts/user/{}", other.id),
            "/api/reels?limit=100".to_owned(),
            format!("/api/reels/user/{}", other.id),
        ] {
            let seen = authors(&viewer.get_json(&list).await);
            assert!(!seen.contains(&other.id), "{list} shows {who}: {seen:?}");
        }
        let search = viewer.get_json("/api/search?q=harbour").await;
        assert!(
            !authors(&search["posts"]).contains(&other.id),
            "search posts"
        );
        let users = viewer.get_json(&format!("/api/search?q={who}")).await;
        assert!(!ids(&users["users"]).contains(&other.id), "search users");
        let users = viewer.get_json(&format!("/api/search/users?q={who}")).await;
        assert!(!ids(&users).contains(&other.id), "user search");
        assert!(!strip(viewer).await.contains(&other.id), "story strip");
        let view = viewer
            .post(&format!("/api/stories/{}/view", other_story["id"]))
            .await;
        assert_eq!(view.status(), StatusCode::NOT_FOUND, "{who}'s story");
        let comments = viewer.get_json(&on_sofia).await;
        assert!(!authors(&comments).contains(&other.id), "comments");
        let theirs = viewer
            .get(&format!("/api/posts/{}/comments", other_post["id"]))
            .await;
        assert_eq!(theirs.status(), StatusCode::NOT_FOUND);
    }

    // Sofia, blocked by nobody, still sees everyone.
    let comments = sofia.get_json(&on_sofia).await;
    assert_eq!(authors(&comments), vec![leo.id, maya.id]);
    let feed = authors(&sofia.get_json("/api/posts?limit=100").await);
    assert!(feed.contains(&leo.id) && feed.contains(&maya.id));
    assert_eq!(
        sofia.get("/api/users/username/leo").await.status(),
        StatusCode::OK
    );
}

async fn blocked_either_way_neither_can_reach_the_other(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let leo_post = leo.create_post("Leo's harbour").await;
    let leo_comment: Value = sofia
        .post_json(
            &format!("/api/posts/{}/comments", leo_post["id"]),
            &json!({"content": "nice"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let leo_reel: Value = post_reel(&app, &leo, "leo loop")
        .await
        .json()
        .await
        .unwrap();
    let maya_sofia = conversation(&maya, &sofia).await;
    // Leo blocks Maya; everything below is Maya trying to reach Leo (and Leo, Maya).
    block(&leo, &maya).await;

    let follow = maya.post(&format!("/api/users/{}/follow", leo.id)).await;
    assert_eq!(follow.status(), StatusCode::NOT_FOUND);
    let follow = leo.post(&format!("/api/users/{}/follow", maya.id)).await;
    assert_eq!(follow.status(), StatusCode::NOT_FOUND);
    let chat = maya
        .post_json("/api/conversations", &json!({"otherUserId": leo.id}))
        .await;
    assert_eq!(chat.status(), StatusCode::NOT_FOUND);
    let on_post = format!("/api/posts/{}/comments", leo_post["id"]);
    let comment = maya.post_json(&on_post, &json!({"content": "hi"})).await;
    assert_eq!(comment.status(), StatusCode::NOT_FOUND);
    let on_reel = format!("/api/reels/{}/comments", leo_reel["id"]);
    let comment = maya.post_json(&on_reel, &json!({"content": "hi"})).await;
    assert_eq!(comment.status(), StatusCode::NOT_FOUND);
    for like in [
        format!("/api/posts/{}/like", leo_post["id"]),
        format!("/api/posts/{}/bookmark", leo_post["id"]),
        format!("/api/reels/{}/like", leo_reel["id"]),
        format!("/api/comments/{}/like", leo_comment["id"]),
    ] {
        assert_eq!(
            maya.post(&like).await.status(),
            StatusCode::NOT_FOUND,
            "{like}"
        );
    }
    // Leo's post shared into Maya's chat with Sofia: Maya cannot see it to share it.
    let share = maya
        .post_json(
            &format!("/api/posts/{}/share", leo_post["id"]),
            &json!({"conversationId": maya_sofia}),
        )
        .await;
    assert_eq!(share.status(), StatusCode::NOT_FOUND);
    // A mention of the other is left as text.
    let mention = maya.create_post("hello @leo").await;
    let comment = maya
        .post_json(
            &format!("/api/posts/{}/comments", mention["id"]),
            &json!({"content": "and @leo too"}),
        )
        .await;
    assert_eq!(comment.status(), StatusCode::CREATED);
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM mentions WHERE mentioned_user_id = {}",
                leo.id
            )
        )
        .await,
        0
    );
    let likes = count(&app, "SELECT COUNT(*) FROM post_likes").await
        + count(&app, "SELECT COUNT(*) FROM reel_likes").await
        + count(&app, "SELECT COUNT(*) FROM comment_likes").await
        + count(&app, "SELECT COUNT(*) FROM bookmarks").await;
    assert_eq!(likes, 0, "nothing was stored");
}

async fn a_blocked_conversation_stays_readable_but_takes_no_message(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let chat = conversation(&maya, &leo).await;
    let messages = format!("/api/conversations/{chat}/messages");
    let sent = maya
        .post_json(&messages, &json!({"content": "before"}))
        .await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    accept(&leo, chat).await;
    let post = sofia.create_post("Sofia's harbour").await;
    block(&maya, &leo).await;

    for (who, other) in [(&maya, &leo), (&leo, &maya)] {
        let (status, message, _) =
            error_of(who.post_json(&messages, &json!({"content": "after"})).await).await;
        assert_eq!(status, 403);
        assert_eq!(message, "You can't message this account");
        let share = who
            .post_json(
                &format!("/api/posts/{}/share", post["id"]),
                &json!({"conversationId": chat}),
            )
            .await;
        assert_eq!(share.status(), StatusCode::FORBIDDEN);
        let voicemail = who
            .post_json(
                "/api/voicemails",
                &json!({"toUserId": other.id, "duration": 2,
                        "voiceUrl": data_url("audio/webm;codecs=opus", CHROME_WEBM)}),
            )
            .await;
        let (status, message, _) = error_of(voicemail).await;
        assert_eq!(
            (status, message.as_str()),
            (403, "You can't message this account")
        );
        // Still in both lists, still readable.
        let list = who.get_json("/api/conversations").await;
        assert_eq!(ids(&list), vec![chat]);
        let read = who.get_json(&messages).await;
        assert_eq!(read.as_array().unwrap().len(), 1);
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM voicemails").await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM messages").await, 1);
}

/// A reaction reaches the other person as a message does: after the block, neither side adds
/// or takes one.
async fn a_blocked_conversation_takes_no_reaction(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let chat = conversation(&maya, &leo).await;
    let sent: Value = leo
        .post_json(
            &format!("/api/conversations/{chat}/messages"),
            &json!({"content": "before"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let reactions = format!(
        "/api/conversations/{chat}/messages/{}/reactions",
        sent["id"]
    );
    let liked = maya.post_json(&reactions, &json!({"emoji": "👍"})).await;
    assert_eq!(liked.status(), StatusCode::OK);
    block(&maya, &leo).await;

    for (who, emoji) in [(&leo, "❤️"), (&maya, "👍"), (&maya, "🔥")] {
        let (status, message, _) =
            error_of(who.post_json(&reactions, &json!({"emoji": emoji})).await).await;
        assert_eq!(
            (status, message.as_str()),
            (403, "You can't message this account"),
            "{emoji}"
        );
    }
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM message_reactions").await,
        1,
        "the reaction from before the block stays, nothing else"
    );
    // Still readable, the reaction with it.
    let read = leo
        .get_json(&format!("/api/conversations/{chat}/messages"))
        .await;
    assert_eq!(read[0]["reactions"][0]["emoji"], "👍");
}

/// The other's post, comment and account answer 404 however they are asked about: a like or
/// save state, a delete, an unfollow (whose answer carries their follower count).
async fn what_the_other_cannot_see_answers_404_to_every_question_about_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let post = leo.create_post("Leo's harbour").await;
    let comment: Value = leo
        .post_json(
            &format!("/api/posts/{}/comments", post["id"]),
            &json!({"content": "the light"}),
        )
        .await
        .json()
        .await
        .unwrap();
    follow_each_other(&maya, &leo).await;
    block(&maya, &leo).await;

    for state in ["like-status", "bookmark-status"] {
        let path = format!("/api/posts/{}/{state}", post["id"]);
        assert_eq!(
            maya.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{state}"
        );
        assert_eq!(sofia.get(&path).await.status(), StatusCode::OK, "{state}");
    }
    let delete = format!("/api/comments/{}", comment["id"]);
    assert_eq!(maya.delete(&delete).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(sofia.delete(&delete).await.status(), StatusCode::FORBIDDEN);
    for (who, other) in [(&maya, &leo), (&leo, &maya)] {
        let unfollow = who.delete(&format!("/api/users/{}/follow", other.id)).await;
        assert_eq!(unfollow.status(), StatusCode::NOT_FOUND);
    }
    let unfollow = sofia.delete(&format!("/api/users/{}/follow", leo.id)).await;
    assert_eq!(unfollow.status(), StatusCode::OK);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM comments").await, 1);
}

async fn follow_each_other(a: &TestUser, b: &TestUser) {
    for (who, whom) in [(a, b), (b, a)] {
        let response = who.post(&format!("/api/users/{}/follow", whom.id)).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
}

async fn unblocking_brings_content_back_but_not_the_follows(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = leo.create_post("Leo's harbour").await;
    let follow = maya.post(&format!("/api/users/{}/follow", leo.id)).await;
    assert_eq!(follow.status(), StatusCode::OK);
    block(&maya, &leo).await;
    let unblock = maya.delete(&format!("/api/users/{}/block", leo.id)).await;
    assert_eq!(unblock.status(), StatusCode::NO_CONTENT);

    let by_id = maya.get(&format!("/api/posts/{}", post["id"])).await;
    assert_eq!(by_id.status(), StatusCode::OK);
    let profile = maya.get_json("/api/users/username/leo").await;
    assert_eq!(profile["isFollowing"], false);
    let follow = maya.post(&format!("/api/users/{}/follow", leo.id)).await;
    assert_eq!(follow.status(), StatusCode::OK, "and they may follow again");
}

async fn muting_takes_posts_and_stories_out_of_the_feed_and_strip_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = leo.create_post("Leo's harbour").await;
    story(&leo).await;
    let follow = maya.post(&format!("/api/users/{}/follow", leo.id)).await;
    assert_eq!(follow.status(), StatusCode::OK);

    for _ in 0..2 {
        let response = maya.post(&format!("/api/users/{}/mute", leo.id)).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    assert!(!authors(&maya.get_json("/api/posts").await).contains(&leo.id));
    assert!(!strip(&maya).await.contains(&leo.id));
    // Everything else stays: the profile (which says so), the post, the follow, trending.
    let profile = maya.get_json("/api/users/username/leo").await;
    assert_eq!(
        (profile["isMuted"].clone(), profile["isFollowing"].clone()),
        (json!(true), json!(true))
    );
    let by_id = maya.get(&format!("/api/posts/{}", post["id"])).await;
    assert_eq!(by_id.status(), StatusCode::OK);
    assert!(authors(&maya.get_json("/api/posts/trending").await).contains(&leo.id));
    assert_eq!(
        ids(&maya.get_json(&format!("/api/posts/user/{}", leo.id)).await),
        vec![post["id"].as_i64().unwrap()]
    );
    // Leo is not told: his view of Maya is unchanged, and Maya is still in his feed.
    let maya_profile = leo.get_json("/api/users/username/maya").await;
    assert_eq!(maya_profile["isMuted"], false);

    for _ in 0..2 {
        let response = maya.delete(&format!("/api/users/{}/mute", leo.id)).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    assert!(authors(&maya.get_json("/api/posts").await).contains(&leo.id));
    assert!(strip(&maya).await.contains(&leo.id));
}
