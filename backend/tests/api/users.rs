//! Profiles, follows, search and profile edits.

use serde_json::{Value, json};

use crate::both_backends;
use std::time::Duration;

use crate::helpers::{Backend, TestUser, error_of, spawn_app};
use crate::private::set_private;

both_backends!(
    a_profile_shows_public_fields_and_counts_but_no_email,
    an_unknown_username_is_user_not_found,
    follow_and_unfollow_are_idempotent_and_move_the_counts,
    following_yourself_or_nobody_is_refused,
    users_and_search_are_refused_without_a_session,
    search_finds_usernames_and_display_names_best_matches_first,
    search_treats_wildcards_as_text_and_a_blank_query_finds_nobody,
    a_profile_edit_changes_only_the_fields_it_names,
    a_bad_profile_edit_is_refused_and_changes_nothing,
    the_skill_matcher_suggests_creators_with_the_skills_looked_for,
    the_skill_matcher_finds_a_matching_creator_older_than_300_newer_members,
    followers_and_following_list_people_latest_first_with_my_follow_state,
    a_private_accounts_lists_are_for_itself_and_its_approved_followers,
    blocked_either_way_the_lists_are_not_found_and_blocked_people_leave_them,
);

async fn a_profile_shows_public_fields_and_counts_but_no_email(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    maya.create_post("one").await;
    maya.create_post("two").await;
    leo.post(&format!("/api/users/{}/follow", maya.id)).await;

    let profile = leo.get_json("/api/users/username/MAYA").await;

    assert_eq!(profile["id"], maya.id);
    assert_eq!(profile["username"], "maya");
    assert_eq!(profile["displayName"], "maya display");
    assert_eq!(profile["postsCount"], 2);
    assert_eq!(profile["followersCount"], 1);
    assert_eq!(profile["followingCount"], 0);
    assert_eq!(profile["isFollowing"], true);
    assert_eq!(profile["skills"], json!([]));
    assert!(profile.get("email").is_none() && profile.get("passwordHash").is_none());
    let own = maya.get_json("/api/users/username/maya").await;
    assert_eq!(own["isFollowing"], false);
    let leos = maya.get_json("/api/users/username/leo").await;
    assert_eq!(
        (leos["followingCount"].clone(), leos["postsCount"].clone()),
        (json!(1), json!(0))
    );
}

async fn an_unknown_username_is_user_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let (status, message, code) = error_of(maya.get("/api/users/username/nobody").await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (404, "User not found", "not_found")
    );
}

async fn follow_and_unfollow_are_idempotent_and_move_the_counts(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let follow = format!("/api/users/{}/follow", maya.id);
    let status = format!("/api/users/{}/follow-status", maya.id);
    assert_eq!(
        leo.get_json(&status).await,
        json!({"isFollowing": false, "isRequested": false})
    );

    let first: Value = leo.post(&follow).await.json().await.unwrap();
    assert_eq!(
        first,
        json!({"isFollowing": true, "isRequested": false, "followersCount": 1})
    );
    let again: Value = leo.post(&follow).await.json().await.unwrap();
    assert_eq!(again, first, "following twice counts once");
    let by_sofia: Value = sofia.post(&follow).await.json().await.unwrap();
    assert_eq!(by_sofia["followersCount"], 2);
    assert_eq!(
        leo.get_json(&status).await,
        json!({"isFollowing": true, "isRequested": false})
    );
    assert_eq!(
        maya.get_json("/api/users/username/leo").await["followingCount"],
        1
    );

    let unfollowed: Value = leo.delete(&follow).await.json().await.unwrap();
    assert_eq!(
        unfollowed,
        json!({"isFollowing": false, "isRequested": false, "followersCount": 1})
    );
    let again: Value = leo.delete(&follow).await.json().await.unwrap();
    assert_eq!(again, unfollowed);
    assert_eq!(
        leo.get_json(&status).await,
        json!({"isFollowing": false, "isRequested": false})
    );
    assert_eq!(
        sofia.get_json(&status).await,
        json!({"isFollowing": true, "isRequested": false})
    );
    assert_eq!(
        maya.get_json("/api/users/username/maya").await["followersCount"],
        1
    );
}

