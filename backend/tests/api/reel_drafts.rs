//! Reel drafts (issue 44): a reel whose video is uploaded now (the same form and checks as
//! posting a reel, counted toward the author's storage) and published later; only its author
//! sees it; its caption can change; it is published once, as posted at that moment, counted by
//! the posting limit then; untouched for 30 days it is removed.

use std::time::Duration;

use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};
use crate::media::stored_files;
use crate::reels::SAMPLE_WEBM;

both_backends!(
    a_reel_draft_is_its_authors_alone_and_never_in_the_pager,
    a_reel_draft_is_captioned_then_published_once_as_posted_then,
    a_reel_draft_takes_a_reels_checks_and_its_video_counts_toward_storage,
    publishing_a_reel_draft_is_counted_by_the_posting_limit_and_saving_one_is_not,
    a_reel_draft_is_deleted_by_its_author,
    reel_drafts_untouched_for_thirty_days_are_removed,
);

fn form(caption: &str) -> Form {
    let video = Part::bytes(SAMPLE_WEBM.to_vec())
        .file_name("reel.webm")
        .mime_str("video/webm")
        .unwrap();
    Form::new()
        .part("video", video)
        .text("caption", caption.to_owned())
}

async fn send(app: &TestApp, user: &TestUser, form: Form) -> reqwest::Response {
    user.client
        .post(user.url("/api/reel-drafts"))
        .header("Origin", &app.address)
        .multipart(form)
        .send()
        .await
        .expect("request sent")
}

/// Saves the sample WebM as a reel draft of `user`'s; answers the draft.
async fn saved(app: &TestApp, user: &TestUser, caption: &str) -> Value {
    let response = send(app, user, form(caption)).await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect()
}

