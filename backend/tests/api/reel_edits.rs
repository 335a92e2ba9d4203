//! Editing a reel's caption (issue 44): its author alone changes it; each edit keeps the caption
//! it replaced in the history anyone who may see the reel can read; the people a reel's caption
//! names are told once each, whether at posting or at the edit that first names them; edits
//! count toward the editing limit with posts' edits.

use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};
use crate::reels::posted;

both_backends!(
    the_author_edits_a_reels_caption_and_the_history_keeps_each_version,
    someone_elses_reel_edit_or_a_long_caption_is_refused_and_changes_nothing,
    a_name_a_reels_caption_mentions_is_told_once_at_posting_or_at_the_edit_that_first_names_it,
    the_history_of_a_reel_you_may_not_see_is_not_found,
    reel_edits_count_toward_the_editing_limit_with_post_edits,
);

async fn make_admin(app: &TestApp, username: &str) {
    let db = app.db().await;
    assert!(
        atelier::identity::store::users::grant_admin(&db, username)
            .await
            .unwrap()
    );
    db.pool.close().await;
}

async fn mentions(user: &TestUser) -> Vec<Value> {
    let list = user.get_json("/api/notifications").await;
    list.as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "mention")
        .cloned()
        .collect()
}

async fn the_author_edits_a_reels_caption_and_the_history_keeps_each_version(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let reel = posted(&app, &maya, "First light").await;
    let id = reel["id"].as_i64().unwrap();
    assert_eq!(reel["editedAt"], Value::Null);
    assert_eq!(
        leo.get_json(&format!("/api/reels/{id}/history")).await,
        json!([])
    );

    let response = maya
        .patch_json(
            &format!("/api/reels/{id}"),
            &json!({"caption": "  Last light\nat the harbour "}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let edited: Value = response.json().await.unwrap();
    assert_eq!(edited["caption"], "Last light\nat the harbour", "trimmed");
    assert!(edited["editedAt"].as_str().is_some(), "{edited}");
    assert_eq!(edited["videoUrl"], reel["videoUrl"], "the video stays");
    assert_eq!(edited["createdAt"], reel["createdAt"]);
    // Everyone sees the edit, in the pager and on her profile.
    let pager = leo.get_json("/api/reels").await;
    assert_eq!(pager[0]["caption"], "Last light\nat the harbour");
    assert_eq!(pager[0]["editedAt"], edited["editedAt"]);
    let profile = leo.get_json(&format!("/api/reels/user/{}", maya.id)).await;
    assert_eq!(profile[0]["editedAt"], edited["editedAt"]);

    // A second edit, a minute later: the caption may be emptied.
    app.advance_clock(Duration::from_secs(60));
    let again: Value = maya
        .patch_json(&format!("/api/reels/{id}"), &json!({"caption": ""}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again["caption"], "");
    assert_ne!(again["editedAt"], edited["editedAt"]);

    let history = leo.get_json(&format!("/api/reels/{id}/history")).await;
    // Newest first: the caption the second edit replaced, written by the first edit; then the
    // original, written when the reel was posted.
    assert_eq!(
        history,
        json!([
            {"caption": "Last light\nat the harbour", "writtenAt": edited["editedAt"]},
            {"caption": "First light", "writtenAt": reel["createdAt"]},
        ])
    );
    // Keyset pages of one.
    let first = leo.get(&format!("/api/reels/{id}/history?limit=1")).await;
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    assert_eq!(first, json!([history[0]]));
    let second = leo
        .get(&format!("/api/reels/{id}/history?limit=1&before={cursor}"))
        .await;
    assert!(second.headers().get("x-next-cursor").is_none());
    assert_eq!(second.json::<Value>().await.unwrap(), json!([history[1]]));
}

async fn someone_elses_reel_edit_or_a_long_caption_is_refused_and_changes_nothing(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ada = app.new_user("ada").await;
    make_admin(&app, "ada").await;
    let reel = posted(&app, &maya, "Mine").await;
    let id = reel["id"].as_i64().unwrap();
    let path = format!("/api/reels/{id}");

    // Someone who sees it, and an admin: moderation removes, it does not rewrite.
    for user in [&leo, &ada] {
        let (status, message, _) = error_of(
            user.patch_json(&path, &json!({"caption": "Theirs now"}))
                .await,
        )
        .await;
        assert_eq!(
            (status, message.as_str()),
            (403, "You can only edit your own reels")
        );
    }
    let (status, message, _) = error_of(
        maya.patch_json(&path, &json!({"caption": "é".repeat(2201)}))
            .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Caption must be at most 2200 characters")
    );
    let (status, message, _) = error_of(
        maya.patch_json("/api/reels/999999", &json!({"caption": "?"}))
            .await,
    )
    .await;
    assert_eq!((status, message.as_str()), (404, "Reel not found"));
    let (status, _, _) = error_of(
        app.anonymous()
            .patch_json(&path, &json!({"caption": "?"}))
            .await,
    )
    .await;
    assert_eq!(status, 401);
    // 2200 characters is fine.
    let response = maya
        .patch_json(&path, &json!({"caption": "é".repeat(2200)}))
        .await;
    assert_eq!(response.status(), 200);
    maya.patch_json(&path, &json!({"caption": "Mine"})).await;

    let now = leo.get_json(&format!("/api/reels/user/{}", maya.id)).await;
    assert_eq!(now[0]["caption"], "Mine");
    assert_eq!(
        leo.get_json(&format!("{path}/history"))
            .await
            .as_array()
            .unwrap()
            .len(),
        2,
        "only her two edits made versions"
    );
}

async fn a_name_a_reels_caption_mentions_is_told_once_at_posting_or_at_the_edit_that_first_names_it(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sam = app.new_user("sam").await;
    let reel = posted(&app, &maya, "With @leo").await;
    let id = reel["id"].as_i64().unwrap();
    let path = format!("/api/reels/{id}");
    let told = mentions(&leo).await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["text"], "maya mentioned you in a reel: With @leo");
    assert_eq!(told[0]["url"], format!("/reels?reel={id}"));
    assert_eq!(mentions(&sam).await.len(), 0);

    maya.patch_json(&path, &json!({"caption": "With @leo and @sam"}))
        .await;
    assert_eq!(
        (mentions(&leo).await.len(), mentions(&sam).await.len()),
        (1, 1)
    );
    // Sam dropped and named again: still one each; Leo dropped keeps his.
    maya.patch_json(&path, &json!({"caption": "Just me"})).await;
    maya.patch_json(&path, &json!({"caption": "With @sam"}))
        .await;
    assert_eq!(
        (mentions(&leo).await.len(), mentions(&sam).await.len()),
        (1, 1)
    );
    // Deleting the reel takes its mentions' notifications with it.
    assert_eq!(maya.delete(&path).await.status(), 204);
    assert_eq!(
        (mentions(&leo).await.len(), mentions(&sam).await.len()),
        (0, 0)
    );
}

async fn the_history_of_a_reel_you_may_not_see_is_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let reel = posted(&app, &maya, "Before").await;
    let id = reel["id"].as_i64().unwrap();
    maya.patch_json(&format!("/api/reels/{id}"), &json!({"caption": "After"}))
        .await;
    maya.post(&format!("/api/users/{}/block", leo.id)).await;
    let (status, _, _) = error_of(leo.get(&format!("/api/reels/{id}/history")).await).await;
    assert_eq!(status, 404);
    // Nor can the blocked person's edit reach it: not found, as to anyone who cannot see it.
    let (status, _, _) = error_of(
        leo.patch_json(&format!("/api/reels/{id}"), &json!({"caption": "x"}))
            .await,
    )
    .await;
    assert_eq!(status, 404);
    let (status, _, _) = error_of(leo.get("/api/reels/999999/history").await).await;
    assert_eq!(status, 404);
    assert_eq!(
        maya.get_json(&format!("/api/reels/{id}/history")).await,
        json!([{"caption": "Before", "writtenAt": reel["createdAt"]}])
    );
}

async fn reel_edits_count_toward_the_editing_limit_with_post_edits(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.limit_edits_per_10_min = 2).await;
    let maya = app.new_user("maya").await;
    let reel = posted(&app, &maya, "One").await;
    let post = maya.create_post("A post").await;
    let edit_reel = |caption: &'static str| {
        let path = format!("/api/reels/{}", reel["id"]);
        let maya = &maya;
        async move { maya.patch_json(&path, &json!({"caption": caption})).await }
    };
    assert_eq!(edit_reel("Two").await.status(), 200);
    let response = maya
        .patch_json(
            &format!("/api/posts/{}", post["id"]),
            &json!({"caption": "Edited"}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let (status, message, _) = error_of(edit_reel("Three").await).await;
    assert_eq!(
        (status, message.as_str()),
        (429, "You're editing too often. Please try again later.")
    );
    assert_eq!(
        maya.get_json("/api/reels").await[0]["caption"],
        "Two",
        "a refused edit changes nothing"
    );
}
