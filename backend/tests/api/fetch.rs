//! Posting from a URL (issue 39, item 15): the server fetches the image once, from a public
//! address only, and stores it like an upload, so no viewer's browser loads it from elsewhere.
//! The images come from the local image server (image_server.rs); `spawn_app` allows loopback.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};
use crate::image_server::image_url;

both_backends!(
    a_post_from_a_url_is_fetched_and_stored_with_its_size_blurhash_and_thumbnail,
    a_story_from_a_url_is_fetched_and_stored,
    a_redirect_to_another_image_is_followed,
    a_url_on_this_machine_is_refused_when_loopback_fetching_is_off,
    a_redirect_to_an_inside_address_is_refused_and_nothing_is_stored,
    a_url_whose_body_is_not_an_image_is_refused_and_nothing_is_stored,
    a_url_whose_body_is_over_10_mb_is_refused_and_nothing_is_stored,
    an_unreachable_url_is_refused_and_nothing_is_stored,
    the_content_security_policy_lets_no_plain_http_image_load,
);

const UNFETCHABLE: &str = "Could not fetch that image";

/// Files in the app's media folder.
fn stored_files(app: &TestApp) -> usize {
    std::fs::read_dir(&app.settings.media_store).map_or(0, |dir| dir.count())
}

/// `POST /api/posts` with `url` as the image must be 400 'Could not fetch that image', and
/// leave no post and no stored file behind.
async fn assert_refused(app: &TestApp, user: &TestUser, url: &str) {
    let response = user
        .post_json(
            "/api/posts",
            &json!({"caption": "from afar", "imageUrl": url}),
        )
        .await;
    let (status, message, code) = error_of(response).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (400, UNFETCHABLE, "invalid_input"),
        "{url}"
    );
    assert_eq!(user.get_json("/api/posts").await, json!([]), "{url}");
    assert_eq!(stored_files(app), 0, "{url}");
}

async fn posted(user: &TestUser, url: &str) -> Value {
    let response = user
        .post_json(
            "/api/posts",
            &json!({"caption": "from afar", "imageUrl": url}),
        )
        .await;
    assert_eq!(response.status(), 201, "{url}");
    response.json().await.unwrap()
}

async fn a_post_from_a_url_is_fetched_and_stored_with_its_size_blurhash_and_thumbnail(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let post = posted(&maya, &image_url("harbour.jpg")).await;

    let url = post["imageUrl"].as_str().unwrap();
    assert!(url.starts_with("/media/"), "{post}");
    assert!(
        post["thumbnailUrl"]
            .as_str()
            .unwrap()
            .starts_with("/media/")
    );
    // The image server's PNG is 8 × 6 pixels.
    assert_eq!(
        (post["width"].as_i64(), post["height"].as_i64()),
        (Some(8), Some(6))
    );
    assert!(!post["blurhash"].as_str().unwrap().is_empty());
    let served = maya.get(url).await;
    assert_eq!(served.status(), 200);
    assert!(image::load_from_memory(&served.bytes().await.unwrap()).is_ok());
    // The feed shows the stored copy too.
    assert_eq!(maya.get_json("/api/posts").await[0]["imageUrl"], url);
}

async fn a_story_from_a_url_is_fetched_and_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let response = maya
        .post_json(
            "/api/stories",
            &json!({"content": image_url("morning.png")}),
        )
        .await;

    assert_eq!(response.status(), 201);
    let story: Value = response.json().await.unwrap();
    assert!(
        story["imageUrl"].as_str().unwrap().starts_with("/media/"),
        "{story}"
    );
    let refused = maya
        .post_json("/api/stories", &json!({"content": image_url("text/a.png")}))
        .await;
    let (status, message, _) = error_of(refused).await;
    assert_eq!((status, message.as_str()), (400, UNFETCHABLE));
}

async fn a_redirect_to_another_image_is_followed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let server = image_url("");
    let host = server.trim_start_matches("http://").trim_end_matches('/');

    let post = posted(&maya, &image_url(&format!("redirect-to/{host}/moved.png"))).await;

    assert!(
        post["imageUrl"].as_str().unwrap().starts_with("/media/"),
        "{post}"
    );
}

async fn a_url_on_this_machine_is_refused_when_loopback_fetching_is_off(backend: Backend) {
    let app = spawn_app_with(backend, |settings| settings.fetch_allow_loopback = false).await;
    let maya = app.new_user("maya").await;

    assert_refused(&app, &maya, &image_url("work.png")).await;
    let port = image_url("")
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .to_owned();
    assert_refused(&app, &maya, &format!("http://localhost:{port}/work.png")).await;
    assert_refused(&app, &maya, &format!("http://[::1]:{port}/work.png")).await;
}

async fn a_redirect_to_an_inside_address_is_refused_and_nothing_is_stored(backend: Backend) {
    // Loopback is allowed (the image server runs there), every other inside address is not.
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for target in [
        "169.254.169.254/latest/meta-data/",
        "10.0.0.1/a.png",
        "192.168.1.1/a.png",
    ] {
        assert_refused(&app, &maya, &image_url(&format!("redirect-to/{target}"))).await;
    }
}

async fn a_url_whose_body_is_not_an_image_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    assert_refused(&app, &maya, &image_url("text/picture.png")).await;
}

async fn a_url_whose_body_is_over_10_mb_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    assert_refused(&app, &maya, &image_url("big/picture.png")).await;
}

async fn an_unreachable_url_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    // Nothing listens on port 1; a name under .invalid never resolves (RFC 6761).
    assert_refused(&app, &maya, "http://127.0.0.1:1/a.png").await;
    assert_refused(&app, &maya, "https://images.atelier.invalid/a.png").await;
}

async fn the_content_security_policy_lets_no_plain_http_image_load(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app.get("/").await;

    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let img_src = policy
        .split(';')
        .map(str::trim)
        .find(|directive| directive.starts_with("img-src"))
        .unwrap_or_else(|| panic!("no img-src in {policy}"));
    let sources: Vec<&str> = img_src.split_whitespace().skip(1).collect();
    assert!(!sources.contains(&"http:"), "{img_src}");
    assert!(
        sources.contains(&"'self'") && sources.contains(&"https:"),
        "{img_src}"
    );
}
