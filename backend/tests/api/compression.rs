//! Responses over 1 KB go out compressed to clients that ask (br or gzip): JSON lists through
//! the compression layer, the web app's files as the build's precompressed twins; the same bytes
//! once decoded, and as they are to clients that do not ask.

use std::io::Read;

use reqwest::StatusCode;
use serde_json::Value;

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app};
use crate::posts::png_data_url;
use crate::sockets::connect;

both_backends!(
    a_json_list_comes_compressed_to_a_client_that_asks,
    the_landing_script_comes_precompressed_to_a_client_that_asks,
    small_answers_media_and_sockets_stay_uncompressed,
);

fn decode(encoding: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        "br" => {
            brotli::Decompressor::new(body, 4096)
                .read_to_end(&mut out)
                .expect("valid brotli");
        }
        "gzip" => {
            flate2::read::GzDecoder::new(body)
                .read_to_end(&mut out)
                .expect("valid gzip");
        }
        other => panic!("unexpected encoding {other}"),
    }
    out
}

/// The body of `path` as sent for this Accept-Encoding (none: the header is left out), with the
/// Content-Encoding it came with.
async fn fetch(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    accept: Option<&str>,
) -> (Option<String>, Vec<u8>) {
    let mut request = client.get(app.url(path));
    if let Some(accept) = accept {
        request = request.header("accept-encoding", accept);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    if response.headers().contains_key("content-encoding") {
        let vary = response
            .headers()
            .get_all("vary")
            .iter()
            .map(|v| v.to_str().unwrap().to_ascii_lowercase())
            .collect::<Vec<_>>()
            .join(",");
        assert!(vary.contains("accept-encoding"), "{path}: vary {vary}");
    }
    let encoding = response
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap().to_owned());
    (encoding, response.bytes().await.unwrap().to_vec())
}

async fn a_json_list_comes_compressed_to_a_client_that_asks(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    for n in 0..12 {
        maya.create_post(&format!(
            "a caption long enough to make a list of some size {n}"
        ))
        .await;
    }
    let (plain_encoding, plain) = fetch(&app, &maya.client, "/api/posts", None).await;
    assert_eq!(plain_encoding, None);
    assert!(plain.len() > 1024, "the page is {} bytes", plain.len());
    let posts: Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(posts.as_array().unwrap().len(), 12);

    for (accept, expected) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        let (encoding, body) = fetch(&app, &maya.client, "/api/posts", Some(accept)).await;
        assert_eq!(encoding.as_deref(), Some(expected), "{accept}");
        assert!(
            body.len() < plain.len() / 2,
            "{accept}: {} bytes",
            body.len()
        );
        assert_eq!(decode(expected, &body), plain, "{accept}");
    }
    let (encoding, body) = fetch(&app, &maya.client, "/api/posts", Some("identity")).await;
    assert_eq!(encoding, None);
    assert_eq!(body, plain);
}

async fn the_landing_script_comes_precompressed_to_a_client_that_asks(backend: Backend) {
    let app = spawn_app(backend).await;
    let client = reqwest::Client::new();
    let html = app.get("/").await.text().await.unwrap();
    let script = html
        .split('"')
        .find(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .expect("index.html loads a hashed script");
    let (encoding, plain) = fetch(&app, &client, script, None).await;
    assert_eq!(encoding, None);

    for (accept, expected) in [("br, gzip", "br"), ("gzip", "gzip"), ("br;q=0, *", "gzip")] {
        let (encoding, body) = fetch(&app, &client, script, Some(accept)).await;
        assert_eq!(encoding.as_deref(), Some(expected), "{accept}");
        assert!(
            body.len() < plain.len() / 2,
            "{accept}: {} bytes",
            body.len()
        );
        assert_eq!(decode(expected, &body), plain, "{accept}");
    }
    let (encoding, page) = fetch(&app, &client, "/", Some("br")).await;
    assert_eq!(encoding.as_deref(), Some("br"));
    assert_eq!(decode("br", &page), html.as_bytes());
}

async fn small_answers_media_and_sockets_stay_uncompressed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let (encoding, body) = fetch(&app, &maya.client, "/api/auth/user", Some("br, gzip")).await;
    assert!(body.len() < 1024);
    assert_eq!(encoding, None, "an answer under 1 KB goes out as it is");

    let response = maya
        .post_json(
            "/api/posts",
            &serde_json::json!({"caption": "a picture", "imageUrl": png_data_url(640, 480)}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let post: Value = response.json().await.unwrap();
    let image = post["imageUrl"].as_str().unwrap().to_owned();
    assert!(image.starts_with("/media/"), "{image}");
    let (encoding, _) = fetch(&app, &maya.client, &image, Some("br, gzip")).await;
    assert_eq!(encoding, None, "images are compressed already");

    let response = maya
        .client
        .get(app.url(&image))
        .header("accept-encoding", "gzip")
        .header("range", "bytes=0-9")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    assert!(response.headers().get("content-encoding").is_none());
    assert_eq!(response.bytes().await.unwrap().len(), 10);

    // The socket's upgrade goes through the same layers (a browser asks for gzip there too)
    // and still opens: `connect` waits for the answer to a ping.
    let _socket = connect(&app, &maya).await;
}
