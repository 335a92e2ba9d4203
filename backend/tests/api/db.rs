//! The data layer's guarantees, checked on each backend: SQLite's settings, constraints that
//! hold whatever the code above does, and a shutdown that finishes what it started.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::both_backends;
use crate::helpers::{Backend, PASSWORD, spawn_app};

both_backends!(
    a_session_cannot_belong_to_a_user_who_does_not_exist,
    usernames_are_unique_whatever_their_case_even_below_the_api,
    shutdown_finishes_a_request_in_flight,
);

/// SQLite only: PostgreSQL has none of these settings.
#[tokio::test]
async fn sqlite_runs_in_wal_mode_with_foreign_keys_on() {
    let app = spawn_app(Backend::Sqlite).await;
    let db = app.db().await;

    let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let (foreign_keys,): (i64,) = sqlx::query_as("PRAGMA foreign_keys")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let (synchronous,): (i64,) = sqlx::query_as("PRAGMA synchronous")
        .fetch_one(&db.pool)
        .await
        .unwrap();

    assert_eq!(mode, "wal");
    assert_eq!(foreign_keys, 1);
    assert_eq!(synchronous, 1, "NORMAL");
}

async fn a_session_cannot_belong_to_a_user_who_does_not_exist(backend: Backend) {
    let app = spawn_app(backend).await;
    let db = app.db().await;

    let orphan = atelier::identity::store::sessions::insert(
        &db,
        "0123abcd",
        "0123abcd",
        424242,
        "",
        i64::MAX,
    )
    .await;

    assert!(orphan.is_err(), "the foreign key refuses an orphan session");
}

async fn usernames_are_unique_whatever_their_case_even_below_the_api(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let db = app.db().await;

    let twin = atelier::identity::store::users::insert(
        &db,
        atelier::identity::store::users::NewUser {
            username: "MAYA",
            email: "twin@example.com",
            display_name: "Twin",
            password_hash: "x",
            is_admin: false,
            verified: true,
        },
    )
    .await
    .expect_err("the unique index refuses MAYA");

    assert_eq!(
        atelier::identity::store::users::duplicate_of(&twin),
        Some(atelier::identity::store::users::Duplicate::Username)
    );
}

async fn shutdown_finishes_a_request_in_flight(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let body =
        format!(r#"{{"username":"late","email":"late@example.com","password":"{PASSWORD}"}}"#);
    let (first_half, second_half) = body.split_at(body.len() / 2);
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&address).await.unwrap();
    // `Expect: 100-continue`: the server answers '100 Continue' once the handler reads the
    // body, so the request is known to be in flight (no guess at how long that takes).
    let head = format!(
        "POST /api/auth/register HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nExpect: 100-continue\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut interim = Vec::new();
    while !interim.ends_with(b"\r\n\r\n") {
        interim.push(stream.read_u8().await.unwrap());
    }
    assert!(interim.starts_with(b"HTTP/1.1 100"), "{interim:?}");
    stream.write_all(first_half.as_bytes()).await.unwrap();

    app.begin_shutdown();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stream.write_all(second_half.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();

    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    app.stop().await; // and the server then stops by itself
}
