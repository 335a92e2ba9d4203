//! Drafts and scheduled posts (issue 44): a draft is its author's alone; it is edited keeping
//! its images and published now, or scheduled and published once, after its time, by whichever
//! instance's job claims it, as if posted then.

use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, PASSWORD, TestUser, error_of, png_data_url, spawn_app};

both_backends!(
    a_draft_is_its_authors_alone_and_never_in_a_feed,
    a_draft_is_edited_keeping_its_images_then_published_now,
    a_scheduled_post_goes_out_once_after_its_time_from_either_instance_as_if_posted_then,
    scheduling_refuses_a_time_outside_ten_minutes_to_ninety_days_or_a_draft_without_images,
    a_deactivated_authors_scheduled_post_does_not_go_out,
    unscheduled_drafts_untouched_for_thirty_days_are_removed,
);

fn image(colour: u8) -> String {
    png_data_url(10 + u32::from(colour % 7), 10, [colour, 40, 200 - colour])
}

async fn draft(user: &TestUser, body: &Value) -> Value {
    let response = user.post_json("/api/drafts", body).await;
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

/// An ISO time `minutes` after the post `reference`'s `createdAt` (the app's clock).
fn after(reference: &str, minutes: i64) -> String {
    let at = chrono::DateTime::parse_from_rfc3339(reference).unwrap()
        + chrono::Duration::minutes(minutes);
    at.to_rfc3339()
}

async fn a_draft_is_its_authors_alone_and_never_in_a_feed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let mine = draft(
        &maya,
        &json!({"caption": "Not yet", "media": [{"image": image(1), "alt": "A study"}]}),
    )
    .await;
    let id = mine["id"].as_i64().unwrap();
    assert_eq!(mine["scheduledAt"], Value::Null);
    assert_eq!(mine["media"][0]["alt"], "A study");
    assert_eq!(ids(&maya.get_json("/api/drafts").await), [id]);
    assert_eq!(maya.get_json("/api/drafts?scheduled=true").await, json!([]));
    assert_eq!(leo.get_json("/api/drafts").await, json!([]));
    for response in [
        leo.patch_json(&format!("/api/drafts/{id}"), &json!({"caption": "Mine"}))
            .await,
        leo.delete(&format!("/api/drafts/{id}")).await,
        leo.post_json(&format!("/api/drafts/{id}/publish"), &json!({}))
            .await,
        leo.delete(&format!("/api/drafts/{id}/schedule")).await,
    ] {
        assert_eq!(error_of(response).await.0, 404);
    }
    let (status, _, _) = error_of(app.anonymous().get("/api/drafts").await).await;
    assert_eq!(status, 401);
    // Nowhere a post shows.
    assert_eq!(leo.get_json("/api/posts").await, json!([]));
    assert_eq!(
        maya.get_json(&format!("/api/posts/user/{}", maya.id)).await,
        json!([])
    );
    // Still hers after all that, and in her data export (not in Leo's).
    assert_eq!(maya.get_json("/api/drafts").await[0]["caption"], "Not yet");
    let export: Value = maya.get("/api/user/export").await.json().await.unwrap();
    assert_eq!(ids(&export["drafts"]), [id]);
    let theirs: Value = leo.get("/api/user/export").await.json().await.unwrap();
    assert_eq!(theirs["drafts"], json!([]));
}

