//! What every answer shares: health, metrics, security headers, JSON errors, the OpenAPI
//! document and the embedded web app with its fallback.

use reqwest::StatusCode;
use serde_json::Value;

use crate::both_backends;
use crate::helpers::{Backend, error_of, spawn_app};

both_backends!(
    health_and_readiness_answer,
    metrics_count_requests_per_route,
    every_answer_carries_the_security_headers,
    an_unknown_api_path_is_a_json_404,
    a_wrong_method_is_a_json_405,
    the_openapi_document_describes_the_auth_endpoints,
    any_app_path_serves_the_web_app_uncached,
    hashed_assets_are_cached_for_a_year,
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
