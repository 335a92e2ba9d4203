//! Trending (explore): ranked by engagement with time decay over the last 30 days (all posts when
//! nobody posted in 30 days), paginated, in the same shape as the feed.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};

both_backends!(
    more_engagement_ranks_higher_and_a_save_weighs_two_likes,
    decay_lets_a_fresh_post_overtake_an_older_one_with_modest_engagement,
    only_posts_of_the_last_30_days_trend,
    an_empty_window_falls_back_to_the_best_of_the_newest_posts,
    trending_pages_by_cursor_twelve_by_default_without_repeats_or_gaps,
    trending_posts_have_the_feeds_shape_and_the_viewers_marks,
    trending_refuses_anonymous_callers_and_bad_pages,
);

fn ids(posts: &Value) -> Vec<i64> {
    posts
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

async fn like(user: &TestUser, post: &Value) {
    let response = user.post(&format!("/api/posts/{}/like", post["id"])).await;
    assert_eq!(response.status(), StatusCode::OK);
}

async fn save(user: &TestUser, post: &Value) {
    let response = user
        .post(&format!("/api/posts/{}/bookmark", post["id"]))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
}

async fn more_engagement_ranks_higher_and_a_save_weighs_two_likes(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // The clock moves past the 7 days an unverified account may post for.
    app.verify_email_of("maya").await;
    let fans = [
        app.new_user("fan1").await,
        app.new_user("fan2").await,
        app.new_user("fan3").await,
    ];
    let quiet = maya.create_post("quiet").await;
    let liked = maya.create_post("liked by three").await;
    let saved = maya.create_post("saved by two").await;
    let once = maya.create_post("liked once").await;
    for fan in &fans {
        like(fan, &liked).await;
    }
    save(&fans[0], &saved).await;
    save(&fans[1], &saved).await;
    like(&fans[2], &once).await;

    let trending = maya.get_json("/api/posts/trending").await;

    // Engagement 4 (two saves) > 3 (three likes); one like weighs nothing (log10 1 = 0), so the
    // last two are by time, newest first.
    assert_eq!(ids(&trending), ids(&json!([saved, liked, once, quiet])));

    // Unliking moves it back down.
    for fan in &fans {
        like(fan, &liked).await;
    }
    let trending = maya.get_json("/api/posts/trending").await;
    assert_eq!(ids(&trending), ids(&json!([saved, once, liked, quiet])));
}

async fn decay_lets_a_fresh_post_overtake_an_older_one_with_modest_engagement(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // The clock moves past the 7 days an unverified account may post for.
    app.verify_email_of("maya").await;
    let fans = [app.new_user("fan1").await, app.new_user("fan2").await];
    let older = maya.create_post("older, liked twice").await;
    for fan in &fans {
        like(fan, &older).await;
    }
    app.advance_clock(Duration::from_secs(3600));
    let hour_later = maya.create_post("an hour later, no likes").await;
    assert_eq!(
        ids(&maya.get_json("/api/posts/trending").await),
        ids(&json!([older, hour_later])),
        "an hour does not beat two likes"
    );

    app.advance_clock(Duration::from_secs(24 * 3600));
    let fresh = maya.create_post("fresh, no likes").await;

    let trending = maya.get_json("/api/posts/trending").await;
    assert_eq!(ids(&trending), ids(&json!([fresh, older, hour_later])));
}

async fn only_posts_of_the_last_30_days_trend(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // The clock moves past the 7 days an unverified account may post for.
    app.verify_email_of("maya").await;
    let leo = app.new_user("leo").await;
    let old = maya.create_post("old and loved").await;
    like(&leo, &old).await;
    save(&leo, &old).await;
    app.advance_clock(Duration::from_secs(29 * 24 * 3600));
    let recent = maya.create_post("recent").await;
    assert_eq!(
        ids(&maya.get_json("/api/posts/trending").await),
        ids(&json!([recent, old]))
    );

    app.advance_clock(Duration::from_secs(2 * 24 * 3600));

    assert_eq!(
        ids(&maya.get_json("/api/posts/trending").await),
        ids(&json!([recent]))
    );
}

async fn an_empty_window_falls_back_to_the_best_of_the_newest_posts(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // The clock moves past the 7 days an unverified account may post for.
    app.verify_email_of("maya").await;
    let leo = app.new_user("leo").await;
    app.verify_email_of("leo").await;
    assert_eq!(
        ids(&maya.get_json("/api/posts/trending").await),
        Vec::<i64>::new()
    );
    let older = maya.create_post("older").await;
    app.advance_clock(Duration::from_secs(24 * 3600));
    let newer = maya.create_post("newer").await;
    let loved = maya.create_post("newer and loved").await;
    like(&leo, &loved).await;

    app.advance_clock(Duration::from_secs(40 * 24 * 3600));

    assert_eq!(
        ids(&maya.get_json("/api/posts/trending").await),
        ids(&json!([loved, newer, older]))
    );
    let first = maya.get("/api/posts/trending?limit=2").await;
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    assert_eq!(ids(&first), ids(&json!([loved, newer])));
    let rest = maya
        .get_json(&format!("/api/posts/trending?limit=2&before={cursor}"))
        .await;
    assert_eq!(ids(&rest), ids(&json!([older])));

    app.advance_clock(Duration::from_secs(3600));
    let fresh = leo.create_post("fresh").await;
    assert_eq!(
        ids(&maya.get_json("/api/posts/trending").await),
        ids(&json!([fresh]))
    );
}

async fn trending_pages_by_cursor_twelve_by_default_without_repeats_or_gaps(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // The clock moves past the 7 days an unverified account may post for.
    app.verify_email_of("maya").await;
    let leo = app.new_user("leo").await;
    let mut posts = Vec::new();
    for n in 0..15 {
        let post = maya.create_post(&format!("post {n}")).await;
        if n % 3 == 0 {
            like(&leo, &post).await;
            save(&leo, &post).await;
        }
        posts.push(post);
    }

    let first = maya.get("/api/posts/trending").await;
    assert_eq!(first.status(), StatusCode::OK);
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    assert_eq!(first.as_array().unwrap().len(), 12);
    assert_eq!(cursor, first[11]["id"].to_string());

    // Walk it in pages of 4: the same order as one page of all of them.
    let all = ids(&maya.get_json("/api/posts/trending?limit=100").await);
    assert_eq!(all.len(), 15);
    assert_eq!(&all[..12], &ids(&first)[..]);
    let mut walked = Vec::new();
    let mut path = "/api/posts/trending?limit=4".to_owned();
    loop {
        let page = maya.get(&path).await;
        let next = page
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().to_owned());
        walked.extend(ids(&page.json::<Value>().await.unwrap()));
        match next {
            Some(cursor) => path = format!("/api/posts/trending?limit=4&before={cursor}"),
            None => break,
        }
    }
    assert_eq!(walked, all);
    // The liked and saved ones (0, 3, 6, 9, 12) lead, newest first.
    let liked: Vec<i64> = [12, 9, 6, 3, 0]
        .iter()
        .map(|&n| posts[n]["id"].as_i64().unwrap())
        .collect();
    assert_eq!(&all[..5], &liked[..]);
}

