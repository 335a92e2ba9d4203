//! Reports and the moderation queue (issue 20, docs/safety-contract.md). Anyone signed in
//! reports a post, comment, reel, story, message (of their own conversation) or account; each
//! reporter counts once per target, and the admins' queue has one case per target, most reports
//! first. A decision is taken once: `dismiss` closes the case, `remove` hides the content from
//! everyone but admins (counts follow), `suspend` deactivates the author; each is audited.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::admin::{admin, put_json};
use crate::bad_input::post_reel;
use crate::blocks::{count, ids};
use crate::both_backends;
use crate::helpers::{Backend, PASSWORD, TestUser, error_of, spawn_app};
use crate::image_server::image_url;
use crate::sockets::conversation;

both_backends!(
    reporting_needs_a_session_and_the_queue_an_admin,
    a_report_is_created_once_and_repeated_with_the_same_id,
    bad_reports_are_refused_and_change_nothing,
    every_kind_of_target_opens_a_case_with_its_author_and_preview,
    a_message_is_reported_only_by_a_member_of_its_conversation,
    a_block_does_not_stop_a_report,
    the_queue_puts_most_reports_first_and_pages_with_a_cursor,
    two_reporters_at_once_count_two,
    removing_a_post_hides_it_everywhere_but_from_admins,
    removing_a_comment_takes_it_out_of_the_thread_and_the_count,
    removing_a_reel_a_story_or_a_message_hides_it,
    suspending_ends_the_authors_sessions_and_hides_their_content,
    a_case_is_decided_once_and_audited,
    bad_decisions_are_refused_and_change_nothing,
    an_admin_opens_a_private_reported_post_read_only_and_the_read_is_audited,
);

pub async fn report(user: &TestUser, target_type: &str, target_id: &Value, reason: &str) -> i64 {
    let response = user
        .post_json(
            "/api/reports",
            &json!({"targetType": target_type, "targetId": target_id, "reason": reason}),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "{target_type} report"
    );
    response.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap()
}

/// The admin's queue (`status`), first page of up to 100.
async fn queue(boss: &TestUser, status: &str) -> Vec<Value> {
    boss.get_json(&format!("/api/admin/reports?status={status}&limit=100"))
        .await
        .as_array()
        .unwrap()
        .clone()
}

/// The open case of the target.
pub async fn case_of(boss: &TestUser, target_type: &str, target_id: &Value) -> Value {
    queue(boss, "open")
        .await
        .into_iter()
        .find(|c| c["targetType"] == target_type && &c["targetId"] == target_id)
        .unwrap_or_else(|| panic!("no open case for {target_type} {target_id}"))
}

async fn decide(boss: &TestUser, case: &Value, action: &str) -> reqwest::Response {
    put_json(
        boss,
        &format!("/api/admin/reports/{}", case["id"]),
        &json!({"action": action, "notes": "checked"}),
    )
    .await
}

pub async fn decided(boss: &TestUser, case: &Value, action: &str) -> Value {
    let response = decide(boss, case, action).await;
    assert_eq!(response.status(), StatusCode::OK, "{action}");
    response.json().await.unwrap()
}

