//! Comments and replies on posts and reels, comment and reel likes, mentions and one post by
//! id (issue 19, docs/community-contract.md): who may call what, the content rule, replies
//! flattened to one level, paging oldest first like messages, deleting with every count
//! following, counts equal to a recount after concurrent load.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, PASSWORD, TestApp, TestUser, error_of, spawn_app};

both_backends!(
    comments_likes_and_one_post_need_a_session,
    a_comment_is_stored_trimmed_with_its_author_and_counted_on_the_post,
    blank_or_over_long_comments_are_refused_and_nothing_is_stored,
    unknown_or_malformed_ids_are_refused_and_nothing_is_stored,
    a_reply_to_a_reply_is_stored_under_its_top_level_comment,
    a_parent_on_another_post_or_reel_is_refused_and_nothing_is_stored,
    pages_of_comments_and_replies_walk_back_without_gaps_or_repeats,
    a_comment_is_deleted_by_its_author_the_posts_author_or_an_admin_only,
    deleting_a_comment_takes_its_replies_likes_and_mentions_and_the_counts_follow,
    a_comment_like_toggles_and_only_the_liker_sees_it_liked,
    fifty_concurrent_comments_and_likes_leave_every_count_equal_to_a_recount,
    a_reel_like_toggles_and_the_reel_lists_show_it_for_the_viewer,
    comments_on_a_reel_are_its_own_and_counted_on_it,
    mentions_are_stored_for_active_accounts_only_from_captions_and_comments,
    one_post_is_answered_by_id_as_the_viewer_sees_it,
    comments_of_a_deactivated_account_are_hidden_until_it_is_restored,
    the_demo_seed_adds_its_threads_and_reel_likes_once,
    a_thread_deleted_while_replies_and_likes_arrive_leaves_true_counts_and_no_error,
);

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .expect("a JSON array")
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

/// Comments `content` (a reply when `parent` is given) at `path`; answers the comment.
async fn comment_on(user: &TestUser, path: &str, content: &str, parent: Option<i64>) -> Value {
    let mut body = json!({"content": content});
    if let Some(parent) = parent {
        body["parentId"] = json!(parent);
    }
    let response = user.post_json(path, &body).await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "commenting on {path}"
    );
    response.json().await.unwrap()
}

fn comments_of_post(post: i64) -> String {
    format!("/api/posts/{post}/comments")
}

fn comments_of_reel(reel: i64) -> String {
    format!("/api/reels/{reel}/comments")
}

fn id_of(value: &Value) -> i64 {
    value["id"].as_i64().unwrap()
}