async fn following_yourself_or_nobody_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let own = format!("/api/users/{}/follow", maya.id);
    let (status, message, _) = error_of(maya.post(&own).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "You cannot follow yourself")
    );
    assert_eq!(error_of(maya.delete(&own).await).await.0, 400);
    for path in ["/api/users/999999/follow"] {
        assert_eq!(error_of(maya.post(path).await).await.1, "User not found");
        assert_eq!(error_of(maya.delete(path).await).await.0, 404);
    }
    assert_eq!(
        error_of(maya.get("/api/users/999999/follow-status").await)
            .await
            .0,
        404
    );
    assert_eq!(
        error_of(maya.post("/api/users/abc/follow").await).await.0,
        400
    );
    assert_eq!(
        maya.get_json("/api/users/username/maya").await["followingCount"],
        0
    );
}

async fn users_and_search_are_refused_without_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let stranger = app.anonymous();
    for path in [
        "/api/users/username/maya".to_owned(),
        format!("/api/users/{}/follow-status", maya.id),
        "/api/search/users?q=maya".to_owned(),
    ] {
        assert_eq!(error_of(stranger.get(&path).await).await.0, 401, "{path}");
    }
    let follow = format!("/api/users/{}/follow", maya.id);
    assert_eq!(error_of(stranger.post(&follow).await).await.0, 401);
    assert_eq!(error_of(stranger.delete(&follow).await).await.0, 401);
    let edit = stranger
        .patch_json("/api/user/profile", &json!({"bio": "hacked"}))
        .await;
    assert_eq!(error_of(edit).await.0, 401);
    assert_eq!(
        maya.get_json("/api/users/username/maya").await["followersCount"],
        0
    );
}

fn usernames(results: &Value) -> Vec<&str> {
    results
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect()
}

async fn search_finds_usernames_and_display_names_best_matches_first(backend: Backend) {
    let app = spawn_app(backend).await;
    let me = app.new_user("searcher").await;
    for name in ["annamaria", "ann", "joann", "annie", "bob"] {
        app.new_user(name).await;
    }

    let results = me.get_json("/api/search/users?q=%20ANN%20").await;

    // Exact first, then prefixes (shortest first), then other substrings.
    assert_eq!(usernames(&results), ["ann", "annie", "annamaria", "joann"]);
    let first = &results[0];
    assert_eq!(first["displayName"], "ann display");
    assert_eq!(first["followersCount"], 0);
    assert!(first.get("email").is_none());

    // Display names match too ("bob display").
    assert_eq!(
        usernames(&me.get_json("/api/search/users?q=b%20disp").await),
        ["bob"]
    );

    for n in 0..22 {
        app.new_user(&format!("crowd{n:02}")).await;
    }
    assert_eq!(
        me.get_json("/api/search/users?q=crowd")
            .await
            .as_array()
            .unwrap()
            .len(),
        20
    );
}

async fn search_treats_wildcards_as_text_and_a_blank_query_finds_nobody(backend: Backend) {
    let app = spawn_app(backend).await;
    let me = app.new_user("searcher").await;
    app.new_user("a_b").await;
    app.new_user("axb").await;

    assert_eq!(
        usernames(&me.get_json("/api/search/users?q=a_b").await),
        ["a_b"]
    );
    assert_eq!(me.get_json("/api/search/users?q=%25").await, json!([]));
    assert_eq!(me.get_json("/api/search/users?q=%20%20").await, json!([]));
    assert_eq!(me.get_json("/api/search/users").await, json!([]));
    let long = "x".repeat(101);
    assert_eq!(
        error_of(me.get(&format!("/api/search/users?q={long}")).await)
            .await
            .0,
        400
    );
}

