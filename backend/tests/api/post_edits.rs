//! Editing a post (issue 44): the author changes its caption, location, tags and alt texts;
//! each edit keeps the version it replaced in the history anyone who may see the post can read;
//! a newly mentioned person is told once.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, png_data_url, spawn_app};

both_backends!(
    the_author_edits_the_text_and_alt_texts_and_the_history_keeps_each_version,
    someone_elses_edit_or_bad_input_is_refused_and_changes_nothing,
    a_name_mentioned_first_by_an_edit_is_told_once,
    the_history_of_a_post_you_may_not_see_is_not_found,
    every_instances_pages_show_an_edit_at_once,
);

async fn two_image_post(user: &TestUser) -> Value {
    user.post_json(
        "/api/posts",
        &json!({"caption": "First light #dawn", "tags": ["sea"], "media": [
            {"image": png_data_url(12, 10, [200, 30, 30]), "alt": "A red field"},
            {"image": png_data_url(13, 10, [30, 30, 200]), "alt": "A blue field"},
        ]}),
    )
    .await
    .json()
    .await
    .unwrap()
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|post| post["id"].as_i64().unwrap())
        .collect()
}

async fn the_author_edits_the_text_and_alt_texts_and_the_history_keeps_each_version(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = two_image_post(&maya).await;
    let id = post["id"].as_i64().unwrap();
    assert_eq!(post["editedAt"], Value::Null);
    assert_eq!(
        leo.get_json(&format!("/api/posts/{id}/history")).await,
        json!([])
    );

    let response = maya
        .patch_json(
            &format!("/api/posts/{id}"),
            &json!({"caption": "Last light #dusk", "location": " Porto ", "alts": ["Red, at dusk", " Blue, at dusk "]}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let edited: Value = response.json().await.unwrap();
    assert_eq!(edited["caption"], "Last light #dusk");
    assert_eq!(edited["location"], "Porto");
    assert_eq!(edited["tags"], json!(["sea"]), "tags left out stay");
    assert!(edited["editedAt"].as_str().is_some(), "{edited}");
    assert_eq!(edited["media"][0]["alt"], "Red, at dusk");
    assert_eq!(edited["media"][1]["alt"], "Blue, at dusk");
    assert_eq!(
        edited["media"][0]["url"], post["media"][0]["url"],
        "the images stay"
    );
    // The tags and search follow the new text.
    assert!(ids(&leo.get_json("/api/tags/dusk/posts").await).contains(&id));
    assert!(!ids(&leo.get_json("/api/tags/dawn/posts").await).contains(&id));
    assert!(ids(&leo.get_json("/api/search?q=dusk").await["posts"]).contains(&id));
    // Everyone sees the edit.
    let seen = leo.get_json(&format!("/api/posts/{id}")).await;
    assert_eq!(seen["caption"], "Last light #dusk");
    assert_eq!(seen["editedAt"], edited["editedAt"]);

    // A second edit: only the location.
    app.advance_clock(std::time::Duration::from_secs(60));
    let again: Value = maya
        .patch_json(&format!("/api/posts/{id}"), &json!({"location": ""}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again["location"], Value::Null, "blank clears it");
    assert_eq!(again["caption"], "Last light #dusk");
    assert_ne!(again["editedAt"], edited["editedAt"]);

    let history = leo.get_json(&format!("/api/posts/{id}/history")).await;
    let versions = history.as_array().unwrap();
    assert_eq!(versions.len(), 2, "{history}");
    // Newest first: the version the second edit replaced, written by the first edit.
    assert_eq!(versions[0]["caption"], "Last light #dusk");
    assert_eq!(versions[0]["location"], "Porto");
    assert_eq!(
        versions[0]["alts"],
        json!(["Red, at dusk", "Blue, at dusk"])
    );
    assert_eq!(versions[0]["writtenAt"], edited["editedAt"]);
    // Then the original, written when the post was created.
    assert_eq!(versions[1]["caption"], "First light #dawn");
    assert_eq!(versions[1]["location"], Value::Null);
    assert_eq!(versions[1]["tags"], json!(["sea"]));
    assert_eq!(versions[1]["alts"], json!(["A red field", "A blue field"]));
    assert_eq!(versions[1]["writtenAt"], post["createdAt"]);
}

async fn someone_elses_edit_or_bad_input_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = two_image_post(&maya).await;
    let id = post["id"].as_i64().unwrap();
    let path = format!("/api/posts/{id}");

    let (status, message, _) =
        error_of(leo.patch_json(&path, &json!({"caption": "Mine now"})).await).await;
    assert_eq!(
        (status, message.as_str()),
        (403, "You can only edit your own posts")
    );
    let cases = [
        (
            json!({"alts": ["Only one"]}),
            "Give one alt text for each of the 2 images",
        ),
        (
            json!({"caption": "x".repeat(2201)}),
            "Caption must be under 2200 characters",
        ),
        (
            json!({"alts": ["ok", "é".repeat(1501)]}),
            "Alt text must be at most 1500 characters",
        ),
        (
            json!({"tags": ["t".repeat(51)]}),
            "Each tag must be at most 50 characters",
        ),
    ];
    for (body, said) in cases {
        let (status, message, _) = error_of(maya.patch_json(&path, &body).await).await;
        assert_eq!((status, message.as_str()), (400, said), "{body}");
    }
    let (status, _, _) = error_of(
        maya.patch_json("/api/posts/999999", &json!({"caption": "?"}))
            .await,
    )
    .await;
    assert_eq!(status, 404);

    let now = maya.get_json(&path).await;
    assert_eq!(now["caption"], "First light #dawn");
    assert_eq!(now["editedAt"], Value::Null);
    assert_eq!(now["media"], post["media"]);
    assert_eq!(maya.get_json(&format!("{path}/history")).await, json!([]));
}

async fn mentions(user: &TestUser) -> usize {
    let list = user.get_json("/api/notifications").await;
    list.as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "mention")
        .count()
}

async fn a_name_mentioned_first_by_an_edit_is_told_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sam = app.new_user("sam").await;
    let post: Value = maya
        .post_json(
            "/api/posts",
            &json!({"caption": "With @leo", "imageUrl": png_data_url(8, 8, [1, 2, 3])}),
        )
        .await
        .json()
        .await
        .unwrap();
    let path = format!("/api/posts/{}", post["id"]);
    assert_eq!((mentions(&leo).await, mentions(&sam).await), (1, 0));

    maya.patch_json(&path, &json!({"caption": "With @leo and @sam"}))
        .await;
    assert_eq!((mentions(&leo).await, mentions(&sam).await), (1, 1));
    // Sam dropped and mentioned again: still one each; Leo dropped keeps his.
    maya.patch_json(&path, &json!({"caption": "Just me"})).await;
    maya.patch_json(&path, &json!({"caption": "With @sam"}))
        .await;
    assert_eq!((mentions(&leo).await, mentions(&sam).await), (1, 1));
}

