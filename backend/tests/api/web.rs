//! What every answer shares: health, metrics, security headers, JSON errors, the OpenAPI
//! document, compression and the embedded web app with its fallback.

use std::io::Read;

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use crate::both_backends;
use crate::helpers::{Backend, TestApp, error_of, spawn_app};

both_backends!(
    health_and_readiness_answer,
    metrics_count_requests_per_route,
    every_answer_carries_the_security_headers,
    an_unknown_api_path_is_a_json_404,
    a_wrong_method_is_a_json_405,
    the_openapi_document_describes_the_auth_endpoints,
    any_app_path_serves_the_web_app_uncached,
    hashed_assets_are_cached_for_a_year,
    the_service_worker_manifest_and_icons_are_checked_on_each_use,
    a_json_list_comes_compressed_to_clients_that_ask_and_plain_to_others,
    the_landing_script_and_styles_come_precompressed_to_clients_that_ask,
    small_answers_media_and_the_websocket_are_not_compressed,
    rarely_changing_answers_are_304_while_their_etag_holds,
);

async fn health_and_readiness_answer(backend: Backend) {
    let app = spawn_app(backend).await;
    let health: Value = app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["status"], "ok");
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(ready.json::<Value>().await.unwrap()["status"], "ready");
}

async fn metrics_count_requests_per_route(backend: Backend) {
    let app = spawn_app(backend).await;
    for _ in 0..3 {
        app.get("/api/auth/user").await;
    }

    let text = app.get("/metrics").await.text().await.unwrap();

    let line = text
        .lines()
        .find(|l| {
            l.starts_with("http_requests_total")
                && l.contains(r#"route="/api/auth/user""#)
                && l.contains(r#"status="401""#)
        })
        .unwrap_or_else(|| panic!("no counter for the session route in:\n{text}"));
    assert!(line.ends_with(" 3"), "{line}");
    assert!(
        text.contains(
            r#"http_request_duration_seconds_bucket{method="GET",route="/api/auth/user""#
        )
    );
}

async fn every_answer_carries_the_security_headers(backend: Backend) {
    let app = spawn_app(backend).await;
    for path in ["/", "/explore", "/api/auth/user", "/api/nope", "/healthz"] {
        let response = app.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
    }
}

async fn an_unknown_api_path_is_a_json_404(backend: Backend) {
    let app = spawn_app(backend).await;
    for path in ["/api/nope", "/api", "/media/unknown", "/ws/x"] {
        let (status, _, code) = error_of(app.get(path).await).await;
        assert_eq!((status, code.as_str()), (404, "not_found"), "{path}");
    }
}

async fn a_wrong_method_is_a_json_405(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app.get("/api/auth/login").await;
    let (status, _, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (405, "method_not_allowed"));
}

async fn the_openapi_document_describes_the_auth_endpoints(backend: Backend) {
    let app = spawn_app(backend).await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();

    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    for path in [
        "/api/auth/register",
        "/api/auth/login",
        "/api/auth/logout",
        "/api/auth/user",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} missing");
    }
    let user = &doc["components"]["schemas"]["User"]["properties"];
    assert!(user.get("isAdmin").is_some() && user.get("displayName").is_some());
}

async fn any_app_path_serves_the_web_app_uncached(backend: Backend) {
    let app = spawn_app(backend).await;
    for path in ["/", "/explore", "/profile/maya", "/no/such/page"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        let html = response.text().await.unwrap();
        assert!(
            html.contains(r#"<div id="root">"#),
            "{path} is the app's index.html"
        );
    }
}

async fn hashed_assets_are_cached_for_a_year(backend: Backend) {
    let app = spawn_app(backend).await;
    let html = app.get("/").await.text().await.unwrap();
    let asset = html
        .split('"')
        .find(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .expect("index.html loads a hashed script");

    let response = app.get(asset).await;

    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
}

/// The installable app (issue 21): the service worker, the manifest and its icons come with
/// their types and `no-cache`, so a new version of the app reaches browsers at their next visit.
async fn the_service_worker_manifest_and_icons_are_checked_on_each_use(backend: Backend) {
    let app = spawn_app(backend).await;
    for (path, kind) in [
        ("/sw.js", "javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/icons/icon-192.png", "image/png"),
        ("/icons/icon-512.png", "image/png"),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        let content_type = response.headers()["content-type"].to_str().unwrap();
        assert!(content_type.contains(kind), "{path}: {content_type}");
    }
    let manifest: serde_json::Value = app.get("/manifest.webmanifest").await.json().await.unwrap();
    assert_eq!(manifest["display"], "standalone");
    assert_eq!(manifest["start_url"], "/");
}

/// The body of `response` decoded by its `Content-Encoding` (br, gzip or none), with that
/// encoding.
async fn decoded(response: reqwest::Response) -> (Option<String>, Vec<u8>) {
    let encoding = response
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap().to_owned());
    let raw = response.bytes().await.unwrap().to_vec();
    let mut plain = Vec::new();
    match encoding.as_deref() {
        Some("br") => {
            brotli::Decompressor::new(&raw[..], 4096)
                .read_to_end(&mut plain)
                .expect("valid Brotli");
        }
        Some("gzip") => {
            flate2::read::GzDecoder::new(&raw[..])
                .read_to_end(&mut plain)
                .expect("valid gzip");
        }
        None => plain = raw,
        Some(other) => panic!("unexpected encoding {other}"),
    }
    (encoding, plain)
}

/// `GET path` as `client` would send it, with `Accept-Encoding` when given.
async fn get_accepting(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    accept: Option<&str>,
) -> reqwest::Response {
    let mut request = client.get(app.url(path));
    if let Some(accept) = accept {
        request = request.header("accept-encoding", accept);
    }
    request.send().await.expect("request sent")
}

fn varies_by_encoding(response: &reqwest::Response) -> bool {
    response.headers().get_all("vary").iter().any(|v| {
        v.to_str()
            .unwrap()
            .to_ascii_lowercase()
            .contains("accept-encoding")
    })
}

async fn a_json_list_comes_compressed_to_clients_that_ask_and_plain_to_others(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    for n in 0..20 {
        maya.create_post(&format!("A study in light and shadow, number {n}"))
            .await;
    }

    let plain = get_accepting(&app, &maya.client, "/api/posts", None).await;
    assert_eq!(plain.status(), StatusCode::OK);
    let (encoding, identity) = decoded(plain).await;
    assert_eq!(encoding, None, "no Accept-Encoding: identity");
    assert!(identity.len() > 1024, "the page is over 1 KB");
    assert_eq!(
        serde_json::from_slice::<Value>(&identity)
            .unwrap()
            .as_array()
            .unwrap()
            .len(),
        20
    );

    for (accept, expected) in [
        ("br", "br"),
        ("gzip", "gzip"),
        ("gzip, deflate, br, zstd", "br"),
        ("br;q=0, gzip", "gzip"),
    ] {
        let response = get_accepting(&app, &maya.client, "/api/posts", Some(accept)).await;
        assert_eq!(response.status(), StatusCode::OK, "{accept}");
        assert!(varies_by_encoding(&response), "{accept}");
        let (encoding, body) = decoded(response).await;
        assert_eq!(encoding.as_deref(), Some(expected), "{accept}");
        assert_eq!(body, identity, "{accept}: the same JSON");
    }
    // Another encoding only: identity.
    let response = get_accepting(&app, &maya.client, "/api/posts", Some("deflate")).await;
    let (encoding, body) = decoded(response).await;
    assert_eq!((encoding, body), (None, identity));

    // The streamed export too, whole.
    let response = get_accepting(&app, &maya.client, "/api/user/export", Some("gzip")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let (encoding, body) = decoded(response).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    let export: Value = serde_json::from_slice(&body).expect("the whole export");
    assert_eq!(export["posts"].as_array().unwrap().len(), 20);
}

async fn the_landing_script_and_styles_come_precompressed_to_clients_that_ask(backend: Backend) {
    let app = spawn_app(backend).await;
    let client = crate::helpers::browser();
    let html = app.get("/").await.text().await.unwrap();
    let assets: Vec<&str> = html
        .split('"')
        .filter(|part| {
            part.starts_with("/assets/") && (part.ends_with(".js") || part.ends_with(".css"))
        })
        .collect();
    let script = html
        .split(r#"<script type="module" crossorigin src=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("index.html loads the landing script");
    let styles = assets
        .iter()
        .find(|a| a.ends_with(".css"))
        .expect("index.html loads a stylesheet");

    let mut precompressed = Vec::new();
    for asset in &assets {
        let plain = get_accepting(&app, &client, asset, None).await;
        assert_eq!(plain.status(), StatusCode::OK, "{asset}");
        let varies = varies_by_encoding(&plain);
        let content_type = plain.headers()["content-type"].clone();
        let (encoding, identity) = decoded(plain).await;
        assert_eq!(encoding, None, "{asset}");
        if identity.len() < 1024 {
            // Too small to gain: one copy for everyone.
            let response = get_accepting(&app, &client, asset, Some("br, gzip")).await;
            assert!(!varies && !varies_by_encoding(&response), "{asset}");
            assert_eq!(decoded(response).await, (None, identity), "{asset}");
            continue;
        }
        assert!(varies, "{asset}");
        precompressed.push(*asset);

        for (accept, expected) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
            let response = get_accepting(&app, &client, asset, Some(accept)).await;
            assert_eq!(response.status(), StatusCode::OK, "{asset} {accept}");
            assert_eq!(response.headers()["content-type"], content_type);
            assert_eq!(
                response.headers()["cache-control"],
                "public, max-age=31536000, immutable"
            );
            assert!(varies_by_encoding(&response), "{asset} {accept}");
            let length = response.content_length().unwrap_or(u64::MAX);
            let (encoding, body) = decoded(response).await;
            assert_eq!(encoding.as_deref(), Some(expected), "{asset} {accept}");
            assert!(
                length < identity.len() as u64,
                "{asset} {accept}: {length} sent for {} bytes",
                identity.len()
            );
            assert_eq!(body, identity, "{asset} {accept}: the same file");
        }
    }
    assert!(
        precompressed.contains(&script) && precompressed.contains(styles),
        "the landing script and the styles are precompressed: {precompressed:?}"
    );
}

async fn small_answers_media_and_the_websocket_are_not_compressed(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let accept = Some("gzip, deflate, br");

    // Under 1 KB: as it is.
    let response = get_accepting(&app, &maya.client, "/api/auth/user", accept).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get("content-encoding").is_none());

    // A video, whole and in ranges: as it is.
    let response = crate::bad_input::post_reel(&app, &maya, "reel").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let reel: Value = response.json().await.unwrap();
    let video = reel["videoUrl"].as_str().unwrap();
    let whole = get_accepting(&app, &maya.client, video, accept).await;
    assert_eq!(whole.status(), StatusCode::OK);
    assert!(whole.headers().get("content-encoding").is_none());
    assert_eq!(
        whole.bytes().await.unwrap(),
        crate::reels::SAMPLE_WEBM,
        "the stored video"
    );
    let part = maya
        .client
        .get(app.url(video))
        .header("accept-encoding", "gzip, br")
        .header("range", "bytes=100-1123")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert!(part.headers().get("content-encoding").is_none());
    assert_eq!(
        part.bytes().await.unwrap(),
        &crate::reels::SAMPLE_WEBM[100..1124]
    );

    // A socket opened by a client that accepts compressed answers works as any other.
    let url = app.url("/ws").replacen("http", "ws", 1);
    let mut request = url.into_client_request().unwrap();
    let headers = request.headers_mut();
    headers.insert("cookie", HeaderValue::from_str(&maya.cookie).unwrap());
    headers.insert("accept-encoding", HeaderValue::from_static("gzip, br"));
    let (mut socket, response) = tokio_tungstenite::connect_async(request)
        .await
        .expect("the socket opens");
    assert_eq!(response.status(), 101);
    assert!(response.headers().get("content-encoding").is_none());
    socket
        .send(Message::text(json!({"type": "ping"}).to_string()))
        .await
        .unwrap();
    let pong = crate::sockets::next_of(&mut socket, "pong").await;
    assert_eq!(pong["type"], "pong");
}

async fn rarely_changing_answers_are_304_while_their_etag_holds(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let asked = |path: &'static str, etag: Option<String>| {
        let mut request = maya.client.get(maya.url(path));
        if let Some(etag) = etag {
            request = request.header("If-None-Match", etag);
        }
        async move { request.send().await.unwrap() }
    };
    for path in [
        "/api/products",
        "/api/user/settings",
        "/api/push/vapid-public-key",
    ] {
        let first = asked(path, None).await;
        assert_eq!(first.status(), StatusCode::OK, "{path}");
        assert_eq!(
            first.headers()["cache-control"],
            "private, no-cache",
            "{path}"
        );
        let etag = first.headers()["etag"].to_str().unwrap().to_owned();
        assert!(etag.starts_with('"') && etag.len() == 34, "{path}: {etag}");
        let body = first.bytes().await.unwrap();
        // Asked again with it: nothing to send.
        let again = asked(path, Some(etag.clone())).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(again.headers()["etag"], etag.as_str());
        assert!(again.bytes().await.unwrap().is_empty());
        // Another tag (an older answer) gets the body.
        let other = asked(path, Some("\"0123\"".to_owned())).await;
        assert_eq!(other.status(), StatusCode::OK);
        assert_eq!(other.bytes().await.unwrap(), body);
    }
    // A change is a new tag: the settings saved, the catalogue's stock taken.
    let before = asked("/api/user/settings", None).await.headers()["etag"]
        .to_str()
        .unwrap()
        .to_owned();
    crate::private::change_settings(&maya, json!({"readReceipts": false})).await;
    let after = asked("/api/user/settings", Some(before.clone())).await;
    assert_eq!(after.status(), StatusCode::OK);
    assert_ne!(after.headers()["etag"], before.as_str());
    let catalogue = asked("/api/products", None).await.headers()["etag"]
        .to_str()
        .unwrap()
        .to_owned();
    let bought = crate::checkouts::check_out_and_pay(
        &maya,
        json!([{"productId": 4, "quantity": 1, "expectedUnitPrice": 5800}]),
    )
    .await;
    assert_eq!(bought.status(), StatusCode::OK);
    assert_eq!(
        asked("/api/products", Some(catalogue)).await.status(),
        StatusCode::OK
    );
}
