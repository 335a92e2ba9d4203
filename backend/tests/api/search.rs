//! Explore's search (issue 19): accounts as /api/search/users ranks them, tags by prefix most
//! used first, posts by full-text match on caption, tags and location best first. The posts'
//! lists are asserted exactly, so SQLite (FTS5) and PostgreSQL (tsvector) must find the same
//! posts, and the server's one ranking orders them alike; no query is a 500.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};
use crate::image_server::image_url;
use crate::tags::post_with;

both_backends!(
    search_is_refused_without_a_session,
    a_blank_query_finds_nothing,
    posts_are_found_by_caption_tags_and_location_best_first_alike_on_both_backends,
    users_are_ranked_as_the_user_search_ranks_them,
    tags_are_found_by_prefix_most_used_first_then_alphabetical,
    over_long_queries_and_control_characters_are_refused,
    query_syntax_characters_are_words_or_nothing_never_an_error,
    posts_of_deactivated_accounts_are_not_found,
    hidden_authors_leave_no_gap_in_the_best_posts,
    the_last_word_stands_for_its_most_used_completions_as_posts_come_and_go,
);

fn ids(posts: &Value) -> Vec<i64> {
    posts
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

/// `q` percent-encoded.
async fn search(user: &TestUser, q: &str) -> Value {
    let q: String = url::form_urlencoded::byte_serialize(q.as_bytes()).collect();
    user.get_json(&format!("/api/search?q={q}")).await
}

async fn search_is_refused_without_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, _, code) = error_of(app.anonymous().get("/api/search?q=sun").await).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
}

async fn a_blank_query_finds_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    post_with(&maya, "#sunset", &[]).await;
    let empty = json!({"users": [], "tags": [], "posts": []});

    for path in ["/api/search", "/api/search?q=", "/api/search?q=%20%20"] {
        assert_eq!(maya.get_json(path).await, empty, "{path}");
    }
}

