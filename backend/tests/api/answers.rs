//! Issue 45: the read paths answer the same bytes for the same data, whatever is done to make
//! them cheaper. The synthetic set is seeded for a fixed instant (`seed --synthetic --now`), the
//! app's clock is frozen a minute later, and each read path's answer, as user000001, must equal
//! the one committed in `tests/answers/` byte for byte, on SQLite and on PostgreSQL alike.
//!
//! A change that is meant to change an answer rewrites the files:
//! `ATELIER_WRITE_ANSWERS=1 cargo test --test api -- answers::sqlite`, and the diff shows what
//! moved.

use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::Value;

use crate::both_backends;
use crate::helpers::{Backend, TestUser, spawn_app};

both_backends!(the_read_paths_answer_the_committed_bytes_on_a_fixed_seed);

/// 2026-06-01T00:00:00Z: the instant the set's times count back from.
const SEEDED_AT: i64 = 1_780_272_000_000;

fn answers_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/answers")
}

async fn body_of(user: &TestUser, path: &str) -> String {
    let response = user.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    response.text().await.unwrap()
}

/// Where two answers first part, with some of each around it.
fn first_difference(expected: &str, actual: &str) -> String {
    let at = expected
        .bytes()
        .zip(actual.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(actual.len()));
    let around = |text: &str| {
        let start = text.floor_char_boundary(at.saturating_sub(80));
        let end = text.ceil_char_boundary((at + 80).min(text.len()));
        text[start..end].to_owned()
    };
    format!(
        "first difference at byte {at} (lengths {} and {}):\n committed: …{}…\n answered:  …{}…",
        expected.len(),
        actual.len(),
        around(expected),
        around(actual)
    )
}

async fn the_read_paths_answer_the_committed_bytes_on_a_fixed_seed(backend: Backend) {
    let app = spawn_app(backend).await;
    app.clock.freeze_at(SEEDED_AT + 60_000);
    let users = app.seed_synthetic(40, 400, Some(SEEDED_AT));
    let me = &users[0];

    let feed: Value = serde_json::from_str(&body_of(me, "/api/posts?limit=20").await).unwrap();
    let newest = feed[0]["id"].as_i64().unwrap();
    let last = feed[19]["id"].as_i64().unwrap();
    let author = users[1].id;
    let conversations: Value =
        serde_json::from_str(&body_of(me, "/api/conversations").await).unwrap();
    let conversation = conversations[0]["id"].as_i64().unwrap();
    let strip: Value = serde_json::from_str(&body_of(me, "/api/stories").await).unwrap();
    let circle = strip[0]["user"]["id"].as_i64().unwrap();
    let paths = [
        ("feed", "/api/posts?limit=20".to_owned()),
        ("feed-page-2", format!("/api/posts?limit=20&before={last}")),
        ("post", format!("/api/posts/{newest}")),
        ("stories", "/api/stories".to_owned()),
        ("stories-opened", format!("/api/users/{circle}/stories")),
        ("trending", "/api/posts/trending".to_owned()),
        ("profile", "/api/users/username/user000002".to_owned()),
        (
            "profile-posts",
            format!("/api/posts/user/{author}?limit=20"),
        ),
        ("conversations", "/api/conversations".to_owned()),
        (
            "messages",
            format!("/api/conversations/{conversation}/messages"),
        ),
        ("comments", format!("/api/posts/{newest}/comments?limit=20")),
        ("search", "/api/search?q=sketch".to_owned()),
    ];

    let write = std::env::var_os("ATELIER_WRITE_ANSWERS").is_some();
    let mut differences = Vec::new();
    for (name, path) in paths {
        let answer = body_of(me, &path).await;
        let file = answers_dir().join(format!("{name}.json"));
        if write {
            std::fs::create_dir_all(answers_dir()).unwrap();
            std::fs::write(&file, &answer).unwrap();
            continue;
        }
        let committed =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(
            answer.len() > 2,
            "{name}: an empty answer proves nothing ({answer})"
        );
        if answer != committed {
            differences.push(format!(
                "GET {path} ({name}.json): {}",
                first_difference(&committed, &answer)
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "answers changed on the fixed seed:\n{}",
        differences.join("\n")
    );
}