async fn a_profile_edit_changes_only_the_fields_it_names(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let edited = maya
        .patch_json(
            "/api/user/profile",
            &json!({"displayName": " Maya Chen ", "bio": "Painter of harbours",
                    "skills": ["photo", "design", "photo"]}),
        )
        .await;
    assert_eq!(edited.status(), 200);
    let profile: Value = edited.json().await.unwrap();
    assert_eq!(profile["displayName"], "Maya Chen");
    assert_eq!(profile["bio"], "Painter of harbours");
    assert_eq!(profile["skills"], json!(["design", "photo"]));

    let bio_only: Value = maya
        .patch_json("/api/user/profile", &json!({"bio": "  "}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bio_only["bio"], Value::Null);
    assert_eq!(bio_only["displayName"], "Maya Chen");
    assert_eq!(bio_only["skills"], json!(["design", "photo"]));

    let me: Value = maya.get_json("/api/auth/user").await;
    assert_eq!(me["displayName"], "Maya Chen");
}

async fn a_bad_profile_edit_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let cases = [
        json!({"skills": ["cooking"]}),
        json!({"bio": "b".repeat(501)}),
        json!({"displayName": "d".repeat(51), "bio": "fine"}),
        json!({"skills": "design"}),
    ];
    for body in cases {
        let (status, _, code) = error_of(maya.patch_json("/api/user/profile", &body).await).await;
        assert_eq!((status, code.as_str()), (400, "invalid_input"), "{body}");
    }
    let profile = maya.get_json("/api/users/username/maya").await;
    assert_eq!(
        (profile["bio"].clone(), profile["displayName"].clone()),
        (Value::Null, json!("maya display"))
    );
}

async fn the_skill_matcher_suggests_creators_with_the_skills_looked_for(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let mut people = Vec::new();
    for (name, skills) in [
        ("ana", json!(["design", "motion"])),
        ("ben", json!(["design"])),
        ("cai", json!(["code"])),
        ("dee", json!(["design", "motion", "music", "photo"])),
        ("eve", json!([])),
    ] {
        let user = app.new_user(name).await;
        let response = user
            .patch_json("/api/user/profile", &json!({"skills": skills}))
            .await;
        assert_eq!(response.status(), 200);
        people.push(user);
    }
    maya.patch_json(
        "/api/user/profile",
        &json!({"skills": ["design", "motion"]}),
    )
    .await;

    let matches = maya
        .get_json("/api/users/skill-matches?skills=design,motion")
        .await;
    let names: Vec<&str> = matches
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["user"]["username"].as_str().unwrap())
        .collect();
    // Both skills and nothing else first, then both with others, then one of the two; never
    // maya herself, cai (neither skill) or eve (no skills); three at most.
    assert_eq!(names, ["ana", "dee", "ben"]);
    assert_eq!(matches[0]["match"], 100);
    assert_eq!(matches[2]["match"], 50);
    assert_eq!(matches[0]["skills"], json!(["design", "motion"]));
    assert_eq!(matches[0]["user"]["displayName"], "ana display");

    for bad in ["", "cooking", "design,,cooking"] {
        let (status, _, _) = error_of(
            maya.get(&format!("/api/users/skill-matches?skills={bad}"))
                .await,
        )
        .await;
        assert_eq!(status, 400, "{bad}");
    }
    let (status, _, _) = error_of(
        app.anonymous()
            .get("/api/users/skill-matches?skills=code")
            .await,
    )
    .await;
    assert_eq!(status, 401);
}

async fn the_skill_matcher_finds_a_matching_creator_older_than_300_newer_members(backend: Backend) {
    let app = spawn_app(backend).await;
    let ana = app.new_user("ana").await;
    let response = ana
        .patch_json("/api/user/profile", &json!({"skills": ["code", "music"]}))
        .await;
    assert_eq!(response.status(), 200);
    // 301 members joined after ana (none with a skill), then the newcomer, who follows nobody.
    app.synthetic_users_signed_in(301);
    let newcomer = app.new_user("newcomer").await;

    let matches = newcomer
        .get_json("/api/users/skill-matches?skills=code")
        .await;
    let names: Vec<&str> = matches
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["user"]["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ana"]);
    assert_eq!(matches[0]["match"], 100);
    assert_eq!(matches[0]["skills"], json!(["code", "music"]));
}

