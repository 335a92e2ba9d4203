//! Bad input: NUL and the other C0 control characters (tab, line feed and carriage return
//! excepted) are refused with 400 naming the field, in a query or path parameter, any string
//! of a JSON body the server reads and a multipart text part, the same on SQLite and
//! PostgreSQL (which cannot store a NUL at all): nothing is stored, never a 500. Tab and line
//! breaks stay ordinary text; fields and parameters the server does not read stay ignored.

use reqwest::multipart::Form;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, PASSWORD, TestApp, TestUser, error_of, spawn_app};
use crate::image_server::image_url;
use crate::reels::SAMPLE_WEBM;

both_backends!(
    a_query_parameter_without_a_name_is_refused,
    a_nul_in_the_user_search_is_refused_naming_q,
    a_caption_with_a_nul_or_a_control_character_is_refused_and_no_post_is_stored,
    a_bio_with_a_nul_is_refused_and_the_profile_keeps_its_old_one,
    the_admin_user_search_refuses_a_nul,
    a_reel_caption_part_with_a_nul_is_refused_and_no_reel_is_stored,
    a_path_segment_with_a_nul_is_refused_naming_its_parameter,
    every_text_input_refuses_control_characters_and_stores_nothing,
    tab_newline_and_carriage_return_are_kept_as_typed,
    what_the_server_does_not_read_is_ignored_and_the_session_is_checked_first,
);

/// Asserts the answer is the refusal that names `field`.
async fn assert_refused(response: reqwest::Response, field: &str, what: &str) {
    let (status, message, code) = error_of(response).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (
            400,
            format!("{field} must not contain control characters").as_str(),
            "invalid_input"
        ),
        "{what}"
    );
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

async fn count(app: &TestApp, table: &str) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
            .fetch_one(&db.pool)
            .await
            .unwrap();
    db.pool.close().await;
    count
}

/// Rows of every table a refused request could have written.
async fn counts(app: &TestApp) -> Vec<(&'static str, i64)> {
    let mut counts = Vec::new();
    for table in [
        "users",
        "posts",
        "stories",
        "messages",
        "message_reactions",
        "conversations",
        "voicemails",
        "withdrawals",
        "orders",
        "ads",
        "reels",
        "audit_log",
        "comments",
        "mentions",
        "post_tags",
        "post_shares",
        "reel_shares",
    ] {
        counts.push((table, count(app, table).await));
    }
    counts
}

async fn a_nul_in_the_user_search_is_refused_naming_q(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    app.new_user("ab_cd").await;

    for query in ["a%00b", "%00", "a%01b", "ab%1F", "a%0Bb"] {
        let response = maya.get(&format!("/api/search/users?q={query}")).await;
        assert_refused(response, "q", query).await;
    }
    // The same search without the control character still works.
    let found = maya.get_json("/api/search/users?q=ab").await;
    assert_eq!(found[0]["username"], "ab_cd");
}

async fn a_caption_with_a_nul_or_a_control_character_is_refused_and_no_post_is_stored(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for caption in [
        "a\u{0}b",
        "a\u{1}b",
        "bell\u{7}",
        "\u{8}back",
        "form\u{c}feed",
        "esc\u{1b}[",
    ] {
        let response = maya
            .post_json(
                "/api/posts",
                &json!({"caption": caption, "imageUrl": image_url("a.jpg")}),
            )
            .await;
        assert_refused(response, "caption", &format!("{caption:?}")).await;
    }
    let posts = maya.get_json(&format!("/api/posts/user/{}", maya.id)).await;
    assert_eq!(posts, json!([]));
    assert_eq!(count(&app, "posts").await, 0);
}

