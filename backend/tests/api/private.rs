//! Private accounts and follow requests (issue 20). A private account's header and counts show
//! to everyone; its posts, reels and stories only to its followers — in every list, in search,
//! on tag pages, in trending and by id. A follow becomes a request its owner approves or
//! declines; turning private off approves every pending request; existing followers stay.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::bad_input::post_reel;
use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};
use crate::image_server::image_url;

both_backends!(
    follow_requests_need_a_session,
    a_private_accounts_content_shows_to_its_followers_only,
    a_follow_of_a_private_account_is_a_request_until_approved,
    a_declined_or_withdrawn_request_leaves_no_follow,
    only_the_owner_answers_a_request,
    turning_private_off_approves_every_pending_request,
    a_block_ends_pending_requests_both_ways,
);

/// Saves `change` (some of the settings' switches); answers the saved settings.
pub async fn change_settings(user: &TestUser, change: Value) -> Value {
    let response = user
        .client
        .put(user.url("/api/user/settings"))
        .json(&change)
        .send()
        .await
        .expect("request sent");
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

pub async fn set_private(user: &TestUser, private: bool) {
    change_settings(user, json!({"privateAccount": private})).await;
}

async fn follow(who: &TestUser, whom: &TestUser) -> Value {
    let response = who.post(&format!("/api/users/{}/follow", whom.id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// The ids of the requests to `user`, with their requesters' ids.
async fn requests(user: &TestUser) -> Vec<(i64, i64)> {
    user.get_json("/api/user/follow-requests")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_i64().unwrap(), r["user"]["id"].as_i64().unwrap()))
        .collect()
}

fn authors(list: &Value) -> Vec<i64> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item["user"]["id"].as_i64().unwrap())
        .collect()
}

async fn follow_requests_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let anonymous = app.anonymous();
    assert_eq!(
        anonymous.get("/api/user/follow-requests").await.status(),
        StatusCode::UNAUTHORIZED
    );
    for verb in ["approve", "decline"] {
        let response = anonymous
            .post(&format!("/api/follow-requests/1/{verb}"))
            .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
}

async fn a_private_accounts_content_shows_to_its_followers_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    // Sofia followed Maya before she went private: she stays a follower.
    follow(&sofia, &maya).await;
    let post = maya.create_post("Quiet harbour #quietharbour").await;
    assert_eq!(
        post_reel(&app, &maya, "quiet loop").await.status(),
        StatusCode::CREATED
    );
    let story = maya
        .post_json("/api/stories", &json!({"content": image_url("s.jpg")}))
        .await;
    assert_eq!(story.status(), StatusCode::CREATED);
    let story: Value = story.json().await.unwrap();
    set_private(&maya, true).await;

    // Leo sees the header and the counts, and that the account is private.
    let profile = leo.get_json("/api/users/username/maya").await;
    assert_eq!(profile["isPrivate"], true);
    assert_eq!(profile["postsCount"], 1);
    assert_eq!(profile["followersCount"], 1);
    assert_eq!(profile["isFollowing"], false);
    // And none of her posts, reels or stories, anywhere.
    for list in [
        "/api/posts?limit=100".to_owned(),
        "/api/posts/trending?limit=100".to_owned(),
        "/api/tags/quietharbour/posts".to_owned(),
        format!("/api/posts/user/{}", maya.id),
        "/api/reels?limit=100".to_owned(),
        format!("/api/reels/user/{}", maya.id),
    ] {
        assert!(
            !authors(&leo.get_json(&list).await).contains(&maya.id),
            "{list}"
        );
    }
    let search = leo.get_json("/api/search?q=quiet").await;
    assert!(!authors(&search["posts"]).contains(&maya.id));
    let stories = leo.get_json("/api/stories").await;
    assert!(!authors(&stories).contains(&maya.id), "the story strip");
    for (path, post_it) in [
        (format!("/api/posts/{}", post["id"]), false),
        (format!("/api/posts/{}/comments", post["id"]), false),
        (format!("/api/posts/{}/like-status", post["id"]), false),
        (format!("/api/posts/{}/bookmark-status", post["id"]), false),
        (format!("/api/stories/{}/view", story["id"]), true),
        (format!("/api/posts/{}/like", post["id"]), true),
    ] {
        let response = if post_it {
            leo.post(&path).await
        } else {
            leo.get(&path).await
        };
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }

    // Her follower and she herself see everything.
    for viewer in [&sofia, &maya] {
        assert!(authors(&viewer.get_json("/api/posts").await).contains(&maya.id));
        assert!(authors(&viewer.get_json("/api/reels").await).contains(&maya.id));
        assert!(authors(&viewer.get_json("/api/stories").await).contains(&maya.id));
        let by_id = viewer.get(&format!("/api/posts/{}", post["id"])).await;
        assert_eq!(by_id.status(), StatusCode::OK);
        let liked = viewer
            .get_json(&format!("/api/posts/{}/like-status", post["id"]))
            .await;
        assert_eq!(liked["isLiked"], false);
    }
}