/// One number the database answers (`SELECT COUNT(*) …`).
async fn scalar(app: &TestApp, sql: &str) -> i64 {
    let db = app.db().await;
    let (value,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    value
}

async fn make_admin(app: &TestApp, username: &str) {
    let db = app.db().await;
    assert!(
        atelier::identity::store::users::grant_admin(&db, username)
            .await
            .unwrap()
    );
    db.pool.close().await;
}

async fn post_of(user: &TestUser, post: i64) -> Value {
    user.get_json(&format!("/api/posts/{post}")).await
}

/// The reel of `reel_id` in the pager, as `user` sees it.
async fn reel_in_pager(user: &TestUser, reel_id: i64) -> Value {
    let reels = user.get_json("/api/reels?limit=100").await;
    reels
        .as_array()
        .unwrap()
        .iter()
        .find(|r| id_of(r) == reel_id)
        .cloned()
        .expect("the reel is in the pager")
}

async fn comment_rows(app: &TestApp) -> i64 {
    scalar(app, "SELECT COUNT(*) FROM comments").await
}

async fn comments_likes_and_one_post_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let post = id_of(&maya.create_post("work").await);
    let top = id_of(&comment_on(&maya, &comments_of_post(post), "first", None).await);
    let reel = id_of(&crate::reels::posted(&app, &maya, "a reel").await);
    let nobody = app.anonymous();

    let gets = [
        format!("/api/posts/{post}"),
        comments_of_post(post),
        comments_of_reel(reel),
        format!("/api/comments/{top}/replies"),
    ];
    for path in &gets {
        let (status, _, code) = error_of(nobody.get(path).await).await;
        assert_eq!(
            (status, code.as_str()),
            (401, "not_signed_in"),
            "GET {path}"
        );
    }
    let posts = [
        comments_of_post(post),
        comments_of_reel(reel),
        format!("/api/comments/{top}/like"),
        format!("/api/reels/{reel}/like"),
    ];
    for path in &posts {
        let response = nobody
            .post_json(path, &json!({"content": "hi", "parentId": top}))
            .await;
        let (status, _, code) = error_of(response).await;
        assert_eq!(
            (status, code.as_str()),
            (401, "not_signed_in"),
            "POST {path}"
        );
    }
    let (status, _, _) = error_of(nobody.delete(&format!("/api/comments/{top}")).await).await;
    assert_eq!(status, 401);

    // Nothing moved: one comment, unliked; the reel unliked and uncommented.
    assert_eq!(comment_rows(&app).await, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM comment_likes").await, 0);
    let reel = reel_in_pager(&maya, reel).await;
    assert_eq!(
        (reel["likesCount"].clone(), reel["commentsCount"].clone()),
        (json!(0), json!(0))
    );
}

async fn a_comment_is_stored_trimmed_with_its_author_and_counted_on_the_post(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = id_of(&maya.create_post("Dusk over the harbour").await);

    // The body's userId is the first client's habit: the author is the session user.
    let response = leo
        .post_json(
            &comments_of_post(post),
            &json!({"content": "  Lovely light \n", "userId": maya.id}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let comment: Value = response.json().await.unwrap();
    assert!(comment["id"].as_i64().unwrap() > 0);
    assert_eq!(comment["postId"], post);
    assert_eq!(comment["reelId"], Value::Null);
    assert_eq!(comment["parentId"], Value::Null);
    assert_eq!(
        comment["user"],
        json!({"id": leo.id, "username": "leo", "displayName": "leo display",
               "profileImageUrl": null})
    );
    assert_eq!(comment["content"], "Lovely light");
    assert_eq!(comment["likesCount"], 0);
    assert_eq!(comment["isLiked"], false);
    assert_eq!(comment["repliesCount"], 0);
    assert!(comment["createdAt"].as_str().unwrap().ends_with('Z'));

    // Listed as answered, and counted on the post everywhere it shows.
    let listed = maya.get_json(&comments_of_post(post)).await;
    assert_eq!(listed, json!([comment]));
    assert_eq!(post_of(&maya, post).await["commentsCount"], 1);
    assert_eq!(maya.get_json("/api/posts").await[0]["commentsCount"], 1);
    // Line breaks inside a comment are kept.
    let multi = comment_on(&maya, &comments_of_post(post), "one\ntwo", None).await;
    assert_eq!(multi["content"], "one\ntwo");
    assert_eq!(post_of(&leo, post).await["commentsCount"], 2);
}

async fn blank_or_over_long_comments_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let post = id_of(&maya.create_post("work").await);
    let reel = id_of(&crate::reels::posted(&app, &maya, "a reel").await);

    let cases = [
        (json!({"content": ""}), "Comment cannot be empty"),
        (json!({"content": "  \n\t "}), "Comment cannot be empty"),
        (json!({}), "Comment cannot be empty"),
        (json!({"content": null}), "Comment cannot be empty"),
        (
            json!({"content": "x".repeat(2201)}),
            "Comment must be under 2200 characters",
        ),
        (
            json!({"content": format!(" {} ", "é".repeat(2201))}),
            "Comment must be under 2200 characters",
        ),
    ];
    for path in [comments_of_post(post), comments_of_reel(reel)] {
        for (body, expected) in &cases {
            let (status, message, code) = error_of(maya.post_json(&path, body).await).await;
            assert_eq!(
                (status, message.as_str(), code.as_str()),
                (400, *expected, "invalid_input"),
                "{path} {body}"
            );
        }
        // A control character is refused by the clean-text rule, naming the field.
        let (status, message, _) =
            error_of(maya.post_json(&path, &json!({"content": "hi\u{0}"})).await).await;
        assert_eq!(
            (status, message.as_str()),
            (400, "content must not contain control characters")
        );
        // Not JSON at all (from this site: a form without an Origin is refused before).
        let response = maya
            .client
            .post(maya.url(&path))
            .header("Origin", &app.address)
            .body("content=hi")
            .header("Content-Type", "application/x-www-form-urlencoded")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }
    assert_eq!(comment_rows(&app).await, 0);
    assert_eq!(post_of(&maya, post).await["commentsCount"], 0);
    assert_eq!(reel_in_pager(&maya, reel).await["commentsCount"], 0);

    // 2200 characters (counted as characters, not bytes) are fine.
    let long = comment_on(&maya, &comments_of_post(post), &"é".repeat(2200), None).await;
    assert_eq!(long["content"].as_str().unwrap().chars().count(), 2200);
}

async fn unknown_or_malformed_ids_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let post = id_of(&maya.create_post("work").await);
    let body = json!({"content": "hello"});

    let not_found = |path: String, message: &'static str| (path, message);
    for (path, message) in [
        not_found("/api/posts/999999/comments".into(), "Post not found"),
        not_found("/api/reels/999999/comments".into(), "Reel not found"),
        not_found("/api/comments/999999/replies".into(), "Comment not found"),
        not_found("/api/posts/999999".into(), "Post not found"),
    ] {
        let (status, got, code) = error_of(maya.get(&path).await).await;
        assert_eq!(
            (status, got.as_str(), code.as_str()),
            (404, message, "not_found"),
            "GET {path}"
        );
    }
    for (path, message) in [
        not_found("/api/posts/999999/comments".into(), "Post not found"),
        not_found("/api/reels/999999/comments".into(), "Reel not found"),
        not_found("/api/comments/999999/like".into(), "Comment not found"),
        not_found("/api/reels/999999/like".into(), "Reel not found"),
    ] {
        let (status, got, _) = error_of(maya.post_json(&path, &body).await).await;
        assert_eq!((status, got.as_str()), (404, message), "POST {path}");
    }
    let (status, got, _) = error_of(maya.delete("/api/comments/999999").await).await;
    assert_eq!((status, got.as_str()), (404, "Comment not found"));
    // A reply to a comment that does not exist: the post exists, the body is wrong.
    let response = maya
        .post_json(
            &comments_of_post(post),
            &json!({"content": "hello", "parentId": 999999}),
        )
        .await;
    let (status, got, _) = error_of(response).await;
    assert_eq!(
        (status, got.as_str()),
        (400, "The comment you are replying to no longer exists")
    );

    // Ids that are not numbers are 400, never a 500.
    for path in [
        "/api/posts/abc/comments",
        "/api/comments/1.5/replies",
        "/api/posts/x",
    ] {
        let (status, _, code) = error_of(maya.get(path).await).await;
        assert_eq!((status, code.as_str()), (400, "invalid_input"), "{path}");
    }
    let (status, _, _) = error_of(maya.post("/api/comments/abc/like").await).await;
    assert_eq!(status, 400);
    let (status, _, _) = error_of(maya.delete("/api/comments/-").await).await;
    assert_eq!(status, 400);
    let (status, _, _) = error_of(
        maya.get(&format!("{}?limit=0", comments_of_post(post)))
            .await,
    )
    .await;
    assert_eq!(status, 400);

    assert_eq!(comment_rows(&app).await, 0);
    assert_eq!(post_of(&maya, post).await["commentsCount"], 0);
}

async fn a_reply_to_a_reply_is_stored_under_its_top_level_comment(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = id_of(&maya.create_post("work").await);
    let path = comments_of_post(post);

    let top = id_of(&comment_on(&leo, &path, "Which brush?", None).await);
    let reply = comment_on(&maya, &path, "A round 8", Some(top)).await;
    assert_eq!(reply["parentId"], top);
    assert_eq!(reply["postId"], post);
    // Answering the reply attaches to the top-level comment: one level, as Instagram.
    let nested = comment_on(&leo, &path, "Thanks!", Some(id_of(&reply))).await;
    assert_eq!(nested["parentId"], top);

    let listed = maya.get_json(&path).await;
    assert_eq!(ids(&listed), [top], "replies are not top-level comments");
    assert_eq!(listed[0]["repliesCount"], 2);
    let replies = maya.get_json(&format!("/api/comments/{top}/replies")).await;
    assert_eq!(ids(&replies), [id_of(&reply), id_of(&nested)]);
    assert_eq!(replies[1]["content"], "Thanks!");
    // A reply has no replies of its own.
    let none = maya
        .get_json(&format!("/api/comments/{}/replies", id_of(&reply)))
        .await;
    assert_eq!(none, json!([]));
    // The post counts every comment, replies included.
    assert_eq!(post_of(&maya, post).await["commentsCount"], 3);
}

async fn a_parent_on_another_post_or_reel_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let first = id_of(&maya.create_post("first").await);
    let second = id_of(&maya.create_post("second").await);
    let reel = id_of(&crate::reels::posted(&app, &maya, "a reel").await);
    let on_first = id_of(&comment_on(&maya, &comments_of_post(first), "here", None).await);
    let on_reel = id_of(&comment_on(&maya, &comments_of_reel(reel), "there", None).await);

    let cases = [
        (
            comments_of_post(second),
            on_first,
            "Reply must be to a comment on the same post",
        ),
        (
            comments_of_post(second),
            on_reel,
            "Reply must be to a comment on the same post",
        ),
        (
            comments_of_reel(reel),
            on_first,
            "Reply must be to a comment on the same reel",
        ),
    ];
    for (path, parent, expected) in cases {
        let response = maya
            .post_json(&path, &json!({"content": "misplaced", "parentId": parent}))
            .await;
        let (status, message, code) = error_of(response).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (400, expected, "invalid_input"),
            "{path} with parent {parent}"
        );
    }
    assert_eq!(comment_rows(&app).await, 2);
    assert_eq!(post_of(&maya, second).await["commentsCount"], 0);
    assert_eq!(post_of(&maya, first).await["commentsCount"], 1);
    assert_eq!(reel_in_pager(&maya, reel).await["commentsCount"], 1);
    let first_list = maya.get_json(&comments_of_post(first)).await;
    assert_eq!(first_list[0]["repliesCount"], 0);
}