async fn a_bio_with_a_nul_is_refused_and_the_profile_keeps_its_old_one(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let response = maya
        .patch_json("/api/user/profile", &json!({"bio": "Painter"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    let response = maya
        .patch_json(
            "/api/user/profile",
            &json!({"bio": "a\u{0}b", "displayName": "Maya K"}),
        )
        .await;
    assert_refused(response, "bio", "bio").await;

    let profile = maya.get_json("/api/users/username/maya").await;
    assert_eq!(profile["bio"], "Painter");
    assert_eq!(profile["displayName"], "maya display");
}

async fn the_admin_user_search_refuses_a_nul(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    make_admin(&app, "maya").await;

    for query in ["a%00b", "ma%01"] {
        let response = maya.get(&format!("/api/admin/users?q={query}")).await;
        assert_refused(response, "q", query).await;
    }
    let found = maya.get_json("/api/admin/users?q=ma").await;
    assert_eq!(found.as_array().unwrap().len(), 1);
}

pub async fn post_reel(app: &TestApp, user: &TestUser, caption: &str) -> reqwest::Response {
    let video = reqwest::multipart::Part::bytes(SAMPLE_WEBM.to_vec())
        .file_name("reel.webm")
        .mime_str("video/webm")
        .unwrap();
    let form = Form::new()
        .part("video", video)
        .text("caption", caption.to_owned());
    user.client
        .post(user.url("/api/reels"))
        .header("Origin", &app.address)
        .multipart(form)
        .send()
        .await
        .expect("request sent")
}

async fn a_reel_caption_part_with_a_nul_is_refused_and_no_reel_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for caption in ["a\u{0}b", "a\u{2}b"] {
        let response = post_reel(&app, &maya, caption).await;
        assert_refused(response, "caption", &format!("{caption:?}")).await;
    }
    assert_eq!(count(&app, "reels").await, 0);
    assert_eq!(maya.get_json("/api/reels").await, json!([]));

    // The same form with a clean caption (a line break in it) is a reel.
    let response = post_reel(&app, &maya, "first\nreel").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let reel: Value = response.json().await.unwrap();
    assert_eq!(reel["caption"], "first\nreel");
}

async fn a_path_segment_with_a_nul_is_refused_naming_its_parameter(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for path in ["/api/users/username/ma%00ya", "/api/users/username/%01"] {
        assert_refused(maya.get(path).await, "username", path).await;
    }
    let (status, _, _) = error_of(maya.get("/api/users/username/ma%09ya").await).await;
    assert_eq!(status, 404);
}

async fn send(
    user: &TestUser,
    method: Method,
    path: &str,
    body: Option<&Value>,
) -> reqwest::Response {
    let mut request = user.client.request(method, user.url(path));
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.expect("request sent")
}

/// Method, path and JSON body.
type Request = (Method, String, Option<Value>);

async fn every_text_input_refuses_control_characters_and_stores_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    make_admin(&app, "maya").await;
    crate::earnings::credit(&app, maya.id, 10_000).await;
    let conversation = maya
        .post_json("/api/conversations", &json!({"otherUserId": leo.id}))
        .await
        .json::<Value>()
        .await
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let messages = format!("/api/conversations/{conversation}/messages");
    let message = maya
        .post_json(&messages, &json!({"content": "hello"}))
        .await
        .json::<Value>()
        .await
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let commented = maya.create_post("to comment on").await["id"]
        .as_i64()
        .unwrap();
    let comments = format!("/api/posts/{commented}/comments");
    let before = counts(&app).await;
    let nobody = app.anonymous();

    let post = |path: &str, body: Value| (Method::POST, path.to_owned(), Some(body));
    let get = |path: &str| (Method::GET, path.to_owned(), None);
    let cases: Vec<(&TestUser, Request, &str)> = vec![
        (
            &nobody,
            post(
                "/api/auth/register",
                json!({"username": "new\u{0}user", "email": "new@example.com", "password": PASSWORD}),
            ),
            "username",
        ),
        (
            &nobody,
            post(
                "/api/auth/register",
                json!({"username": "newuser", "email": "new@example.com", "password": "pass\u{1}word"}),
            ),
            "password",
        ),
        (
            &nobody,
            post(
                "/api/auth/register",
                json!({"username": "newuser", "email": "new\u{0}@example.com", "password": PASSWORD}),
            ),
            "email",
        ),
        (
            &nobody,
            post(
                "/api/auth/login",
                json!({"username": "maya\u{0}", "password": PASSWORD}),
            ),
            "username",
        ),
        (
            &maya,
            post(
                "/api/posts",
                json!({"caption": "ok", "imageUrl": "https://images.example.com/a\u{0}.jpg"}),
            ),
            "imageUrl",
        ),
        (
            &maya,
            post(
                "/api/posts",
                json!({"caption": "ok", "imageUrl": image_url("a.jpg"), "tags": ["art", "b\u{7}"]}),
            ),
            "tags[1]",
        ),
        (
            &maya,
            post(
                "/api/stories",
                json!({"content": image_url("s.jpg"), "caption": "a\u{0}"}),
            ),
            "caption",
        ),
        (
            &maya,
            post(&messages, json!({"content": "hi\u{0}"})),
            "content",
        ),
        (
            &maya,
            post(&comments, json!({"content": "nice\u{0}"})),
            "content",
        ),
        (
            &maya,
            post(
                &format!("{messages}/{message}/reactions"),
                json!({"emoji": "\u{0}"}),
            ),
            "emoji",
        ),
        (
            &maya,
            (
                Method::PATCH,
                "/api/user/profile".to_owned(),
                Some(json!({"displayName": "M\u{1b}aya"})),
            ),
            "displayName",
        ),
        (
            &maya,
            post(
                "/api/withdrawals",
                json!({"amount": 1000, "paymentMethod": "paypal", "accountDetails": {"email": "m\u{0}@example.com"}}),
            ),
            "accountDetails.email",
        ),
        (
            &maya,
            post(
                "/api/user/password",
                json!({"currentPassword": PASSWORD, "newPassword": "new\u{0}password"}),
            ),
            "newPassword",
        ),
        (
            &maya,
            post(
                "/api/ads",
                json!({"title": "T\u{0}", "imageUrl": "https://images.example.com/ad.jpg",
                       "targetUrl": "https://example.com", "advertiserName": "Acme"}),
            ),
            "title",
        ),
        (
            &maya,
            (
                Method::PUT,
                "/api/user/shipping-address".to_owned(),
                Some(
                    json!({"name": "Maya\u{0}", "line1": "12 Harbour Road", "city": "Lisbon",
                       "postalCode": "1100-001", "country": "PT"}),
                ),
            ),
            "name",
        ),
        (
            &maya,
            post("/api/user/deactivate", json!({"password": "x\u{0}"})),
            "password",
        ),
        (
            &maya,
            (
                Method::PUT,
                "/api/admin/withdrawals/1".to_owned(),
                Some(json!({"status": "completed", "notes": "n\u{0}"})),
            ),
            "notes",
        ),
        (
            &maya,
            get("/api/users/skill-matches?skills=design%00"),
            "skills",
        ),
        (
            &maya,
            get("/api/admin/withdrawals?status=pending%01"),
            "status",
        ),
        (&maya, get("/api/search?q=sun%00set"), "q"),
        (&maya, get("/api/tags/sun%01set"), "tag"),
        (&maya, get("/api/tags/sun%00set/posts"), "tag"),
    ];
    for (user, (method, path, body), field) in cases {
        let what = format!("{method} {path} {body:?}");
        let response = send(user, method, &path, body.as_ref()).await;
        assert_refused(response, field, &what).await;
    }

    assert_eq!(counts(&app).await, before);
    // Nobody signed in or changed a password: both sessions still work.
    maya.get_json("/api/auth/user").await;
    leo.get_json("/api/auth/user").await;
}

async fn tab_newline_and_carriage_return_are_kept_as_typed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let caption = "line one\nline two\r\n\tindented";
    let post = maya.create_post(caption).await;
    assert_eq!(post["caption"], caption);
    let posts = maya.get_json(&format!("/api/posts/user/{}", maya.id)).await;
    assert_eq!(posts[0]["caption"], caption);

    let bio = "Painter\n\tand printmaker";
    let response = maya
        .patch_json("/api/user/profile", &json!({"bio": bio}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let profile = maya.get_json("/api/users/username/maya").await;
    assert_eq!(profile["bio"], bio);

    // A tab in a query is text too (it finds nobody here, but is no error).
    assert_eq!(
        maya.get_json("/api/search/users?q=ma%09ya").await,
        json!([])
    );
}

async fn what_the_server_does_not_read_is_ignored_and_the_session_is_checked_first(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    // A query parameter and a body field no operation reads are ignored, as any unknown one.
    let response = maya.get("/api/posts?limit=5&x=%00").await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = maya
        .post_json(
            "/api/posts",
            &json!({"caption": "clean", "imageUrl": image_url("a.jpg"),
                    "userId": "\u{0}", "a\u{1}b": ["\u{2}"]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let post: Value = response.json().await.unwrap();
    assert_eq!(post["caption"], "clean");

    // Signed out, the answer is 401 whatever the text.
    let nobody = app.anonymous();
    let (status, _, code) = error_of(nobody.get("/api/search/users?q=a%00b").await).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
    let response = nobody
        .post_json(
            "/api/posts",
            &json!({"caption": "a\u{0}b", "imageUrl": image_url("a.jpg")}),
        )
        .await;
    let (status, _, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
}

async fn a_query_parameter_without_a_name_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let (status, message, _) = error_of(maya.get("/api/products?ids=1&=null").await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Invalid query: a parameter without a name")
    );
    // An empty pair is no parameter at all.
    assert_eq!(maya.get("/api/posts?limit=2&&").await.status(), 200);
}