async fn follow(who: &TestUser, whom: &TestUser) {
    let response = who.post(&format!("/api/users/{}/follow", whom.id)).await;
    assert_eq!(response.status(), 200, "following");
}

fn listed_usernames(page: &Value) -> Vec<String> {
    page.as_array()
        .unwrap()
        .iter()
        .map(|row| row["user"]["username"].as_str().unwrap().to_owned())
        .collect()
}

async fn followers_and_following_list_people_latest_first_with_my_follow_state(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let tom = app.new_user("tom").await;
    for fan in [&leo, &sofia, &tom] {
        follow(fan, &maya).await;
        app.advance_clock(Duration::from_secs(1));
    }
    follow(&maya, &sofia).await;
    // Leo reads Maya's followers: his own follow state of each.
    follow(&leo, &tom).await;

    let first = leo
        .get(&format!("/api/users/{}/followers?limit=2", maya.id))
        .await;
    assert_eq!(first.status(), 200);
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    assert_eq!(
        listed_usernames(&first),
        ["tom", "sofia"],
        "the latest follow first"
    );
    assert_eq!(
        (
            first[0]["isFollowing"].clone(),
            first[1]["isFollowing"].clone()
        ),
        (json!(true), json!(false))
    );
    let rest = leo
        .get(&format!(
            "/api/users/{}/followers?limit=2&before={cursor}",
            maya.id
        ))
        .await;
    assert!(rest.headers().get("x-next-cursor").is_none());
    assert_eq!(listed_usernames(&rest.json().await.unwrap()), ["leo"]);

    let following = leo
        .get_json(&format!("/api/users/{}/following", maya.id))
        .await;
    assert_eq!(listed_usernames(&following), ["sofia"]);
    assert_eq!(
        listed_usernames(
            &leo.get_json(&format!("/api/users/{}/following", sofia.id))
                .await
        ),
        ["maya"],
        "Sofia follows Maya"
    );
    assert_eq!(
        error_of(leo.get("/api/users/999999/followers").await)
            .await
            .0,
        404
    );
    assert_eq!(
        error_of(
            leo.get(&format!("/api/users/{}/following?limit=101", maya.id))
                .await
        )
        .await
        .0,
        400
    );
}

async fn a_private_accounts_lists_are_for_itself_and_its_approved_followers(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    follow(&leo, &maya).await;
    set_private(&maya, true).await;
    // Sofia asks; until approved she may not look.
    follow(&sofia, &maya).await;

    for path in ["followers", "following"] {
        let path = format!("/api/users/{}/{path}", maya.id);
        let (status, message, _) = error_of(sofia.get(&path).await).await;
        assert_eq!((status, message.as_str()), (403, "This account is private"));
        assert_eq!(leo.get(&path).await.status(), 200, "an approved follower");
        assert_eq!(maya.get(&path).await.status(), 200, "herself");
    }
    assert_eq!(
        listed_usernames(
            &maya
                .get_json(&format!("/api/users/{}/followers", maya.id))
                .await
        ),
        ["leo"]
    );
}

async fn blocked_either_way_the_lists_are_not_found_and_blocked_people_leave_them(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    follow(&leo, &maya).await;
    follow(&sofia, &maya).await;
    let blocked = sofia.post(&format!("/api/users/{}/block", leo.id)).await;
    assert_eq!(blocked.status(), 204);

    // Sofia blocked Leo: neither sees the other's lists, nor the other in a list.
    for (reader, other, name) in [(&leo, &sofia, "leo"), (&sofia, &leo, "sofia")] {
        let (status, _, _) = error_of(
            reader
                .get(&format!("/api/users/{}/followers", other.id))
                .await,
        )
        .await;
        assert_eq!(status, 404);
        let theirs = reader
            .get_json(&format!("/api/users/{}/followers", maya.id))
            .await;
        assert_eq!(listed_usernames(&theirs), [name]);
    }
}