/// Walks a list oldest-first list backwards from its newest page; answers every id in the
/// order shown (oldest first) and the pages' sizes.
async fn walk_back(user: &TestUser, path: &str, limit: usize) -> (Vec<i64>, Vec<usize>) {
    let mut pages: Vec<Vec<i64>> = Vec::new();
    let mut url = format!("{path}?limit={limit}");
    loop {
        let response = user.get(&url).await;
        assert_eq!(response.status(), 200, "GET {url}");
        let next = response
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().parse::<i64>().unwrap());
        let page = ids(&response.json().await.unwrap());
        let mut ascending = page.clone();
        ascending.sort_unstable();
        assert_eq!(page, ascending, "each page is oldest first");
        if let Some(cursor) = next {
            assert_eq!(
                Some(&cursor),
                page.first(),
                "the cursor is the page's oldest id"
            );
        }
        pages.push(page);
        match next {
            Some(cursor) => url = format!("{path}?limit={limit}&before={cursor}"),
            None => break,
        }
    }
    let sizes = pages.iter().map(Vec::len).collect();
    pages.reverse();
    (pages.concat(), sizes)
}

async fn pages_of_comments_and_replies_walk_back_without_gaps_or_repeats(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let post = id_of(&maya.create_post("work").await);
    let path = comments_of_post(post);
    let mut top = Vec::new();
    for n in 0..7 {
        top.push(id_of(
            &comment_on(&maya, &path, &format!("comment {n}"), None).await,
        ));
    }
    let mut replies = Vec::new();
    for n in 0..5 {
        let reply = comment_on(&maya, &path, &format!("reply {n}"), Some(top[2])).await;
        replies.push(id_of(&reply));
    }

    // The first page is the newest three, oldest first; older ones follow by the cursor.
    let first = maya.get_json(&format!("{path}?limit=3")).await;
    assert_eq!(ids(&first), top[4..7]);
    let (all, sizes) = walk_back(&maya, &path, 3).await;
    assert_eq!(all, top);
    assert_eq!(sizes, [3, 3, 1]);
    let (all, sizes) = walk_back(&maya, &format!("/api/comments/{}/replies", top[2]), 2).await;
    assert_eq!(all, replies);
    assert_eq!(sizes, [2, 2, 1]);
    // A full last page has no cursor when nothing older exists.
    let (_, sizes) = walk_back(&maya, &path, 7).await;
    assert_eq!(sizes, [7]);

    // Comments arriving while someone reads older pages neither repeat nor hide older ones.
    let response = maya.get(&format!("{path}?limit=3")).await;
    let cursor = response.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    for n in 0..3 {
        comment_on(&maya, &path, &format!("late {n}"), None).await;
    }
    let older = maya
        .get_json(&format!("{path}?limit=3&before={cursor}"))
        .await;
    assert_eq!(ids(&older), top[1..4]);
}