async fn the_history_of_a_post_you_may_not_see_is_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = two_image_post(&maya).await;
    let id = post["id"].as_i64().unwrap();
    maya.patch_json(&format!("/api/posts/{id}"), &json!({"caption": "Edited"}))
        .await;
    maya.post(&format!("/api/users/{}/block", leo.id)).await;
    for path in [
        format!("/api/posts/{id}/history"),
        format!("/api/posts/{id}"),
    ] {
        let (status, _, _) = error_of(leo.get(&path).await).await;
        assert_eq!(status, 404, "{path}");
    }
    // Nor can a blocked person's edit reach it: not found, as to anyone who cannot see it.
    let (status, _, _) = error_of(
        leo.patch_json(&format!("/api/posts/{id}"), &json!({"caption": "x"}))
            .await,
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(
        maya.get_json(&format!("/api/posts/{id}/history"))
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

/// Issue 45: a page writes each post's images, caption, tags and times from a per-instance cache
/// kept by the post's revision. An edit made on one instance shows at once on every list page of
/// another that had the post cached, and the counts and marks, read per request, move with it.
async fn every_instances_pages_show_an_edit_at_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let twin = app.spawn_twin().await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = two_image_post(&maya).await;
    let id = post["id"].as_i64().unwrap();
    let leo_on_twin = leo.clone_on(&twin);
    let saved = leo_on_twin.post(&format!("/api/posts/{id}/bookmark")).await;
    assert_eq!(saved.status(), 200);
    let pages = [
        "/api/posts".to_owned(),
        format!("/api/posts/user/{}", maya.id),
        "/api/bookmarks".to_owned(),
        "/api/tags/sea/posts".to_owned(),
        "/api/posts/trending".to_owned(),
    ];
    let shown = |list: &Value| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|item| item["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("post {id} in {list}"))
    };
    for page in &pages {
        let before = shown(&leo_on_twin.get_json(page).await);
        assert_eq!(before["caption"], "First light #dawn", "{page}");
        assert_eq!(before["isBookmarked"], true, "{page}");
        assert_eq!(before["likesCount"], 0, "{page}");
    }

    let response = maya
        .patch_json(
            &format!("/api/posts/{id}"),
            &json!({"caption": "Last light #dusk", "alts": ["Red", "Blue"]}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let liked = maya.post(&format!("/api/posts/{id}/like")).await;
    assert_eq!(liked.status(), 200);
    let edited = maya.get_json(&format!("/api/posts/{id}")).await;
    for page in &pages {
        let after = shown(&leo_on_twin.get_json(page).await);
        assert_eq!(after["caption"], "Last light #dusk", "{page}");
        assert_eq!(after["media"][1]["alt"], "Blue", "{page}");
        assert_eq!(after["editedAt"], edited["editedAt"], "{page}");
        assert_eq!(after["likesCount"], 1, "{page}");
        assert_eq!(after["isLiked"], false, "{page}: maya's like is not leo's");
        assert_eq!(after["isBookmarked"], true, "{page}");
    }
}