async fn a_follow_of_a_private_account_is_a_request_until_approved(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    set_private(&maya, true).await;
    let post = maya.create_post("Quiet harbour").await;

    for _ in 0..2 {
        let state = follow(&leo, &maya).await;
        assert_eq!(
            state,
            json!({"isFollowing": false, "isRequested": true, "followersCount": 0})
        );
    }
    let status = leo
        .get_json(&format!("/api/users/{}/follow-status", maya.id))
        .await;
    assert_eq!(status, json!({"isFollowing": false, "isRequested": true}));
    assert_eq!(
        leo.get_json("/api/users/username/maya").await["isRequested"],
        true
    );

    let list = maya.get_json("/api/user/follow-requests").await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(
        list[0]["user"],
        json!({"id": leo.id, "username": "leo", "displayName": "leo display", "profileImageUrl": null})
    );
    assert!(list[0]["createdAt"].as_str().unwrap().ends_with('Z'));
    let id = list[0]["id"].as_i64().unwrap();
    let approved = maya
        .post(&format!("/api/follow-requests/{id}/approve"))
        .await;
    assert_eq!(approved.status(), StatusCode::NO_CONTENT);

    assert_eq!(requests(&maya).await, vec![]);
    let status = leo
        .get_json(&format!("/api/users/{}/follow-status", maya.id))
        .await;
    assert_eq!(status, json!({"isFollowing": true, "isRequested": false}));
    let by_id = leo.get(&format!("/api/posts/{}", post["id"])).await;
    assert_eq!(by_id.status(), StatusCode::OK, "the posts appear");
    // Approving again finds nothing.
    let again = maya
        .post(&format!("/api/follow-requests/{id}/approve"))
        .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
}

async fn a_declined_or_withdrawn_request_leaves_no_follow(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    set_private(&maya, true).await;
    follow(&leo, &maya).await;
    follow(&sofia, &maya).await;
    let pending = requests(&maya).await;
    assert_eq!(
        pending.iter().map(|(_, user)| *user).collect::<Vec<_>>(),
        vec![sofia.id, leo.id],
        "newest first"
    );

    let declined = maya
        .post(&format!("/api/follow-requests/{}/decline", pending[1].0))
        .await;
    assert_eq!(declined.status(), StatusCode::NO_CONTENT);
    let withdrawn = sofia
        .delete(&format!("/api/users/{}/follow", maya.id))
        .await;
    assert_eq!(withdrawn.status(), StatusCode::OK);
    let withdrawn: Value = withdrawn.json().await.unwrap();
    assert_eq!(withdrawn["isRequested"], false);

    assert_eq!(requests(&maya).await, vec![]);
    let profile = maya.get_json("/api/users/username/maya").await;
    assert_eq!(profile["followersCount"], 0);
    for who in [&leo, &sofia] {
        let status = who
            .get_json(&format!("/api/users/{}/follow-status", maya.id))
            .await;
        assert_eq!(status, json!({"isFollowing": false, "isRequested": false}));
    }
}

async fn only_the_owner_answers_a_request(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    set_private(&maya, true).await;
    follow(&leo, &maya).await;
    let (id, _) = requests(&maya).await[0];

    // Leo (the requester) cannot approve his own request, nor can anyone but Maya.
    for verb in ["approve", "decline"] {
        let (status, message, _) =
            error_of(leo.post(&format!("/api/follow-requests/{id}/{verb}")).await).await;
        assert_eq!(
            (status, message.as_str()),
            (404, "Follow request not found")
        );
        let unknown = maya
            .post(&format!("/api/follow-requests/999999/{verb}"))
            .await;
        assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
        let malformed = maya.post(&format!("/api/follow-requests/abc/{verb}")).await;
        assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    }
    assert_eq!(requests(&maya).await.len(), 1, "nothing changed");
    assert_eq!(requests(&leo).await, vec![], "a list is its owner's own");
}

async fn turning_private_off_approves_every_pending_request(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    set_private(&maya, true).await;
    follow(&leo, &maya).await;
    follow(&sofia, &maya).await;
    set_private(&maya, false).await;

    assert_eq!(requests(&maya).await, vec![]);
    let profile = leo.get_json("/api/users/username/maya").await;
    assert_eq!(
        (profile["isPrivate"].clone(), profile["isFollowing"].clone()),
        (json!(false), json!(true))
    );
    assert_eq!(profile["followersCount"], 2);
    // A follow of a public account is a follow at once.
    let dan = app.new_user("dan").await;
    assert_eq!(follow(&dan, &maya).await["isFollowing"], true);
}

async fn a_block_ends_pending_requests_both_ways(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    set_private(&maya, true).await;
    follow(&leo, &maya).await;
    let blocked = maya.post(&format!("/api/users/{}/block", leo.id)).await;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);
    assert_eq!(requests(&maya).await, vec![]);
}