async fn story(user: &TestUser, caption: &str) -> Value {
    let response = user
        .post_json(
            "/api/stories",
            &json!({"content": image_url("s.jpg"), "caption": caption}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn message(user: &TestUser, chat: i64, content: &str) -> Value {
    let response = user
        .post_json(
            &format!("/api/conversations/{chat}/messages"),
            &json!({"content": content}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn comment(user: &TestUser, post: &Value, content: &str, parent: Option<&Value>) -> Value {
    let response = user
        .post_json(
            &format!("/api/posts/{}/comments", post["id"]),
            &json!({"content": content, "parentId": parent.map(|p| p["id"].clone())}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn reporting_needs_a_session_and_the_queue_an_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let anonymous = app.anonymous();
    let post = maya.create_post("harbour").await;
    let body = json!({"targetType": "post", "targetId": post["id"], "reason": "spam"});

    let (status, _, code) = error_of(anonymous.post_json("/api/reports", &body).await).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
    report(&leo, "post", &post["id"], "spam").await;
    let case = case_of(&boss, "post", &post["id"]).await;

    for (method, path, body) in [
        (Method::GET, "/api/admin/reports".to_owned(), None),
        (
            Method::PUT,
            format!("/api/admin/reports/{}", case["id"]),
            Some(json!({"action": "remove"})),
        ),
    ] {
        for (who, expected) in [(&anonymous, 401), (&leo, 403), (&maya, 403)] {
            let mut request = who.client.request(method.clone(), who.url(&path));
            if let Some(body) = &body {
                request = request.json(body);
            }
            let status = request.send().await.unwrap().status();
            assert_eq!(status.as_u16(), expected, "{method} {path}");
        }
    }
    // Nothing was decided by them: the post shows.
    assert_eq!(case_of(&boss, "post", &post["id"]).await["status"], "open");
    assert_eq!(
        leo.get(&format!("/api/posts/{}", post["id"]))
            .await
            .status(),
        StatusCode::OK
    );
}

async fn a_report_is_created_once_and_repeated_with_the_same_id(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let post = maya.create_post("harbour").await;

    let first = leo
        .post_json(
            "/api/reports",
            &json!({"targetType": "post", "targetId": post["id"], "reason": "spam",
                    "details": "  the same link in every comment  "}),
        )
        .await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let id = first.json::<Value>().await.unwrap()["id"].clone();
    // Again, even with another reason: 200, the same report, nothing counted twice.
    let again = leo
        .post_json(
            "/api/reports",
            &json!({"targetType": "post", "targetId": post["id"], "reason": "hate"}),
        )
        .await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.json::<Value>().await.unwrap()["id"], id);

    let case = case_of(&boss, "post", &post["id"]).await;
    assert_eq!(case["reportsCount"], 1);
    assert_eq!(case["reasons"], json!(["spam"]));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM reports").await, 1);
    let details = count(
        &app,
        "SELECT COUNT(*) FROM reports WHERE details = 'the same link in every comment'",
    )
    .await;
    assert_eq!(details, 1, "details are stored trimmed");
}

async fn bad_reports_are_refused_and_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = maya.create_post("harbour").await;
    let too_long = "x".repeat(1001);

    // Each message names what is wrong (the field, or the rule).
    for (body, status, names) in [
        (
            json!({"targetType": "post", "targetId": post["id"], "reason": "boring"}),
            400,
            "reason",
        ),
        (
            json!({"targetType": "post", "targetId": post["id"]}),
            400,
            "reason",
        ),
        (
            json!({"targetType": "album", "targetId": post["id"], "reason": "spam"}),
            400,
            "targetType",
        ),
        (
            json!({"targetType": "post", "reason": "spam"}),
            400,
            "targetId",
        ),
        (
            json!({"targetType": "post", "targetId": "7", "reason": "spam"}),
            400,
            "targetId",
        ),
        (
            json!({"targetType": "post", "targetId": post["id"], "reason": "spam",
                   "details": too_long}),
            400,
            "Details must be at most 1000 characters",
        ),
        (
            json!({"targetType": "user", "targetId": leo.id, "reason": "spam"}),
            400,
            "You cannot report yourself",
        ),
        (
            json!({"targetType": "post", "targetId": 999_999, "reason": "spam"}),
            404,
            "Post not found",
        ),
        (
            json!({"targetType": "comment", "targetId": 999_999, "reason": "spam"}),
            404,
            "Comment not found",
        ),
        (
            json!({"targetType": "user", "targetId": 999_999, "reason": "spam"}),
            404,
            "User not found",
        ),
    ] {
        let (got, text, _) = error_of(leo.post_json("/api/reports", &body).await).await;
        assert_eq!(got, status, "{body}: {text}");
        assert!(text.contains(names), "{body}: {text}");
    }
    // Your own content is yourself too.
    let (got, text, _) = error_of(
        maya.post_json(
            "/api/reports",
            &json!({"targetType": "post", "targetId": post["id"], "reason": "spam"}),
        )
        .await,
    )
    .await;
    assert_eq!((got, text.as_str()), (400, "You cannot report yourself"));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM reports").await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM report_cases").await, 0);
}

async fn every_kind_of_target_opens_a_case_with_its_author_and_preview(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let post = maya.create_post("buy followers here").await;
    let on_post = comment(&maya, &post, "cheap followers", None).await;
    let reel: Value = post_reel(&app, &maya, "loop of spam")
        .await
        .json()
        .await
        .unwrap();
    let story = story(&maya, "story of spam").await;
    let chat = conversation(&leo, &maya).await;
    let sent = message(&maya, chat, "click my link").await;

    let targets = [
        ("post", post["id"].clone(), "buy followers here"),
        ("comment", on_post["id"].clone(), "cheap followers"),
        ("reel", reel["id"].clone(), "loop of spam"),
        ("story", story["id"].clone(), "story of spam"),
        ("message", sent["id"].clone(), "click my link"),
        ("user", json!(maya.id), "maya display (@maya)"),
    ];
    for (kind, id, _) in &targets {
        report(&leo, kind, id, "spam").await;
    }
    let open = queue(&boss, "open").await;
    assert_eq!(open.len(), targets.len());
    for (kind, id, preview) in &targets {
        let case = case_of(&boss, kind, id).await;
        assert_eq!(case["preview"], *preview, "{kind}");
        assert_eq!(case["reportsCount"], 1);
        assert_eq!(case["reasons"], json!(["spam"]));
        assert_eq!(case["status"], "open");
        assert_eq!(case["action"], Value::Null);
        assert_eq!(case["author"]["id"], maya.id);
        assert_eq!(case["author"]["username"], "maya");
        assert_eq!(case["author"]["displayName"], "maya display");
        assert!(case["author"].get("profileImageUrl").is_some());
        assert!(case["firstReportedAt"].as_str().unwrap().ends_with('Z'));
    }
}

async fn a_message_is_reported_only_by_a_member_of_its_conversation(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let chat = conversation(&leo, &maya).await;
    let sent = message(&maya, chat, "click my link").await;

    let (status, text, _) = error_of(
        sofia
            .post_json(
                "/api/reports",
                &json!({"targetType": "message", "targetId": sent["id"], "reason": "spam"}),
            )
            .await,
    )
    .await;
    assert_eq!((status, text.as_str()), (404, "Message not found"));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM reports").await, 0);
    report(&leo, "message", &sent["id"], "harassment").await;
}

async fn a_block_does_not_stop_a_report(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let post = maya.create_post("harbour").await;
    // Leo blocks Maya, and Maya blocks Sofia: both may still report.
    let sofia = app.new_user("sofia").await;
    assert_eq!(
        leo.post(&format!("/api/users/{}/block", maya.id))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        maya.post(&format!("/api/users/{}/block", sofia.id))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    report(&leo, "post", &post["id"], "harassment").await;
    report(&leo, "user", &json!(maya.id), "harassment").await;
    report(&sofia, "post", &post["id"], "hate").await;
    let case = case_of(&boss, "post", &post["id"]).await;
    assert_eq!(case["reportsCount"], 2);
    assert_eq!(case["reasons"], json!(["harassment", "hate"]));
}

async fn the_queue_puts_most_reports_first_and_pages_with_a_cursor(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let boss = admin(&app, "boss").await;
    let mut reporters = Vec::new();
    for name in ["leo", "sofia", "ana"] {
        reporters.push(app.new_user(name).await);
    }
    let one = maya.create_post("one").await;
    let three = maya.create_post("three").await;
    let two = maya.create_post("two").await;
    let also_one = maya.create_post("also one").await;
    for (post, n) in [(&one, 1), (&three, 3), (&two, 2), (&also_one, 1)] {
        for reporter in &reporters[..n] {
            report(reporter, "post", &post["id"], "spam").await;
        }
    }
    let order: Vec<Value> = queue(&boss, "open")
        .await
        .iter()
        .map(|c| c["targetId"].clone())
        .collect();
    // Most reports first; equal counts, the newest case first.
    assert_eq!(
        order,
        vec![
            three["id"].clone(),
            two["id"].clone(),
            also_one["id"].clone(),
            one["id"].clone()
        ]
    );

    // One at a time, following X-Next-Cursor, the same order and no more.
    let mut walked = Vec::new();
    let mut path = "/api/admin/reports?limit=1".to_owned();
    loop {
        let response = boss.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK);
        let next = response
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().to_owned());
        let page: Value = response.json().await.unwrap();
        assert_eq!(page.as_array().unwrap().len(), 1);
        walked.push(page[0]["targetId"].clone());
        match next {
            Some(cursor) => path = format!("/api/admin/reports?limit=1&before={cursor}"),
            None => break,
        }
    }
    assert_eq!(walked, order);

    // A decided case moves to the resolved list.
    let top = case_of(&boss, "post", &three["id"]).await;
    decided(&boss, &top, "dismiss").await;
    assert_eq!(queue(&boss, "open").await.len(), 3);
    let resolved = queue(&boss, "resolved").await;
    assert_eq!(
        ids(&Value::Array(resolved.clone())),
        vec![top["id"].as_i64().unwrap()]
    );
    assert_eq!(resolved[0]["status"], "resolved");
    assert_eq!(resolved[0]["action"], "dismiss");

    for bad in ["status=closed", "limit=0", "before=abc"] {
        let response = boss.get(&format!("/api/admin/reports?{bad}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

async fn two_reporters_at_once_count_two(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let boss = admin(&app, "boss").await;
    let post = maya.create_post("harbour").await;
    let body =
        |reason: &str| json!({"targetType": "post", "targetId": post["id"], "reason": reason});

    let (spam, nudity) = (body("spam"), body("nudity"));
    let (a, b, again) = tokio::join!(
        leo.post_json("/api/reports", &spam),
        sofia.post_json("/api/reports", &nudity),
        leo.post_json("/api/reports", &spam),
    );
    let mut statuses = vec![
        a.status().as_u16(),
        b.status().as_u16(),
        again.status().as_u16(),
    ];
    statuses.sort();
    assert_eq!(statuses, vec![200, 201, 201]);
    let case = case_of(&boss, "post", &post["id"]).await;
    assert_eq!(case["reportsCount"], 2);
    assert_eq!(case["reasons"], json!(["spam", "nudity"]));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM reports").await, 2);
}

async fn removing_a_post_hides_it_everywhere_but_from_admins(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let boss = admin(&app, "boss").await;
    let kept = maya.create_post("kept at the harbour #quietharbour").await;
    let post = maya
        .create_post("removed at the harbour #quietharbour")
        .await;
    let chat = conversation(&sofia, &leo).await;
    let shared = sofia
        .post_json(
            &format!("/api/posts/{}/share", post["id"]),
            &json!({"conversationId": chat}),
        )
        .await;
    assert_eq!(shared.status(), StatusCode::CREATED);
    report(&leo, "post", &post["id"], "spam").await;
    let case = case_of(&boss, "post", &post["id"]).await;

    let answer = decided(&boss, &case, "remove").await;
    assert_eq!(answer["status"], "resolved");
    assert_eq!(answer["action"], "remove");

    let by_id = format!("/api/posts/{}", post["id"]);
    for viewer in [&leo, &sofia, &maya] {
        assert_eq!(viewer.get(&by_id).await.status(), StatusCode::NOT_FOUND);
        for list in [
            "/api/posts?limit=100".to_owned(),
            "/api/posts/trending?limit=100".to_owned(),
            "/api/tags/quietharbour/posts".to_owned(),
            format!("/api/posts/user/{}", maya.id),
        ] {
            let seen = ids(&viewer.get_json(&list).await);
            assert!(!seen.contains(&post["id"].as_i64().unwrap()), "{list}");
            assert!(
                seen.contains(&kept["id"].as_i64().unwrap()),
                "{list} keeps the other"
            );
        }
        let search = viewer.get_json("/api/search?q=harbour").await;
        assert_eq!(ids(&search["posts"]), vec![kept["id"].as_i64().unwrap()]);
        let profile = viewer.get_json("/api/users/username/maya").await;
        assert_eq!(profile["postsCount"], 1, "postsCount");
        let tag = viewer.get_json("/api/tags/quietharbour").await;
        assert_eq!(tag["postsCount"], 1, "the tag's postsCount");
        let comments = viewer.get(&format!("{by_id}/comments")).await;
        assert_eq!(comments.status(), StatusCode::NOT_FOUND);
        let like = viewer.post(&format!("{by_id}/like")).await;
        assert_eq!(like.status(), StatusCode::NOT_FOUND);
    }
    // The share's card is empty for the conversation's people.
    let messages = leo
        .get_json(&format!("/api/conversations/{chat}/messages"))
        .await;
    assert_eq!(messages[0]["sharedPost"], Value::Null);
    // An admin still sees it; the row is kept.
    assert_eq!(boss.get_json(&by_id).await["id"], post["id"]);
    assert!(
        ids(&boss.get_json("/api/posts?limit=100").await).contains(&post["id"].as_i64().unwrap())
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM posts").await, 2);
    // Nobody reports it any more.
    let again = sofia
        .post_json(
            "/api/reports",
            &json!({"targetType": "post", "targetId": post["id"], "reason": "spam"}),
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
}

async fn removing_a_comment_takes_it_out_of_the_thread_and_the_count(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let boss = admin(&app, "boss").await;
    let post = sofia.create_post("harbour").await;
    let kept = comment(&leo, &post, "lovely", None).await;
    let bad = comment(&maya, &post, "rude", None).await;
    let bad_reply = comment(&leo, &post, "please stop", Some(&bad)).await;
    let reply = comment(&maya, &post, "rude again", Some(&kept)).await;
    let by_id = format!("/api/posts/{}", post["id"]);
    assert_eq!(leo.get_json(&by_id).await["commentsCount"], 4);

    // A reply first: its thread and the post lose one.
    report(&leo, "comment", &reply["id"], "harassment").await;
    decided(
        &boss,
        &case_of(&boss, "comment", &reply["id"]).await,
        "remove",
    )
    .await;
    assert_eq!(leo.get_json(&by_id).await["commentsCount"], 3);
    let replies = leo
        .get_json(&format!("/api/comments/{}/replies", kept["id"]))
        .await;
    assert_eq!(ids(&replies), Vec::<i64>::new());

    // A top-level comment: it and its reply leave the list and the count.
    report(&leo, "comment", &bad["id"], "harassment").await;
    decided(
        &boss,
        &case_of(&boss, "comment", &bad["id"]).await,
        "remove",
    )
    .await;
    for viewer in [&leo, &sofia, &maya] {
        let post_now = viewer.get_json(&by_id).await;
        assert_eq!(post_now["commentsCount"], 1);
        let comments = viewer.get_json(&format!("{by_id}/comments")).await;
        assert_eq!(ids(&comments), vec![kept["id"].as_i64().unwrap()]);
        let replies = viewer
            .get(&format!("/api/comments/{}/replies", bad["id"]))
            .await;
        assert_eq!(replies.status(), StatusCode::NOT_FOUND);
        let answer = viewer
            .post_json(
                &format!("{by_id}/comments"),
                &json!({"content": "hm", "parentId": bad["id"]}),
            )
            .await;
        assert_eq!(
            answer.status(),
            StatusCode::BAD_REQUEST,
            "no reply to a removed one"
        );
    }
    // Nor is what it removed reported again, its thread's replies included.
    for target in [&bad["id"], &bad_reply["id"]] {
        let again = sofia
            .post_json(
                "/api/reports",
                &json!({"targetType": "comment", "targetId": target, "reason": "spam"}),
            )
            .await;
        assert_eq!(again.status(), StatusCode::NOT_FOUND);
    }
    // Admins still read it.
    let comments = boss.get_json(&format!("{by_id}/comments")).await;
    assert!(ids(&comments).contains(&bad["id"].as_i64().unwrap()));

    // Deleting removed comments later moves no count twice.
    let deleted = sofia
        .delete(&format!("/api/comments/{}", reply["id"]))
        .await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let deleted = sofia.delete(&format!("/api/comments/{}", bad["id"])).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(leo.get_json(&by_id).await["commentsCount"], 1);
    let recount = count(
        &app,
        "SELECT COUNT(*) FROM comments WHERE removed_at IS NULL AND (parent_id IS NULL OR parent_id IN (SELECT id FROM comments WHERE removed_at IS NULL))",
    )
    .await;
    assert_eq!(recount, 1);
}

async fn removing_a_reel_a_story_or_a_message_hides_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let reel: Value = post_reel(&app, &maya, "loop").await.json().await.unwrap();
    let story = story(&maya, "story").await;
    let chat = conversation(&leo, &maya).await;
    let kept = message(&maya, chat, "hello").await;
    let sent = message(&maya, chat, "click my link").await;
    for (kind, id) in [
        ("reel", &reel["id"]),
        ("story", &story["id"]),
        ("message", &sent["id"]),
    ] {
        report(&leo, kind, id, "spam").await;
        decided(&boss, &case_of(&boss, kind, id).await, "remove").await;
    }

    for viewer in [&leo, &maya] {
        for list in [
            "/api/reels?limit=100".to_owned(),
            format!("/api/reels/user/{}", maya.id),
        ] {
            assert_eq!(
                ids(&viewer.get_json(&list).await),
                Vec::<i64>::new(),
                "{list}"
            );
        }
        let strip = viewer.get_json("/api/stories").await;
        assert_eq!(strip.as_array().unwrap().len(), 0, "story strip");
        let view = viewer
            .post(&format!("/api/stories/{}/view", story["id"]))
            .await;
        assert_eq!(view.status(), StatusCode::NOT_FOUND);
        let messages = viewer
            .get_json(&format!("/api/conversations/{chat}/messages"))
            .await;
        assert_eq!(ids(&messages), vec![kept["id"].as_i64().unwrap()]);
    }
    // The conversation's preview no longer shows the removed last message.
    let list = leo.get_json("/api/conversations").await;
    assert_eq!(list[0]["lastMessage"], Value::Null);
}

async fn suspending_ends_the_authors_sessions_and_hides_their_content(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let post = maya.create_post("harbour").await;
    let mut socket = crate::sockets::connect(&app, &maya).await;
    crate::sockets::ready(&mut socket).await;
    report(&leo, "user", &json!(maya.id), "spam").await;
    let case = case_of(&boss, "user", &json!(maya.id)).await;

    let answer = decided(&boss, &case, "suspend").await;
    assert_eq!(answer["action"], "suspend");

    assert_eq!(
        maya.get("/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        use futures_util::StreamExt;
        while let Some(Ok(frame)) = socket.next().await {
            if frame.is_close() {
                break;
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the author's socket closes");
    let sign_in = app
        .post_from_another_browser(
            "/api/auth/login",
            &json!({"username": "maya", "password": PASSWORD}),
        )
        .await;
    assert_ne!(sign_in.status(), StatusCode::OK, "sign-in is refused");
    assert!(sign_in.status().is_client_error());
    assert_eq!(
        leo.get(&format!("/api/posts/{}", post["id"]))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        leo.get("/api/users/username/maya").await.status(),
        StatusCode::NOT_FOUND
    );
}

async fn a_case_is_decided_once_and_audited(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let other_boss = admin(&app, "chief").await;
    let mut cases = Vec::new();
    for (caption, action) in [("a", "dismiss"), ("b", "remove"), ("c", "suspend")] {
        let post = maya.create_post(caption).await;
        report(&leo, "post", &post["id"], "spam").await;
        cases.push((case_of(&boss, "post", &post["id"]).await, action));
    }
    // Two admins at once on the first: one decides, the other is told.
    let (a, b) = tokio::join!(
        decide(&boss, &cases[0].0, "dismiss"),
        decide(&other_boss, &cases[0].0, "remove")
    );
    let mut statuses = vec![a.status().as_u16(), b.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, vec![200, 409]);
    for (case, action) in &cases[1..] {
        decided(&boss, case, action).await;
    }
    for (case, _) in &cases {
        for action in ["dismiss", "remove", "suspend"] {
            let (status, message, code) = error_of(decide(&boss, case, action).await).await;
            assert_eq!(
                (status, message.as_str(), code.as_str()),
                (409, "This report was already decided", "already_decided")
            );
        }
    }
    let audit = boss.get_json("/api/admin/audit").await;
    let entries: Vec<(String, String, i64)> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap().to_owned(),
                e["targetType"].as_str().unwrap().to_owned(),
                e["targetId"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(entries.len(), 3, "{entries:?}");
    for (case, action) in &cases[1..] {
        assert!(entries.contains(&(
            format!("report.{action}"),
            "report".to_owned(),
            case["id"].as_i64().unwrap()
        )));
    }
    assert!(
        entries
            .iter()
            .any(|(action, _, id)| *id == cases[0].0["id"].as_i64().unwrap()
                && (action == "report.dismiss" || action == "report.remove"))
    );
    assert_eq!(audit[0]["notes"], "checked");
}

async fn bad_decisions_are_refused_and_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let post = maya.create_post("harbour").await;
    report(&leo, "post", &post["id"], "spam").await;
    report(&leo, "user", &json!(maya.id), "spam").await;
    report(&leo, "user", &json!(boss.id), "spam").await;
    let on_post = case_of(&boss, "post", &post["id"]).await;
    let on_maya = case_of(&boss, "user", &json!(maya.id)).await;
    let on_boss = case_of(&boss, "user", &json!(boss.id)).await;
    let path = |case: &Value| format!("/api/admin/reports/{}", case["id"]);

    for (case, body, status, message) in [
        (&on_post, json!({"action": "ban"}), 400, "action"),
        (&on_post, json!({}), 400, "action"),
        (
            &on_post,
            json!({"action": "remove", "notes": "n".repeat(501)}),
            400,
            "Notes must be under 500 characters",
        ),
        (
            &on_maya,
            json!({"action": "remove"}),
            400,
            "An account is suspended, not removed",
        ),
        (
            &on_boss,
            json!({"action": "suspend"}),
            400,
            "You cannot suspend yourself",
        ),
    ] {
        let (got, text, _) = error_of(put_json(&boss, &path(case), &body).await).await;
        assert_eq!(got, status, "{body}: {text}");
        assert!(text.contains(message), "{body}: {text}");
    }
    let (got, text, _) = error_of(
        put_json(
            &boss,
            "/api/admin/reports/999999",
            &json!({"action": "dismiss"}),
        )
        .await,
    )
    .await;
    assert_eq!((got, text.as_str()), (404, "Report not found"));
    let response = put_json(
        &boss,
        "/api/admin/reports/abc",
        &json!({"action": "dismiss"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);

    assert_eq!(queue(&boss, "open").await.len(), 3);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log").await, 0);
    assert_eq!(
        leo.get(&format!("/api/posts/{}", post["id"]))
            .await
            .status(),
        StatusCode::OK
    );
    maya.get_json("/api/auth/user").await;
}

async fn an_admin_opens_a_private_reported_post_read_only_and_the_read_is_audited(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let post = maya.create_post("only for my followers").await;
    report(&leo, "post", &post["id"], "spam").await;
    let case = case_of(&boss, "post", &post["id"]).await;
    // Then maya makes her account private and blocks the admin.
    let response = maya
        .client
        .put(maya.url("/api/user/settings"))
        .json(&json!({"privateAccount": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        maya.post(&format!("/api/users/{}/block", boss.id))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let path = format!("/api/posts/{}", post["id"]);
    for outsider in [&boss, &leo] {
        assert_eq!(outsider.get(&path).await.status(), StatusCode::NOT_FOUND);
    }

    let target = format!("/api/admin/reports/{}/target", case["id"]);
    let opened = boss.get(&target).await;
    assert_eq!(opened.status(), StatusCode::OK);
    let opened: Value = opened.json().await.unwrap();
    assert_eq!(opened["targetType"], "post");
    assert_eq!(opened["targetId"], post["id"]);
    assert_eq!(opened["text"], "only for my followers");
    assert_eq!(opened["author"]["username"], "maya");
    assert_eq!(opened["imageUrl"], post["imageUrl"]);
    assert_eq!(opened["removed"], false);
    let audit = boss.get_json("/api/admin/audit").await;
    assert_eq!(audit.as_array().unwrap().len(), 1, "{audit}");
    assert_eq!(audit[0]["action"], "report.view");
    assert_eq!(audit[0]["targetType"], "report");
    assert_eq!(audit[0]["targetId"], case["id"]);
    assert_eq!(audit[0]["admin"]["id"], boss.id);

    // Read-only, and only for admins: the post is unchanged and still hidden from them.
    let (status, _, _) = error_of(leo.get(&target).await).await;
    assert_eq!(status, 403);
    assert_eq!(leo.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(boss.get(&path).await.status(), StatusCode::NOT_FOUND);
    let (status, message, _) = error_of(boss.get("/api/admin/reports/999999/target").await).await;
    assert_eq!((status, message.as_str()), (404, "Report not found"));
    assert_eq!(
        boss.get_json("/api/admin/audit")
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
}
