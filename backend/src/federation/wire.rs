//! Federation's answers: ActivityPub documents with their content type, and refusals as JSON
//! errors with the status each deserves.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::federation::documents::ACTIVITY_JSON;
use crate::federation::inbox::Rejected;
use crate::federation::sender::Sender;
use crate::platform::state::AppState;

/// A document as `content_type`, cacheable for a minute.
pub fn document(content_type: &'static str, body: Value) -> Response {
    let mut response = Json(body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=60"),
    );
    headers.insert(header::VARY, HeaderValue::from_static("Accept"));
    response
}

/// An ActivityPub document.
pub fn activity_json(body: Value) -> Response {
    document(ACTIVITY_JSON, body)
}

/// A refusal with `status`, shaped as the API's errors (`ErrorBody`: message and code).
pub fn refusal(status: StatusCode, message: impl Into<String>) -> Response {
    let code = match status {
        StatusCode::BAD_REQUEST => "bad_request",
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        _ => "unavailable",
    };
    (
        status,
        Json(json!({ "message": message.into(), "code": code })),
    )
        .into_response()
}

/// 404 for what is not here (or federation being off).
pub fn not_found() -> Response {
    refusal(StatusCode::NOT_FOUND, "Not found")
}

/// The sender, when federation is on.
pub fn sender(state: &AppState) -> Option<&Sender> {
    state.federation.receiver::<Sender>()
}

impl IntoResponse for Rejected {
    fn into_response(self) -> Response {
        let status = match &self {
            Rejected::Malformed(_) => StatusCode::BAD_REQUEST,
            Rejected::Signature(_) | Rejected::KeyUnavailable(_) | Rejected::NotTheSigner => {
                StatusCode::UNAUTHORIZED
            }
            Rejected::Blocked => StatusCode::FORBIDDEN,
            Rejected::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        };
        refusal(status, self.to_string())
    }
}

/// Whether `accept` asks for ActivityPub JSON (`application/activity+json`, or JSON-LD with the
/// ActivityStreams profile) rather than a page.
pub fn wants_activity_json(accept: Option<&HeaderValue>) -> bool {
    accept
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| {
            let accept = accept.to_ascii_lowercase();
            accept.contains(ACTIVITY_JSON) || accept.contains("application/ld+json")
        })
}

/// An account of another server, as the lookup answers it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemoteAccount {
    pub id: i64,
    /// `name@host`.
    pub username: String,
    pub display_name: String,
    /// The avatar as its server serves it, or null.
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
    /// The server it is on.
    pub host: String,
    /// Its ActivityPub actor.
    pub actor_url: String,
    /// Its page on its own server.
    pub profile_url: String,
}

/// Admin › Federation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FederationOverview {
    /// Whether this server federates (`--federation`).
    pub enabled: bool,
    /// Deliveries waiting in the outbox.
    pub pending_deliveries: i64,
    /// Of those, the ones tried and failed at least once.
    pub failing_deliveries: i64,
    /// Known servers by host (50 a page; the next page's `after` is the last host).
    pub servers: Vec<KnownServer>,
}

/// A server this one knows.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnownServer {
    pub host: String,
    /// Its accounts known here.
    pub accounts: i64,
    /// Deliveries to it waiting.
    pub pending_deliveries: i64,
    /// Its deliveries' failures in a row.
    pub failures: i64,
    pub blocked: bool,
    /// Until when its deliveries wait (the circuit breaker is open), or null.
    #[schema(required = true)]
    pub paused_until: Option<String>,
    /// Its last failure, or null.
    #[schema(required = true)]
    pub last_error: Option<String>,
    /// When a delivery last reached it, or null.
    #[schema(required = true)]
    pub last_success_at: Option<String>,
}

impl From<crate::federation::store::Domain> for KnownServer {
    fn from(domain: crate::federation::store::Domain) -> Self {
        use crate::platform::http::wire::iso_time;
        Self {
            host: domain.host,
            accounts: domain.accounts,
            pending_deliveries: domain.pending,
            failures: domain.failures,
            blocked: domain.blocked_at.is_some(),
            paused_until: domain.paused_until.map(iso_time),
            last_error: domain.last_error,
            last_success_at: domain.last_success_at.map(iso_time),
        }
    }
}

impl From<crate::federation::store::RemoteAccountRow> for RemoteAccount {
    fn from(row: crate::federation::store::RemoteAccountRow) -> Self {
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            profile_image_url: row.profile_image_url,
            host: row.host,
            actor_url: row.actor_url,
            profile_url: row.profile_url,
        }
    }
}