async fn trending_posts_have_the_feeds_shape_and_the_viewers_marks(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // The clock moves past the 7 days an unverified account may post for.
    app.verify_email_of("maya").await;
    let leo = app.new_user("leo").await;
    let post = maya.create_post("shape").await;
    like(&leo, &post).await;
    save(&leo, &post).await;

    for viewer in [&maya, &leo] {
        let feed = viewer.get_json("/api/posts").await;
        let trending = viewer.get_json("/api/posts/trending").await;
        assert_eq!(trending, feed);
    }
    let for_leo = leo.get_json("/api/posts/trending").await;
    assert_eq!(
        (
            for_leo[0]["isLiked"].clone(),
            for_leo[0]["isBookmarked"].clone()
        ),
        (json!(true), json!(true))
    );
    assert_eq!(for_leo[0]["likesCount"], 1);
}

async fn trending_refuses_anonymous_callers_and_bad_pages(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // The clock moves past the 7 days an unverified account may post for.
    app.verify_email_of("maya").await;
    maya.create_post("one").await;

    let (status, _, code) = error_of(app.anonymous().get("/api/posts/trending").await).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
    for query in [
        "limit=0",
        "limit=101",
        "limit=abc",
        "before=0",
        "before=-3",
        "before=x",
    ] {
        let response = maya.get(&format!("/api/posts/trending?{query}")).await;
        let (status, _, code) = error_of(response).await;
        assert_eq!((status, code.as_str()), (400, "invalid_input"), "{query}");
    }
    // A cursor naming no post is an empty page, not an error.
    assert_eq!(
        maya.get_json("/api/posts/trending?before=999999").await,
        json!([])
    );
}