async fn a_draft_is_edited_keeping_its_images_then_published_now(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let first = draft(
        &maya,
        &json!({"caption": "Draft one", "media": [{"image": image(1), "alt": "One"}]}),
    )
    .await;
    let id = first["id"].as_i64().unwrap();
    let kept = first["media"][0]["url"].as_str().unwrap().to_owned();
    let response = maya
        .patch_json(
            &format!("/api/drafts/{id}"),
            &json!({"caption": "Final words #harbour", "tags": ["sea"],
                    "media": [{"image": image(2), "alt": "Two"}, {"image": kept, "alt": "One, kept"}]}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let edited: Value = response.json().await.unwrap();
    assert_eq!(
        edited["media"][1]["url"], kept,
        "the kept image is not stored again"
    );
    assert_eq!(edited["media"][1]["alt"], "One, kept");

    let response = maya
        .post_json(&format!("/api/drafts/{id}/publish"), &json!({}))
        .await;
    assert_eq!(response.status(), 201);
    let post: Value = response.json().await.unwrap();
    assert_eq!(post["caption"], "Final words #harbour");
    assert_eq!(post["tags"], json!(["sea"]));
    assert_eq!(post["media"], edited["media"]);
    assert_eq!(
        maya.get_json("/api/drafts").await,
        json!([]),
        "the draft is gone"
    );
    assert_eq!(
        ids(&maya.get_json("/api/posts").await),
        [post["id"].as_i64().unwrap()]
    );
    assert!(
        ids(&maya.get_json("/api/tags/harbour/posts").await)
            .contains(&post["id"].as_i64().unwrap())
    );
    // Published once: again is not found.
    let again = maya
        .post_json(&format!("/api/drafts/{id}/publish"), &json!({}))
        .await;
    assert_eq!(error_of(again).await.0, 404);
}

async fn a_scheduled_post_goes_out_once_after_its_time_from_either_instance_as_if_posted_then(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let twin = app.spawn_twin().await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let earlier: Value = maya
        .post_json(
            "/api/posts",
            &json!({"imageUrl": image(3), "caption": "Before"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let now = earlier["createdAt"].as_str().unwrap().to_owned();
    let planned = draft(
        &maya,
        &json!({"caption": "At dawn with @leo", "media": [{"image": image(4), "alt": "Dawn"}]}),
    )
    .await;
    let id = planned["id"].as_i64().unwrap();
    let at = after(&now, 15);
    let response = maya
        .post_json(&format!("/api/drafts/{id}/publish"), &json!({"at": at}))
        .await;
    assert_eq!(response.status(), 200);
    let scheduled: Value = response.json().await.unwrap();
    assert_eq!(
        chrono::DateTime::parse_from_rfc3339(scheduled["scheduledAt"].as_str().unwrap()).unwrap(),
        chrono::DateTime::parse_from_rfc3339(&at).unwrap()
    );
    assert_eq!(
        ids(&maya.get_json("/api/drafts?scheduled=true").await),
        [id]
    );
    assert_eq!(maya.get_json("/api/drafts").await, json!([]));

    // Not before its time, on either instance; Leo is not told of it yet.
    assert_eq!(
        app.publish_scheduled().await + twin.publish_scheduled().await,
        0
    );
    let mentions = |list: Value| {
        list.as_array()
            .unwrap()
            .iter()
            .filter(|n| n["kind"] == "mention")
            .count()
    };
    assert_eq!(mentions(leo.get_json("/api/notifications").await), 0);

    // Its time passes on both instances' clocks: both jobs run at once; it goes out once.
    app.advance_clock(Duration::from_secs(16 * 60));
    twin.advance_clock(Duration::from_secs(16 * 60));
    let (a, b) = tokio::join!(app.publish_scheduled(), twin.publish_scheduled());
    assert_eq!(a + b, 1);
    let feed = maya.get_json("/api/posts").await;
    let feed = feed.as_array().unwrap();
    assert_eq!(feed.len(), 2);
    // First in the feed, as posted at that moment (after 'Before'), with its time then.
    assert_eq!(feed[0]["caption"], "At dawn with @leo");
    assert_eq!(feed[0]["media"][0]["alt"], "Dawn");
    let went =
        chrono::DateTime::parse_from_rfc3339(feed[0]["createdAt"].as_str().unwrap()).unwrap();
    assert!(
        went >= chrono::DateTime::parse_from_rfc3339(&at).unwrap(),
        "{went}"
    );
    assert_eq!(maya.get_json("/api/drafts?scheduled=true").await, json!([]));
    assert_eq!(mentions(leo.get_json("/api/notifications").await), 1);
    // Nothing more goes out later.
    assert_eq!(
        app.publish_scheduled().await + twin.publish_scheduled().await,
        0
    );
    assert_eq!(
        maya.get_json("/api/posts").await.as_array().unwrap().len(),
        2
    );
}

async fn scheduling_refuses_a_time_outside_ten_minutes_to_ninety_days_or_a_draft_without_images(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let reference: Value = maya
        .post_json("/api/posts", &json!({"imageUrl": image(5)}))
        .await
        .json()
        .await
        .unwrap();
    let now = reference["createdAt"].as_str().unwrap().to_owned();
    let with_image = draft(&maya, &json!({"media": [{"image": image(6)}]})).await;
    let bare = draft(&maya, &json!({"caption": "Words only"})).await;
    let cases = [
        (
            &with_image,
            json!({"at": after(&now, 5)}),
            "Schedule a post at least 10 minutes ahead",
        ),
        (
            &with_image,
            json!({"at": after(&now, 91 * 24 * 60)}),
            "Schedule a post at most 90 days ahead",
        ),
        (
            &with_image,
            json!({"at": "tomorrow"}),
            "Give the time as an ISO 8601 date and time with its offset",
        ),
        (
            &bare,
            json!({"at": after(&now, 60)}),
            "Please select an image or enter a URL",
        ),
        (&bare, json!({}), "Please select an image or enter a URL"),
    ];
    for (which, body, said) in cases {
        let response = maya
            .post_json(&format!("/api/drafts/{}/publish", which["id"]), &body)
            .await;
        let (status, message, _) = error_of(response).await;
        assert_eq!((status, message.as_str()), (400, said), "{body}");
    }
    assert_eq!(maya.get_json("/api/drafts?scheduled=true").await, json!([]));
    assert_eq!(
        maya.get_json("/api/drafts").await.as_array().unwrap().len(),
        2
    );
}

async fn a_deactivated_authors_scheduled_post_does_not_go_out(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let reference: Value = maya
        .post_json("/api/posts", &json!({"imageUrl": image(7)}))
        .await
        .json()
        .await
        .unwrap();
    let planned = draft(&maya, &json!({"media": [{"image": image(8)}]})).await;
    let at = after(reference["createdAt"].as_str().unwrap(), 20);
    let response = maya
        .post_json(
            &format!("/api/drafts/{}/publish", planned["id"]),
            &json!({"at": at}),
        )
        .await;
    assert_eq!(response.status(), 200);
    let response = maya
        .post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
        .await;
    assert!(response.status().is_success(), "{}", response.status());
    app.advance_clock(Duration::from_secs(30 * 60));
    assert_eq!(app.publish_scheduled().await, 0);
    let db = app.db().await;
    let (posts,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM posts")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(posts, 1, "only the post made before");
}

async fn unscheduled_drafts_untouched_for_thirty_days_are_removed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let reference: Value = maya
        .post_json("/api/posts", &json!({"imageUrl": image(9)}))
        .await
        .json()
        .await
        .unwrap();
    let old = draft(&maya, &json!({"caption": "Forgotten"})).await;
    let planned = draft(&maya, &json!({"media": [{"image": image(10)}]})).await;
    let at = after(reference["createdAt"].as_str().unwrap(), 60 * 24 * 45);
    maya.post_json(
        &format!("/api/drafts/{}/publish", planned["id"]),
        &json!({"at": at}),
    )
    .await;
    // A scheduled one can go back to the drafts.
    let back: Value = maya
        .delete(&format!("/api/drafts/{}/schedule", planned["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(back["scheduledAt"], Value::Null);
    maya.post_json(
        &format!("/api/drafts/{}/publish", planned["id"]),
        &json!({"at": at}),
    )
    .await;

    app.advance_clock(Duration::from_secs(29 * 24 * 3600));
    app.housekeeping().await;
    assert_eq!(
        ids(&maya.get_json("/api/drafts").await),
        [old["id"].as_i64().unwrap()]
    );
    app.advance_clock(Duration::from_secs(2 * 24 * 3600));
    app.housekeeping().await;
    assert_eq!(maya.get_json("/api/drafts").await, json!([]));
    // The scheduled one stays until its time.
    assert_eq!(
        ids(&maya.get_json("/api/drafts?scheduled=true").await),
        [planned["id"].as_i64().unwrap()]
    );
}