async fn a_comment_is_deleted_by_its_author_the_posts_author_or_an_admin_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let boss = app.new_user("boss").await;
    make_admin(&app, "boss").await;
    let post = id_of(&maya.create_post("maya's work").await);
    let reel = id_of(&crate::reels::posted(&app, &maya, "maya's reel").await);
    let path = comments_of_post(post);

    let mut on_post = Vec::new();
    for _ in 0..3 {
        on_post.push(id_of(&comment_on(&leo, &path, "from leo", None).await));
    }
    let on_reel = id_of(&comment_on(&leo, &comments_of_reel(reel), "from leo", None).await);

    // Someone else (not the author, not the post's, not an admin) is refused; nothing goes.
    for id in [on_post[0], on_reel] {
        let (status, message, code) =
            error_of(sofia.delete(&format!("/api/comments/{id}")).await).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (403, "You cannot delete this comment", "forbidden")
        );
    }
    assert_eq!(comment_rows(&app).await, 4);
    assert_eq!(post_of(&maya, post).await["commentsCount"], 3);

    // The comment's author, the post's author, an admin; the reel's author on a reel.
    for (who, id) in [
        (&leo, on_post[0]),
        (&maya, on_post[1]),
        (&boss, on_post[2]),
        (&maya, on_reel),
    ] {
        let response = who.delete(&format!("/api/comments/{id}")).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        assert_eq!(response.text().await.unwrap(), "");
        // Gone: a second delete finds nothing.
        let (status, _, _) = error_of(who.delete(&format!("/api/comments/{id}")).await).await;
        assert_eq!(status, 404);
    }
    assert_eq!(maya.get_json(&path).await, json!([]));
    assert_eq!(post_of(&maya, post).await["commentsCount"], 0);
    assert_eq!(reel_in_pager(&maya, reel).await["commentsCount"], 0);
}

