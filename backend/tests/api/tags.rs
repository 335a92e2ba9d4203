//! Tags (issue 19): a caption's #hashtags and a post's tags[] name the same tags, counted per
//! post; a tag's page is its count and its posts newest first; posts written before the tags
//! existed are indexed when the server starts.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};
use crate::image_server::image_url;

both_backends!(
    tags_are_refused_without_a_session,
    a_caption_hashtag_and_a_tags_entry_are_one_tag_counted_once_per_post,
    entries_that_are_not_tags_stay_on_the_post_and_index_nothing,
    a_tags_posts_page_newest_first_without_repeats_or_gaps,
    posts_written_before_tags_existed_are_indexed_when_the_server_starts,
);

fn ids(posts: &Value) -> Vec<i64> {
    posts
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

/// A post with a fetched image URL, this caption and these tags[]; answers the post.
pub async fn post_with(user: &TestUser, caption: &str, tags: &[&str]) -> Value {
    let response = user
        .post_json(
            "/api/posts",
            &json!({"caption": caption, "imageUrl": image_url("w.jpg"),
                    "tags": tags}),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "posting {caption:?}"
    );
    response.json().await.unwrap()
}

async fn tags_are_refused_without_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    post_with(&maya, "#sunset", &[]).await;
    let nobody = app.anonymous();

    for path in ["/api/tags/sunset", "/api/tags/sunset/posts"] {
        let (status, _, code) = error_of(nobody.get(path).await).await;
        assert_eq!((status, code.as_str()), (401, "not_signed_in"), "{path}");
    }
}

async fn a_caption_hashtag_and_a_tags_entry_are_one_tag_counted_once_per_post(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    let by_caption = post_with(&maya, "Evening light #Sunset over the bay", &[]).await;
    let by_entry = post_with(&leo, "No hashtag here", &["sunset", "Digital Art"]).await;
    // Both ways on one post, in other cases: still one post of the tag.
    let by_both = post_with(&maya, "#SUNSET again", &["#SunSet"]).await;
    post_with(&leo, "Unrelated #film", &[]).await;

    for path in [
        "/api/tags/sunset",
        "/api/tags/%23Sunset",
        "/api/tags/SUNSET",
    ] {
        assert_eq!(
            maya.get_json(path).await,
            json!({"tag": "sunset", "postsCount": 3}),
            "{path}"
        );
    }
    // 'Digital Art' loses its space and its capitals.
    assert_eq!(
        leo.get_json("/api/tags/digitalart").await,
        json!({"tag": "digitalart", "postsCount": 1})
    );
    let posts = maya.get_json("/api/tags/sunset/posts").await;
    assert_eq!(
        ids(&posts),
        [&by_both, &by_entry, &by_caption].map(|p| p["id"].as_i64().unwrap())
    );
    // The post view: the author, counts and the viewer's state, and tags[] as typed.
    assert_eq!(posts[1]["user"]["username"], "leo");
    assert_eq!(posts[1]["tags"], json!(["sunset", "Digital Art"]));
    assert_eq!(posts[1]["isLiked"], false);
    maya.post(&format!("/api/posts/{}/like", by_entry["id"]))
        .await;
    let posts = maya.get_json("/api/tags/sunset/posts").await;
    assert_eq!(
        (posts[1]["isLiked"].clone(), posts[1]["likesCount"].clone()),
        (json!(true), json!(1))
    );
}

async fn entries_that_are_not_tags_stay_on_the_post_and_index_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let fifty_one = "a".repeat(51);

    let post = post_with(
        &maya,
        &format!("C# and issue#5 and #{fifty_one} are no tags; #ok is"),
        &["rock&roll", "a.b", "emoji🎨"],
    )
    .await;

    assert_eq!(post["tags"], json!(["rock&roll", "a.b", "emoji🎨"]));
    assert_eq!(
        maya.get_json("/api/tags/ok").await,
        json!({"tag": "ok", "postsCount": 1})
    );
    for tag in [
        "rock%26roll",
        "rockroll",
        "a.b",
        "ab",
        "emoji%F0%9F%8E%A8",
        "emoji",
        "c",
        "5",
    ] {
        let (status, message, _) = error_of(maya.get(&format!("/api/tags/{tag}")).await).await;
        assert_eq!((status, message.as_str()), (404, "Tag not found"), "{tag}");
        assert_eq!(
            maya.get_json(&format!("/api/tags/{tag}/posts")).await,
            json!([]),
            "{tag}"
        );
    }
    let (status, message, _) = error_of(maya.get(&format!("/api/tags/{fifty_one}")).await).await;
    assert_eq!((status, message.as_str()), (404, "Tag not found"));
}

async fn a_tags_posts_page_newest_first_without_repeats_or_gaps(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let mut tagged = Vec::new();
    for n in 0..7 {
        tagged.push(
            post_with(&maya, &format!("Frame {n} #film"), &[]).await["id"]
                .as_i64()
                .unwrap(),
        );
        post_with(&maya, &format!("Other {n} #digital"), &[]).await;
    }
    tagged.reverse();

    let mut seen = Vec::new();
    let mut path = "/api/tags/film/posts?limit=3".to_owned();
    loop {
        let response = maya.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK);
        let next = response
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().to_owned());
        let page: Value = response.json().await.unwrap();
        assert!(page.as_array().unwrap().len() <= 3);
        seen.extend(ids(&page));
        match next {
            Some(cursor) => path = format!("/api/tags/film/posts?limit=3&before={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen, tagged);
    assert_eq!(
        maya.get_json("/api/tags/film").await,
        json!({"tag": "film", "postsCount": 7})
    );
    let (status, _, _) = error_of(maya.get("/api/tags/film/posts?limit=0").await).await;
    assert_eq!(status, 400);
}

async fn posts_written_before_tags_existed_are_indexed_when_the_server_starts(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let db = app.db().await;
    // A post as an earlier version stored it: no tag rows, no search words; and the backfill's
    // marker as migration 0018 leaves it on a database that had posts.
    let (old,): (i64,) = sqlx::query_as(
        "INSERT INTO posts (user_id, caption, image_url, tags, location, created_at)
         VALUES ($1, 'Before tags: #Vintage camera', 'https://images.example.com/o.jpg',
                 '[\"Old School\", \"#vintage\", \"no-tag\"]', 'Porto', 1)
         RETURNING id",
    )
    .bind(maya.id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let newer = post_with(&maya, "After tags #vintage", &[]).await["id"]
        .as_i64()
        .unwrap();
    sqlx::query("INSERT INTO tags_backfill (id, below) VALUES (1, $1)")
        .bind(old + 1)
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        maya.get_json("/api/tags/vintage").await["postsCount"],
        1,
        "only the newer post is indexed before the backfill"
    );

    atelier::app::migrate(&db).await.unwrap();

    assert_eq!(
        maya.get_json("/api/tags/vintage").await,
        json!({"tag": "vintage", "postsCount": 2})
    );
    assert_eq!(
        ids(&maya.get_json("/api/tags/vintage/posts").await),
        [newer, old]
    );
    assert_eq!(maya.get_json("/api/tags/oldschool").await["postsCount"], 1);
    let found = maya.get_json("/api/search?q=camera%20por").await;
    assert_eq!(ids(&found["posts"]), [old]);
    let (left,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tags_backfill")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        left, 0,
        "the marker goes once every earlier post is indexed"
    );
    // Running it again changes nothing.
    atelier::app::migrate(&db).await.unwrap();
    assert_eq!(maya.get_json("/api/tags/vintage").await["postsCount"], 2);
}