async fn scalar(app: &TestApp, sql: String) -> i64 {
    let db = app.db().await;
    let (value,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    value
}

async fn a_reel_draft_is_its_authors_alone_and_never_in_the_pager(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ada = app.new_user("ada").await;
    let db = app.db().await;
    atelier::identity::store::users::grant_admin(&db, "ada")
        .await
        .unwrap();
    db.pool.close().await;

    let draft = saved(&app, &maya, " Not yet ").await;
    let id = draft["id"].as_i64().unwrap();
    assert_eq!(draft["caption"], "Not yet");
    assert!(draft["videoUrl"].as_str().unwrap().starts_with("/media/"));
    assert!(draft["duration"].as_i64().unwrap() >= 1);
    assert_eq!(draft["createdAt"], draft["updatedAt"]);
    assert_eq!(ids(&maya.get_json("/api/reel-drafts").await), [id]);

    // Anyone else, an admin too, finds nothing there.
    for user in [&leo, &ada] {
        assert_eq!(user.get_json("/api/reel-drafts").await, json!([]));
        for response in [
            user.patch_json(
                &format!("/api/reel-drafts/{id}"),
                &json!({"caption": "Mine"}),
            )
            .await,
            user.delete(&format!("/api/reel-drafts/{id}")).await,
            user.post(&format!("/api/reel-drafts/{id}/publish")).await,
        ] {
            let (status, message, _) = error_of(response).await;
            assert_eq!((status, message.as_str()), (404, "Reel draft not found"));
        }
    }
    let (status, _, _) = error_of(app.anonymous().get("/api/reel-drafts").await).await;
    assert_eq!(status, 401);
    // Nowhere a reel shows.
    assert_eq!(leo.get_json("/api/reels").await, json!([]));
    assert_eq!(
        maya.get_json(&format!("/api/reels/user/{}", maya.id)).await,
        json!([])
    );
    // Still hers after all that, and in her data export (not in Leo's).
    assert_eq!(
        maya.get_json("/api/reel-drafts").await[0]["caption"],
        "Not yet"
    );
    let export: Value = maya.get("/api/user/export").await.json().await.unwrap();
    assert_eq!(ids(&export["reelDrafts"]), [id]);
    assert_eq!(export["reelDrafts"][0]["videoUrl"], draft["videoUrl"]);
    assert_eq!(export["reelDrafts"][0]["caption"], "Not yet");
    let theirs: Value = leo.get("/api/user/export").await.json().await.unwrap();
    assert_eq!(theirs["reelDrafts"], json!([]));
}

async fn a_reel_draft_is_captioned_then_published_once_as_posted_then(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let draft = saved(&app, &maya, "Draft one").await;
    let id = draft["id"].as_i64().unwrap();

    app.advance_clock(Duration::from_secs(60));
    let response = maya
        .patch_json(
            &format!("/api/reel-drafts/{id}"),
            &json!({"caption": " Harbour at dawn with @leo "}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let edited: Value = response.json().await.unwrap();
    assert_eq!(edited["caption"], "Harbour at dawn with @leo");
    assert_eq!(edited["videoUrl"], draft["videoUrl"], "the video stays");
    assert_eq!(edited["createdAt"], draft["createdAt"]);
    assert_ne!(edited["updatedAt"], draft["updatedAt"]);
    let (status, message, _) = error_of(
        maya.patch_json(
            &format!("/api/reel-drafts/{id}"),
            &json!({"caption": "a".repeat(2201)}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Caption must be at most 2200 characters")
    );
    // A draft tells nobody.
    let notifications = leo.get_json("/api/notifications").await;
    assert_eq!(notifications, json!([]));

    app.advance_clock(Duration::from_secs(3600));
    let response = maya.post(&format!("/api/reel-drafts/{id}/publish")).await;
    assert_eq!(response.status(), 201);
    let reel: Value = response.json().await.unwrap();
    assert_eq!(reel["caption"], "Harbour at dawn with @leo");
    assert_eq!(reel["videoUrl"], draft["videoUrl"]);
    assert_eq!(reel["posterUrl"], draft["posterUrl"]);
    assert_eq!(reel["duration"], draft["duration"]);
    assert_eq!(reel["user"]["username"], "maya");
    assert_eq!(reel["editedAt"], Value::Null);
    // Posted at this moment, not when the draft was saved.
    let posted = chrono::DateTime::parse_from_rfc3339(reel["createdAt"].as_str().unwrap()).unwrap();
    let saved_at =
        chrono::DateTime::parse_from_rfc3339(draft["createdAt"].as_str().unwrap()).unwrap();
    assert!(posted - saved_at >= chrono::Duration::minutes(61));
    // The draft is gone; the reel is in the pager; Leo, named, is told once.
    assert_eq!(maya.get_json("/api/reel-drafts").await, json!([]));
    assert_eq!(
        ids(&leo.get_json("/api/reels").await),
        [reel["id"].as_i64().unwrap()]
    );
    let told: Vec<Value> = leo
        .get_json("/api/notifications")
        .await
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "mention")
        .cloned()
        .collect();
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["url"], format!("/reels?reel={}", reel["id"]));
    // Published once: again is not found.
    let (status, _, _) = error_of(maya.post(&format!("/api/reel-drafts/{id}/publish")).await).await;
    assert_eq!(status, 404);
    assert_eq!(
        leo.get_json("/api/reels").await.as_array().unwrap().len(),
        1
    );
}

async fn a_reel_draft_takes_a_reels_checks_and_its_video_counts_toward_storage(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let (status, message, _) =
        error_of(send(&app, &maya, Form::new().text("caption", "no video")).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "A video file is required")
    );
    let (status, message, _) = error_of(send(&app, &maya, form(&"a".repeat(2201))).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Caption must be at most 2200 characters")
    );
    let not_video = Form::new().part(
        "video",
        Part::bytes(
            b"plain text, not a video at all, long enough to sniff the head of it".to_vec(),
        )
        .file_name("reel.webm")
        .mime_str("video/webm")
        .unwrap(),
    );
    let (status, _, _) = error_of(send(&app, &maya, not_video).await).await;
    assert_eq!(status, 415);
    let (status, _, _) = error_of(
        maya.post_json("/api/reel-drafts", &json!({"caption": "json"}))
            .await,
    )
    .await;
    assert_eq!(status, 415);
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM reel_drafts".into()).await,
        0
    );
    assert_eq!(stored_files(&app), 0);
    let used = format!("SELECT media_bytes FROM users WHERE id = {}", maya.id);
    assert_eq!(scalar(&app, used.clone()).await, 0);

    // The video is stored and counted as it is saved, as any upload…
    let draft = saved(&app, &maya, "Kept").await;
    let charged = scalar(&app, used.clone()).await;
    assert!(charged >= SAMPLE_WEBM.len() as i64, "{charged}");
    // …and publishing it stores and counts nothing more, nor does deleting the reel give it back.
    let reel: Value = maya
        .post(&format!("/api/reel-drafts/{}/publish", draft["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(scalar(&app, used.clone()).await, charged);
    maya.delete(&format!("/api/reels/{}", reel["id"])).await;
    assert_eq!(scalar(&app, used).await, charged);
}

async fn publishing_a_reel_draft_is_counted_by_the_posting_limit_and_saving_one_is_not(
    backend: Backend,
) {
    let app = spawn_app_with(backend, |s| s.limit_posts_per_hour = 1).await;
    let maya = app.new_user("maya").await;
    let first = saved(&app, &maya, "One").await;
    let second = saved(&app, &maya, "Two").await;
    let response = maya
        .post(&format!("/api/reel-drafts/{}/publish", first["id"]))
        .await;
    assert_eq!(response.status(), 201);
    let (status, _, _) = error_of(
        maya.post(&format!("/api/reel-drafts/{}/publish", second["id"]))
            .await,
    )
    .await;
    assert_eq!(status, 429);
    assert_eq!(
        ids(&maya.get_json("/api/reel-drafts").await),
        [second["id"].as_i64().unwrap()],
        "a refused publish keeps the draft"
    );
}

async fn a_reel_draft_is_deleted_by_its_author(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let keep = saved(&app, &maya, "Keep").await;
    let drop = saved(&app, &maya, "Drop").await;
    assert_eq!(
        ids(&maya.get_json("/api/reel-drafts").await),
        [drop["id"].as_i64().unwrap(), keep["id"].as_i64().unwrap()],
        "newest first"
    );
    let path = format!("/api/reel-drafts/{}", drop["id"]);
    assert_eq!(maya.delete(&path).await.status(), 204);
    assert_eq!(
        ids(&maya.get_json("/api/reel-drafts").await),
        [keep["id"].as_i64().unwrap()]
    );
    let (status, _, _) = error_of(maya.delete(&path).await).await;
    assert_eq!(status, 404);
    let (status, _, _) = error_of(maya.post(&format!("{path}/publish")).await).await;
    assert_eq!(status, 404);
}

async fn reel_drafts_untouched_for_thirty_days_are_removed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // Past the 7-day grace an unverified account may not change what it would publish.
    app.verify_email_of("maya").await;
    let touched = saved(&app, &maya, "Touched").await;
    saved(&app, &maya, "Forgotten").await;
    app.advance_clock(Duration::from_secs(20 * 24 * 3600));
    let response = maya
        .patch_json(
            &format!("/api/reel-drafts/{}", touched["id"]),
            &json!({"caption": "Touched again"}),
        )
        .await;
    assert_eq!(response.status(), 200);
    app.advance_clock(Duration::from_secs(11 * 24 * 3600));
    app.housekeeping().await;
    assert_eq!(
        ids(&maya.get_json("/api/reel-drafts").await),
        [touched["id"].as_i64().unwrap()]
    );
    app.advance_clock(Duration::from_secs(20 * 24 * 3600));
    app.housekeeping().await;
    assert_eq!(maya.get_json("/api/reel-drafts").await, json!([]));
}