async fn deleting_a_comment_takes_its_replies_likes_and_mentions_and_the_counts_follow(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = id_of(&maya.create_post("work").await);
    let path = comments_of_post(post);
    let top = id_of(&comment_on(&leo, &path, "@maya how long did it take?", None).await);
    let kept = id_of(&comment_on(&leo, &path, "another thought", None).await);
    let first = id_of(&comment_on(&maya, &path, "@leo two days", Some(top)).await);
    let second = id_of(&comment_on(&leo, &path, "wow", Some(top)).await);
    for id in [top, first, second, kept] {
        assert_eq!(
            maya.post(&format!("/api/comments/{id}/like"))
                .await
                .status(),
            200
        );
    }
    assert_eq!(post_of(&maya, post).await["commentsCount"], 4);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM mentions").await, 2);

    // A reply goes alone: its top-level comment loses one reply, the post one comment.
    let response = leo.delete(&format!("/api/comments/{second}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let listed = maya.get_json(&path).await;
    assert_eq!(ids(&listed), [top, kept]);
    assert_eq!(listed[0]["repliesCount"], 1);
    assert_eq!(post_of(&maya, post).await["commentsCount"], 3);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM comment_likes").await, 3);

    // The top-level comment takes its remaining reply, their likes and mentions with it.
    let response = leo.delete(&format!("/api/comments/{top}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(ids(&maya.get_json(&path).await), [kept]);
    assert_eq!(post_of(&maya, post).await["commentsCount"], 1);
    let (status, _, _) = error_of(maya.get(&format!("/api/comments/{top}/replies")).await).await;
    assert_eq!(status, 404);
    let (status, _, _) = error_of(maya.post(&format!("/api/comments/{first}/like")).await).await;
    assert_eq!(status, 404, "the reply went with its comment");
    assert_eq!(comment_rows(&app).await, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM comment_likes").await, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM mentions").await, 0);
    // The kept comment is untouched.
    let kept_now = &maya.get_json(&path).await[0];
    assert_eq!(
        (kept_now["likesCount"].clone(), kept_now["isLiked"].clone()),
        (json!(1), json!(true))
    );
}

async fn a_comment_like_toggles_and_only_the_liker_sees_it_liked(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = id_of(&maya.create_post("work").await);
    let path = comments_of_post(post);
    let top = id_of(&comment_on(&maya, &path, "first", None).await);
    let reply = id_of(&comment_on(&maya, &path, "a reply", Some(top)).await);

    let liked: Value = leo
        .post(&format!("/api/comments/{top}/like"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(liked, json!({"isLiked": true, "likesCount": 1}));
    let liked: Value = leo
        .post(&format!("/api/comments/{reply}/like"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(liked, json!({"isLiked": true, "likesCount": 1}));

    let for_leo = &leo.get_json(&path).await[0];
    assert_eq!(
        (for_leo["isLiked"].clone(), for_leo["likesCount"].clone()),
        (json!(true), json!(1))
    );
    let for_maya = &maya.get_json(&path).await[0];
    assert_eq!(
        (for_maya["isLiked"].clone(), for_maya["likesCount"].clone()),
        (json!(false), json!(1))
    );
    let replies = leo.get_json(&format!("/api/comments/{top}/replies")).await;
    assert_eq!(replies[0]["isLiked"], true);

    let both: Value = maya
        .post(&format!("/api/comments/{top}/like"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(both, json!({"isLiked": true, "likesCount": 2}));
    let unliked: Value = leo
        .post(&format!("/api/comments/{top}/like"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(unliked, json!({"isLiked": false, "likesCount": 1}));
    let for_leo = &leo.get_json(&path).await[0];
    assert_eq!(
        (for_leo["isLiked"].clone(), for_leo["likesCount"].clone()),
        (json!(false), json!(1))
    );
}

async fn fifty_concurrent_comments_and_likes_leave_every_count_equal_to_a_recount(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let post = id_of(&maya.create_post("popular").await);
    let reel = id_of(&crate::reels::posted(&app, &maya, "popular reel").await);
    let path = comments_of_post(post);
    let top = id_of(&comment_on(&maya, &path, "say hi below", None).await);
    let fans = app.synthetic_users_signed_in(50);

    // Every fan comments (half of them replying), likes the comment and likes the reel, all at
    // the same moment.
    let mut requests = tokio::task::JoinSet::new();
    for (n, fan) in fans.iter().enumerate() {
        let body = if n % 2 == 0 {
            json!({"content": format!("hello from fan {n}")})
        } else {
            json!({"content": format!("reply from fan {n}"), "parentId": top})
        };
        let client = fan.client.clone();
        let comment = fan.url(&path);
        let like = fan.url(&format!("/api/comments/{top}/like"));
        let reel_like = fan.url(&format!("/api/reels/{reel}/like"));
        requests.spawn(async move {
            let (a, b, c) = tokio::join!(
                client.post(comment).json(&body).send(),
                client.post(like).send(),
                client.post(reel_like).send(),
            );
            [
                a.unwrap().status(),
                b.unwrap().status(),
                c.unwrap().status(),
            ]
        });
    }
    while let Some(statuses) = requests.join_next().await {
        assert_eq!(
            statuses.unwrap(),
            [StatusCode::CREATED, StatusCode::OK, StatusCode::OK]
        );
    }

    let comments = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM comments WHERE post_id = {post}"),
    )
    .await;
    assert_eq!(comments, 51);
    assert_eq!(post_of(&maya, post).await["commentsCount"], comments);
    let replies = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM comments WHERE parent_id = {top}"),
    )
    .await;
    assert_eq!(replies, 25);
    let listed = maya.get_json(&format!("{path}?limit=100")).await;
    assert_eq!(listed.as_array().unwrap().len(), 26);
    let first = &listed[0];
    assert_eq!(id_of(first), top);
    assert_eq!(first["repliesCount"], replies);
    let likes = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM comment_likes WHERE comment_id = {top}"),
    )
    .await;
    assert_eq!(likes, 50);
    assert_eq!(first["likesCount"], likes);
    let reel_likes = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM reel_likes WHERE reel_id = {reel}"),
    )
    .await;
    assert_eq!(reel_likes, 50);
    assert_eq!(reel_in_pager(&maya, reel).await["likesCount"], reel_likes);
    // The stored counters themselves, not only what the answers show.
    assert_eq!(
        scalar(
            &app,
            &format!(
                "SELECT COUNT(*) FROM comments c WHERE c.id = {top} AND c.likes_count = {likes}
               AND c.replies_count = {replies}"
            )
        )
        .await,
        1
    );
}

async fn a_reel_like_toggles_and_the_reel_lists_show_it_for_the_viewer(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let reel = crate::reels::posted(&app, &maya, "a reel").await;
    assert_eq!(reel["isLiked"], false);
    assert_eq!(reel["likesCount"], 0);
    let reel = id_of(&reel);

    let liked: Value = leo
        .post(&format!("/api/reels/{reel}/like"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(liked, json!({"isLiked": true, "likesCount": 1}));
    let for_leo = reel_in_pager(&leo, reel).await;
    assert_eq!(
        (for_leo["isLiked"].clone(), for_leo["likesCount"].clone()),
        (json!(true), json!(1))
    );
    let for_maya = reel_in_pager(&maya, reel).await;
    assert_eq!(
        (for_maya["isLiked"].clone(), for_maya["likesCount"].clone()),
        (json!(false), json!(1))
    );
    let on_profile = leo.get_json(&format!("/api/reels/user/{}", maya.id)).await;
    assert_eq!(on_profile[0]["isLiked"], true);
    let on_profile = maya.get_json(&format!("/api/reels/user/{}", maya.id)).await;
    assert_eq!(on_profile[0]["isLiked"], false);

    let unliked: Value = leo
        .post(&format!("/api/reels/{reel}/like"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(unliked, json!({"isLiked": false, "likesCount": 0}));
    let for_leo = reel_in_pager(&leo, reel).await;
    assert_eq!(
        (for_leo["isLiked"].clone(), for_leo["likesCount"].clone()),
        (json!(false), json!(0))
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM reel_likes").await, 0);
}

async fn comments_on_a_reel_are_its_own_and_counted_on_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let reel = id_of(&crate::reels::posted(&app, &maya, "a reel").await);
    let other = id_of(&crate::reels::posted(&app, &maya, "another reel").await);
    let path = comments_of_reel(reel);

    let top = comment_on(&leo, &path, "Great loop", None).await;
    assert_eq!(top["reelId"], reel);
    assert_eq!(top["postId"], Value::Null);
    let reply = comment_on(&maya, &path, "Thank you", Some(id_of(&top))).await;
    assert_eq!(reply["reelId"], reel);
    assert_eq!(reply["parentId"], id_of(&top));

    assert_eq!(ids(&leo.get_json(&path).await), [id_of(&top)]);
    assert_eq!(leo.get_json(&comments_of_reel(other)).await, json!([]));
    assert_eq!(reel_in_pager(&leo, reel).await["commentsCount"], 2);
    assert_eq!(reel_in_pager(&leo, other).await["commentsCount"], 0);
    let replies = leo
        .get_json(&format!("/api/comments/{}/replies", id_of(&top)))
        .await;
    assert_eq!(ids(&replies), [id_of(&reply)]);
}

/// The ids of the users mentioned in a post or a comment, in the order stored.
async fn mentioned_in(
    app: &TestApp,
    target: atelier::social::store::mentions::MentionIn,
) -> Vec<i64> {
    let db = app.db().await;
    let ids = atelier::social::store::mentions::mentioned_in(&db, target)
        .await
        .unwrap();
    db.pool.close().await;
    ids
}

async fn mentions_are_stored_for_active_accounts_only_from_captions_and_comments(backend: Backend) {
    use atelier::social::store::mentions::MentionIn;
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let gone = app.new_user("gone_user").await;
    let response = gone
        .post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
        .await;
    assert_eq!(response.status(), 200);

    // Known names in any case, each once; unknown and deactivated ones stay text, and an
    // email address mentions nobody.
    let caption = "With @LEO and @sofia, thanks @leo! @nobody_here @gone_user leo@example.com";
    let post = maya.create_post(caption).await;
    assert_eq!(post["caption"], caption);
    let post = id_of(&post);
    assert_eq!(
        mentioned_in(&app, MentionIn::Post(post)).await,
        [leo.id, sofia.id]
    );

    let comment = comment_on(
        &leo,
        &comments_of_post(post),
        "@maya. Love it (cc @sofia) @ghost",
        None,
    )
    .await;
    assert_eq!(comment["content"], "@maya. Love it (cc @sofia) @ghost");
    assert_eq!(
        mentioned_in(&app, MentionIn::Comment(id_of(&comment))).await,
        [maya.id, sofia.id]
    );
    let plain = comment_on(&leo, &comments_of_post(post), "no names here", None).await;
    assert!(
        mentioned_in(&app, MentionIn::Comment(id_of(&plain)))
            .await
            .is_empty()
    );
    // Every mention row names its author and exactly one place.
    assert_eq!(
        scalar(
            &app,
            &format!(
                "SELECT COUNT(*) FROM mentions WHERE
                   (author_id = {} AND post_id = {post} AND comment_id IS NULL)
                   OR (author_id = {} AND comment_id IS NOT NULL AND post_id IS NULL)",
                maya.id, leo.id
            )
        )
        .await,
        4
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM mentions").await, 4);
}

async fn one_post_is_answered_by_id_as_the_viewer_sees_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let older = id_of(&maya.create_post("older").await);
    let post = maya.create_post("Tiles of Alfama").await;
    let id = id_of(&post);
    assert_eq!(
        leo.post(&format!("/api/posts/{id}/like")).await.status(),
        200
    );

    let for_leo = post_of(&leo, id).await;
    assert_eq!(for_leo["caption"], "Tiles of Alfama");
    assert_eq!(for_leo["user"]["username"], "maya");
    assert_eq!(for_leo["isLiked"], true);
    assert_eq!(for_leo["likesCount"], 1);
    // The same shape as the feed's entry, with the viewer's own like state.
    let feed = maya.get_json("/api/posts").await;
    let in_feed = feed
        .as_array()
        .unwrap()
        .iter()
        .find(|p| id_of(p) == id)
        .unwrap()
        .clone();
    assert_eq!(post_of(&maya, id).await, in_feed);
    assert_eq!(post_of(&maya, older).await["caption"], "older");

    // A deactivated author's post is not found, as it is missing from the feed.
    let response = maya
        .post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
        .await;
    assert_eq!(response.status(), 200);
    let (status, message, _) = error_of(leo.get(&format!("/api/posts/{id}")).await).await;
    assert_eq!((status, message.as_str()), (404, "Post not found"));
    let (status, message, _) = error_of(leo.get(&comments_of_post(id)).await).await;
    assert_eq!((status, message.as_str()), (404, "Post not found"));
}

async fn comments_of_a_deactivated_account_are_hidden_until_it_is_restored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = id_of(&maya.create_post("work").await);
    let path = comments_of_post(post);
    let by_maya = id_of(&comment_on(&maya, &path, "mine", None).await);
    let by_leo = id_of(&comment_on(&leo, &path, "leo's", None).await);
    let reply = id_of(&comment_on(&leo, &path, "leo's reply", Some(by_maya)).await);

    let response = leo
        .post_json("/api/user/deactivate", &json!({"password": PASSWORD}))
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(ids(&maya.get_json(&path).await), [by_maya]);
    assert_eq!(
        maya.get_json(&format!("/api/comments/{by_maya}/replies"))
            .await,
        json!([])
    );
    let (status, _, _) = error_of(maya.get(&format!("/api/comments/{by_leo}/replies")).await).await;
    assert_eq!(status, 404);

    let restored = app.cli(&["admin", "restore", "leo"]);
    assert!(restored.status.success());
    assert_eq!(ids(&maya.get_json(&path).await), [by_maya, by_leo]);
    assert_eq!(
        ids(&maya
            .get_json(&format!("/api/comments/{by_maya}/replies"))
            .await),
        [reply]
    );
}

async fn the_demo_seed_adds_its_threads_and_reel_likes_once(backend: Backend) {
    let app = spawn_app(backend).await;
    for _ in 0..2 {
        let seeded = app.cli(&["seed", "--demo"]);
        assert!(
            seeded.status.success(),
            "{}",
            String::from_utf8_lossy(&seeded.stderr)
        );
    }
    let response = app
        .post_json(
            "/api/auth/login",
            &json!({"email": "maya@atelier.test", "password": "atelier-demo"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let maya: Value = response.json().await.unwrap();

    // Three threads (a comment and its replies), once each, counted on their posts.
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM comments").await, 7);
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM comments WHERE parent_id IS NULL"
        )
        .await,
        3
    );
    let posts: Value = app
        .get(&format!("/api/posts/user/{}?limit=100", maya["id"]))
        .await
        .json()
        .await
        .unwrap();
    let harbour = posts
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["caption"] == "Blue hour over the harbour")
        .expect("maya's harbour post");
    assert_eq!(harbour["commentsCount"], 3);
    let thread: Value = app
        .get(&comments_of_post(id_of(harbour)))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(thread.as_array().unwrap().len(), 1);
    assert_eq!(thread[0]["user"]["username"], "leo");
    assert_eq!(thread[0]["repliesCount"], 2);
    // Their @names are mentions: @maya twice, @leo, @sofia.
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM mentions").await, 4);

    // Each demo creator likes the two others' reels: maya sees hers unliked by her.
    let reels: Value = app.get("/api/reels").await.json().await.unwrap();
    let reels = reels.as_array().unwrap();
    assert_eq!(reels.len(), 3);
    for reel in reels {
        assert_eq!(reel["likesCount"], 2, "{reel}");
        let own = reel["user"]["username"] == "maya";
        assert_eq!(reel["isLiked"], !own, "{reel}");
    }
}

async fn a_thread_deleted_while_replies_and_likes_arrive_leaves_true_counts_and_no_error(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let post = id_of(&maya.create_post("busy").await);
    let path = comments_of_post(post);
    let fans = app.synthetic_users_signed_in(20);

    for round in 0..3 {
        let top = id_of(&comment_on(&maya, &path, &format!("thread {round}"), None).await);
        let early = id_of(&comment_on(&fans[0], &path, "early reply", Some(top)).await);
        // Replies and likes race the thread's delete (by the post's author) and the early
        // reply's delete (by its author): each is done before or finds nothing, never a 500.
        let mut requests = tokio::task::JoinSet::new();
        for (n, fan) in fans.iter().enumerate() {
            let client = fan.client.clone();
            let (reply, like) = (
                fan.url(&path),
                fan.url(&format!("/api/comments/{top}/like")),
            );
            requests.spawn(async move {
                let body = json!({"content": format!("reply {n}"), "parentId": top});
                let (a, b) = tokio::join!(
                    client.post(reply).json(&body).send(),
                    client.post(like).send()
                );
                vec![a.unwrap().status(), b.unwrap().status()]
            });
            if n == 10 {
                let client = maya.client.clone();
                let url = maya.url(&format!("/api/comments/{top}"));
                requests
                    .spawn(async move { vec![client.delete(url).send().await.unwrap().status()] });
                let client = fans[0].client.clone();
                let url = fans[0].url(&format!("/api/comments/{early}"));
                requests
                    .spawn(async move { vec![client.delete(url).send().await.unwrap().status()] });
            }
        }
        while let Some(statuses) = requests.join_next().await {
            for status in statuses.unwrap() {
                // 400: a reply whose comment was deleted first.
                assert!(
                    [200, 201, 204, 400, 404].contains(&status.as_u16()),
                    "round {round}: {status}"
                );
            }
        }
        let (status, _, _) =
            error_of(maya.get(&format!("/api/comments/{top}/replies")).await).await;
        assert_eq!(status, 404, "the thread is gone");
    }
    // Nothing of the threads is left, and the post's count says so.
    assert_eq!(comment_rows(&app).await, 0);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM comment_likes").await, 0);
    assert_eq!(post_of(&maya, post).await["commentsCount"], 0);
}