async fn posts_are_found_by_caption_tags_and_location_best_first_alike_on_both_backends(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = async |user: &TestUser, caption: &str, location: Option<&str>, tags: &[&str]| {
        let response = user
            .post_json(
                "/api/posts",
                &json!({"caption": caption, "imageUrl": image_url("w.jpg"),
                        "location": location, "tags": tags}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json::<Value>().await.unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let p1 = post(&maya, "Sunset over the harbour", Some("Lisbon"), &["photo"]).await;
    let p2 = post(&leo, "Sunset sunset sunset", None, &[]).await;
    let p3 = post(
        &maya,
        "Morning coffee at the café",
        Some("São Paulo"),
        &["Coffee Time"],
    )
    .await;
    let p4 = post(
        &leo,
        "Study in oil paint with a long caption about the colours of evening #sunset light",
        None,
        &["painting", "sunset"],
    )
    .await;
    let p5 = post(&maya, "Harbour lights", Some("Porto"), &[]).await;
    // The same words as p1: a tie, so the newer first.
    let p6 = post(&leo, "Sunset over the harbour", Some("Lisbon"), &["photo"]).await;

    let cases: Vec<(&str, Vec<i64>)> = vec![
        // More of the word in fewer words first; equal matches newest first.
        ("sunset", vec![p2, p6, p1, p4]),
        ("SUNSET", vec![p2, p6, p1, p4]),
        ("harbour", vec![p5, p6, p1]),
        // Every word must match; the last one is a prefix.
        ("sunset harb", vec![p6, p1]),
        ("sunset -harbour", vec![p6, p1]),
        ("lis", vec![p6, p1]),
        // Tags: as entries (normalised) and as hashtags; a location.
        ("photo", vec![p6, p1]),
        ("coffeetime", vec![p3]),
        ("#painting", vec![p4]),
        ("porto", vec![p5]),
        // Accents are folded on both sides.
        ("cafe", vec![p3]),
        ("CAFÉ", vec![p3]),
        ("sao pau", vec![p3]),
        ("oil paint", vec![p4]),
        // Nothing.
        ("sunsets", vec![]),
        ("harbour coffee", vec![]),
        ("zzz", vec![]),
    ];
    for (q, expected) in cases {
        let found = search(&maya, q).await;
        assert_eq!(ids(&found["posts"]), expected, "posts for {q:?}");
    }
    // The posts are the post view: author, counts, the viewer's state.
    let found = search(&leo, "porto").await;
    assert_eq!(found["posts"][0]["user"]["username"], "maya");
    assert_eq!(found["posts"][0]["location"], "Porto");
    assert_eq!(found["posts"][0]["isLiked"], false);
}

async fn users_are_ranked_as_the_user_search_ranks_them(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    for name in ["mayan", "amaya", "maya_art", "leo"] {
        app.new_user(name).await;
    }

    for q in ["maya", "may", "ay", "leo", "nobody"] {
        let found = search(&maya, q).await;
        let users = maya.get_json(&format!("/api/search/users?q={q}")).await;
        assert_eq!(found["users"], users, "{q}");
    }
    let found = search(&maya, "maya").await;
    let names: Vec<&str> = found["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "maya", "the exact match first");
    assert_eq!(names.len(), 4);
}

async fn tags_are_found_by_prefix_most_used_first_then_alphabetical(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    post_with(&maya, "#sunrise", &[]).await;
    for _ in 0..3 {
        post_with(&maya, "#sunset #sundial", &[]).await;
    }
    post_with(&maya, "#sundial #summer", &["Sun Day"]).await;
    post_with(&maya, "#asun", &[]).await;

    let found = search(&maya, "sun").await;
    assert_eq!(
        found["tags"],
        json!([
            {"tag": "sundial", "postsCount": 4},
            {"tag": "sunset", "postsCount": 3},
            {"tag": "sunday", "postsCount": 1},
            {"tag": "sunrise", "postsCount": 1},
        ])
    );
    // A leading # and capitals do not matter; spaces go as in a tags[] entry.
    assert_eq!(
        search(&maya, "#SUNS").await["tags"],
        json!([{"tag": "sunset", "postsCount": 3}])
    );
    assert_eq!(
        search(&maya, "sun da").await["tags"],
        json!([{"tag": "sunday", "postsCount": 1}])
    );
    assert_eq!(search(&maya, "sunx").await["tags"], json!([]));
    assert_eq!(search(&maya, "su%").await["tags"], json!([]));

    // At most 20.
    for n in 0..22 {
        post_with(&maya, &format!("#many{n:02}"), &[]).await;
    }
    assert_eq!(
        search(&maya, "many").await["tags"]
            .as_array()
            .unwrap()
            .len(),
        20
    );
    assert_eq!(
        search(&maya, "many").await["posts"]
            .as_array()
            .unwrap()
            .len(),
        20
    );
}

async fn over_long_queries_and_control_characters_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for q in [
        "a".repeat(500),
        "a".repeat(101),
        format!("{} ", "é".repeat(101)),
    ] {
        let (status, message, _) = error_of(maya.get(&format!("/api/search?q={q}")).await).await;
        assert_eq!(
            (status, message.as_str()),
            (400, "Search text must be at most 100 characters"),
            "{} characters",
            q.chars().count()
        );
    }
    // Exactly 100 after trimming is a search.
    let hundred = format!("  {}  ", "a".repeat(100));
    let response = maya.get(&format!("/api/search?q={hundred}")).await;
    assert_eq!(response.status(), StatusCode::OK);

    for q in ["sun%00", "%01", "a%1Fb", "%0B"] {
        let (status, _, _) = error_of(maya.get(&format!("/api/search?q={q}")).await).await;
        assert_eq!(status, 400, "{q}");
    }
}

async fn query_syntax_characters_are_words_or_nothing_never_an_error(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let sunset = post_with(&maya, "Sunset near the harbour", &[]).await["id"]
        .as_i64()
        .unwrap();

    let queries = [
        "\"",
        "\"sunset",
        "sunset\"",
        "*",
        "sun*",
        "**sun",
        ":",
        "sunset:",
        "a:b",
        "&",
        "sunset &",
        "& sunset",
        "|",
        "!",
        "!sunset",
        "(",
        ")",
        "(sunset",
        "NEAR",
        "NEAR(sunset harbour)",
        "sunset NEAR harbour",
        "-",
        "-sunset",
        "sunset AND",
        "OR",
        "NOT",
        "^sunset",
        "'",
        "'sunset'",
        "\\",
        "%",
        "_",
        "<->",
        "sunset <-> harbour",
        "{sunset}",
        "[x]",
        "+",
        "ⓐ①",
        "🌅",
        "#",
        "##",
        "@",
        "sunset:*",
        "sunset' | 'x",
        "a & !b",
        "\u{0301}",
        "ß",
        "İ",
        "x\u{200b}y",
    ];
    for q in queries {
        let encoded: String = url::form_urlencoded::byte_serialize(q.as_bytes()).collect();
        let response = maya.get(&format!("/api/search?q={encoded}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{q:?}");
    }
    // Syntax is a separator: these are the word searches they contain.
    for q in [
        "\"sunset",
        "sunset:",
        "(sunset",
        "NEAR(sunset harbour)",
        "-sunset",
        "sunset:*",
    ] {
        assert_eq!(ids(&search(&maya, q).await["posts"]), [sunset], "{q:?}");
    }
    // 'near' is a word of the caption, not an operator.
    assert_eq!(
        ids(&search(&maya, "sunset NEAR harbour").await["posts"]),
        [sunset]
    );
    assert_eq!(ids(&search(&maya, "OR").await["posts"]), Vec::<i64>::new());
}

async fn posts_of_deactivated_accounts_are_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    post_with(&leo, "Leaving #soon", &[]).await;
    let kept = post_with(&maya, "Staying #soon", &[]).await["id"]
        .as_i64()
        .unwrap();

    let response = leo
        .post_json(
            "/api/user/deactivate",
            &json!({"password": crate::helpers::PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    assert_eq!(ids(&search(&maya, "soon").await["posts"]), [kept]);
    assert_eq!(ids(&maya.get_json("/api/tags/soon/posts").await), [kept]);
}

/// Posts the viewer may not see are left out before the best are picked: the best-scoring
/// posts of someone the viewer blocked do not leave the page short or empty.
async fn hidden_authors_leave_no_gap_in_the_best_posts(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let mut visible = Vec::new();
    for n in 0..3 {
        let caption = format!("Kiln {n} firing notes from the studio this week");
        visible.push(
            post_with(&ines, &caption, &[]).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    // Shorter, so better matches, and more than a page of them.
    for n in 0..21 {
        post_with(&leo, &format!("Kiln {n}"), &[]).await;
    }
    assert_eq!(
        search(&maya, "kiln").await["posts"]
            .as_array()
            .unwrap()
            .len(),
        20
    );

    let response = maya.post(&format!("/api/users/{}/block", leo.id)).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    visible.reverse(); // equal scores: the newest first
    assert_eq!(ids(&search(&maya, "kiln").await["posts"]), visible);
    assert_eq!(ids(&search(&leo, "kiln").await["posts"]).len(), 20);
}

/// The last word, as typed, finds posts by its 50 most used completions (and by itself, when
/// some post holds it): a completion fewer posts use is found once more letters narrow the
/// prefix, or once the more used ones are gone with their posts.
async fn the_last_word_stands_for_its_most_used_completions_as_posts_come_and_go(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    // Fifty words beginning with 'zq', each in two posts.
    let fifty: Vec<String> = (1..=50).map(|n| format!("zqa{n:02}")).collect();
    let mut common = Vec::new();
    for _ in 0..2 {
        let post = post_with(&leo, &fifty.join(" "), &[]).await;
        common.push(post["id"].as_i64().unwrap());
    }
    let rare = post_with(&maya, "Glaze test zqz", &[]).await["id"]
        .as_i64()
        .unwrap();
    let exact = post_with(&maya, "Glaze test zq", &[]).await["id"]
        .as_i64()
        .unwrap();
    let sorted = |mut ids: Vec<i64>| {
        ids.sort_unstable();
        ids
    };

    // 'zqz' is used by one post, fifty others by two: 'zq' stands for 'zq' and those fifty.
    let mut expected = vec![exact, common[0], common[1]];
    assert_eq!(
        sorted(ids(&search(&maya, "zq").await["posts"])),
        sorted(expected.clone())
    );
    assert_eq!(ids(&search(&maya, "zqz").await["posts"]), [rare]);
    assert_eq!(ids(&search(&maya, "glaze zq").await["posts"]), [exact]);

    // No route deletes a post today; a deleted account's posts go by ON DELETE CASCADE, and
    // the counts follow any delete (migration 0022's triggers), so delete them in SQL.
    let db = app.db().await;
    for id in &common {
        sqlx::query("DELETE FROM posts WHERE id = $1")
            .bind(id)
            .execute(&db.pool)
            .await
            .unwrap();
    }
    expected = vec![exact, rare];
    assert_eq!(
        sorted(ids(&search(&maya, "zq").await["posts"])),
        sorted(expected)
    );
    let mut glaze = ids(&search(&maya, "glaze zq").await["posts"]);
    glaze.sort_unstable();
    assert_eq!(glaze, sorted(vec![exact, rare]));
}
