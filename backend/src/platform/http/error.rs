//! The one error type of the HTTP API. Every failure a handler can meet becomes an
//! `ApiError`; its `IntoResponse` is the only place that picks a status code, and the body is
//! always `{"message", "code"}`. Server faults are logged with their cause chain
//! and the client sees a generic message.

use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use utoipa::ToSchema;

use crate::kernel::error::DomainError;
use crate::kernel::text;
use crate::platform::media::{
    AUDIO_DAMAGED, AUDIO_TYPES, IMAGE_UNFETCHABLE, MediaError, QUOTA_EXCEEDED, VIDEO_TOO_BIG,
    VIDEO_TOO_LONG, VIDEO_TYPES,
};

/// The JSON body of every non-2xx answer.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ErrorBody {
    /// User-facing text (the spec's wording where it has one).
    pub message: String,
    /// Stable snake_case code for programs.
    pub code: String,
}

/// The body of a 409 `price_changed` (issue 39): the cart line's product and its price now.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceChangedBody {
    /// A plain sentence; the client names the product and its new price itself.
    pub message: String,
    /// `price_changed`.
    pub code: String,
    pub product_id: i64,
    /// The product's unit price now, in cents.
    pub unit_price: i64,
}

/// An error answer in the OpenAPI document, with `description`: `ErrorBody` as JSON.
pub fn error_answer(description: &str) -> utoipa::openapi::RefOr<utoipa::openapi::Response> {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
        .into()
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("Not signed in")]
    Unauthorized,
    #[error("{message}")]
    InvalidCredentials { message: &'static str },
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("{0}")]
    NotFound(String),
    #[error("{message}")]
    Conflict { message: String, code: &'static str },
    /// A cart line whose price is not the one the buyer was shown (409 with the price now).
    #[error("The price of this product has changed")]
    PriceChanged { product_id: i64, unit_price: i64 },
    #[error("{0}")]
    MethodNotAllowed(String),
    /// Well-formed but refused by a business rule (insufficient funds, sold out, a reused
    /// Idempotency-Key): 422 with its own stable code.
    #[error("{message}")]
    Unprocessable { message: String, code: &'static str },
    #[error("Request body is too large")]
    PayloadTooLarge,
    /// A request body that stopped arriving (platform/http/serve.rs): 408, and the connection closes.
    #[error("The request body did not arrive in time")]
    RequestTimeout,
    /// An image with too many pixels to decode safely (413 like an oversized body).
    #[error("{0}")]
    ImageTooLarge(&'static str),
    /// A body part over its own limit, with a message that names it (a reel's video).
    #[error("{0}")]
    TooLarge(&'static str),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// A `Range` outside the object; the answer carries `Content-Range: bytes */{size}`.
    #[error("The requested range is outside the file")]
    RangeNotSatisfiable { size: u64 },
    /// Over a rate limit; the message says which (platform/limits.rs).
    #[error("{message}")]
    TooManyRequests {
        retry_after_secs: u64,
        message: &'static str,
    },
    #[error("{0}")]
    Unavailable(&'static str),
    /// A refusal with its own status and stable code (a spent link 400 `link_expired`, a wrong
    /// two-factor code 401 `invalid_code`, an unverified account 403 `email_unverified`).
    #[error("{message}")]
    Coded {
        status: StatusCode,
        code: &'static str,
        message: &'static str,
    },
    #[error("Something went wrong on our side. Please try again.")]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    /// A refusal with its own status and stable code.
    pub const fn coded(status: StatusCode, code: &'static str, message: &'static str) -> Self {
        Self::Coded {
            status,
            code,
            message,
        }
    }

    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::Unprocessable {
            message: message.into(),
            code,
        }
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            Self::BadRequest(_) => (StatusCode::BAD_REQUEST, "invalid_input"),
            Self::Unauthorized => (StatusCode::UNAUTHORIZED, "not_signed_in"),
            Self::InvalidCredentials { .. } => (StatusCode::UNAUTHORIZED, "invalid_credentials"),
            Self::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            Self::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            Self::Conflict { code, .. } => (StatusCode::CONFLICT, code),
            Self::PriceChanged { .. } => (StatusCode::CONFLICT, "price_changed"),
            Self::MethodNotAllowed(_) => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            Self::Unprocessable { code, .. } => (StatusCode::UNPROCESSABLE_ENTITY, code),
            Self::PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            Self::RequestTimeout => (StatusCode::REQUEST_TIMEOUT, "request_timeout"),
            Self::ImageTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "image_too_large"),
            Self::TooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            Self::RangeNotSatisfiable { .. } => {
                (StatusCode::RANGE_NOT_SATISFIABLE, "range_not_satisfiable")
            }
            Self::UnsupportedMediaType(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            Self::TooManyRequests { .. } => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            Self::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            Self::Coded { status, code, .. } => (*status, code),
            Self::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(err.into())
    }
}

/// Input a domain parser refused: 400 (or 404 for an id that cannot exist) with its message.
impl From<text::ControlCharacters> for ApiError {
    fn from(err: text::ControlCharacters) -> Self {
        ApiError::bad_request(err.to_string())
    }
}

impl From<DomainError> for ApiError {
    fn from(err: DomainError) -> Self {
        match err {
            DomainError::Invalid(message) => Self::BadRequest(message.into_owned()),
            DomainError::NotFound(message) => Self::NotFound(message.into()),
        }
    }
}

impl From<MediaError> for ApiError {
    fn from(err: MediaError) -> Self {
        match err {
            MediaError::NotAnImage => Self::UnsupportedMediaType(
                "Only JPEG, PNG, GIF or WebP images can be uploaded".into(),
            ),
            MediaError::TooLarge => Self::ImageTooLarge(
                "This image is too large: at most 12,000 pixels a side and 50 megapixels",
            ),
            MediaError::Corrupt => Self::UnsupportedMediaType(
                "This file could not be read as an image: it may be damaged".into(),
            ),
            MediaError::NotAudio | MediaError::CorruptAudio => {
                Self::UnsupportedMediaType(AUDIO_TYPES.into())
            }
            MediaError::AudioTooLong(kind) => Self::bad_request(kind.out_of_range()),
            MediaError::NotVideo => Self::UnsupportedMediaType(VIDEO_TYPES.into()),
            MediaError::VideoTooLong => Self::bad_request(VIDEO_TOO_LONG),
            MediaError::VideoTooBig => Self::TooLarge(VIDEO_TOO_BIG),
            MediaError::DamagedAudio => Self::bad_request(AUDIO_DAMAGED),
            MediaError::QuotaExceeded => Self::TooLarge(QUOTA_EXCEEDED),
            MediaError::Unfetchable => Self::bad_request(IMAGE_UNFETCHABLE),
            MediaError::Store(cause) => Self::Internal(cause),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        if let Self::Internal(cause) = &self {
            tracing::error!(error = ?cause, "request failed");
        }
        let message = self.to_string();
        let mut response = match &self {
            Self::PriceChanged {
                product_id,
                unit_price,
            } => {
                let body = PriceChangedBody {
                    message,
                    code: code.to_owned(),
                    product_id: *product_id,
                    unit_price: *unit_price,
                };
                (status, axum::Json(body)).into_response()
            }
            _ => {
                let body = ErrorBody {
                    message,
                    code: code.to_owned(),
                };
                (status, axum::Json(body)).into_response()
            }
        };
        match self {
            Self::TooManyRequests {
                retry_after_secs, ..
            } => {
                response.headers_mut().insert(
                    header::RETRY_AFTER,
                    HeaderValue::from(retry_after_secs.max(1)),
                );
            }
            Self::RequestTimeout => {
                response
                    .headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            Self::RangeNotSatisfiable { size } => {
                if let Ok(value) = HeaderValue::from_str(&format!("bytes */{size}")) {
                    response.headers_mut().insert(header::CONTENT_RANGE, value);
                }
            }
            _ => {}
        }
        response
    }
}

/// A multipart upload that could not be read: past the route's body limit 413, else 400.
impl From<axum::extract::multipart::MultipartError> for ApiError {
    fn from(err: axum::extract::multipart::MultipartError) -> Self {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Self::PayloadTooLarge
        } else if body_timed_out(&err) {
            Self::RequestTimeout
        } else {
            Self::bad_request(format!("The upload could not be read: {}", err.body_text()))
        }
    }
}

/// Whether reading a request body failed because it stopped arriving (platform/http/serve.rs wraps every
/// body in tower-http's `TimeoutBody`).
fn body_timed_out(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(err);
    while let Some(err) = cause {
        if err.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        cause = err.source();
    }
    false
}

/// Turns axum's plain-text JSON rejections into our error body with a clear status.
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => Self::UnsupportedMediaType(
                "Expected a JSON body (Content-Type: application/json)".into(),
            ),
            JsonRejection::BytesRejection(ref inner)
                if inner.status() == StatusCode::PAYLOAD_TOO_LARGE =>
            {
                Self::PayloadTooLarge
            }
            JsonRejection::BytesRejection(ref inner) if body_timed_out(inner) => {
                Self::RequestTimeout
            }
            JsonRejection::JsonDataError(err) => {
                Self::BadRequest(format!("Invalid request body: {}", err.body_text()))
            }
            JsonRejection::JsonSyntaxError(_) => {
                Self::BadRequest("Invalid request body: malformed JSON".into())
            }
            other => Self::BadRequest(format!("Invalid request body: {}", other.body_text())),
        }
    }
}

/// `axum::Json` with our error body on rejection; use it for every request body. A string
/// the body's type reads that holds a control character is refused with 400 naming its field
/// (kernel/text.rs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        if !json_content_type(request.headers()) {
            return Err(ApiError::UnsupportedMediaType(
                "Expected a JSON body (Content-Type: application/json)".into(),
            ));
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(JsonRejection::from)?;
        if let Some(refused) = text::json_refusal::<T>(&bytes) {
            return Err(refused.into());
        }
        let axum::Json(value) = axum::Json::from_bytes(&bytes)?;
        Ok(Self(value))
    }
}

/// `application/json` or any `application/…+json`, as `axum::Json` takes them.
fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(content_type) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Serialised into a `Vec`, not through axum's `BytesMut` writer, which grows and copies slice
/// by slice: a page of posts spent a tenth of its instructions there. By sonic-rs, whose string
/// escaping looks at 16 bytes at a time where serde_json looks at one: escaping was 15 % of a
/// page of posts (issue 45); the bytes are the same (tests/api/answers.rs).
impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        match sonic_rs::to_vec(&self.0) {
            Ok(body) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                body,
            )
                .into_response(),
            Err(err) => ApiError::Internal(err.into()).into_response(),
        }
    }
}

/// `axum::extract::Query` with our error body on rejection (`?limit=abc` is a 400, not text).
/// A parameter the query's type reads that holds a control character is refused with 400
/// naming it (kernel/text.rs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        if let Some(refused) = parts.uri.query().and_then(text::query_refusal::<T>) {
            return Err(refused.into());
        }
        // `?=x`: a parameter without a name is no parameter of any operation.
        let unnamed = parts.uri.query().is_some_and(|query| {
            url::form_urlencoded::parse(query.as_bytes()).any(|(name, _)| name.is_empty())
        });
        if unnamed {
            return Err(ApiError::bad_request(
                "Invalid query: a parameter without a name",
            ));
        }
        let axum::extract::Query(value) = axum::extract::Query::try_from_uri(&parts.uri)?;
        Ok(Self(value))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::BadRequest(format!("Invalid query: {}", rejection.body_text()))
    }
}

/// `axum::extract::Path` with our error body on rejection (a post id that is not a number).
/// A path parameter that decodes to a control character is refused with 400 naming it
/// (kernel/text.rs).
#[derive(Debug, Clone, Copy)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        // Parameters that are not UTF-8 are left to `Path`'s own refusal.
        if let Ok(params) = RawPathParams::from_request_parts(parts, state).await {
            for (name, value) in &params {
                text::check(name, value)?;
            }
        }
        let axum::extract::Path(value) =
            axum::extract::Path::from_request_parts(parts, state).await?;
        Ok(Self(value))
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        Self::BadRequest(format!("Invalid path: {}", rejection.body_text()))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    /// The answers' bytes did not change when sonic-rs took over from serde_json: every
    /// character below 0x80 and past it (escapes, DEL, U+2028, an emoji), numbers of every kind
    /// and the shapes a body takes.
    #[test]
    fn sonic_rs_writes_the_bytes_serde_json_wrote() {
        let every_ascii: String = (0u8..0x80).map(char::from).collect();
        let values = json!({
            "text": every_ascii,
            "past ascii": "é ü 漢字 \u{2028} \u{2029} \u{feff} 🎨 </script> \\ \"",
            "numbers": [0, -1, 42, i64::MAX, i64::MIN, u64::MAX, 0.1, 4.5, -0.0, 1.0,
                        1e21, 1e-7, 123_456_789.123, f64::MAX, f64::MIN_POSITIVE],
            "empty": [{}, [], "", null, true, false],
        });
        assert_eq!(
            sonic_rs::to_vec(&values).unwrap(),
            serde_json::to_vec(&values).unwrap()
        );
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Shaped {
            id: i64,
            caption: Option<String>,
            rating: Option<f64>,
            tags: Vec<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            left_out: Option<i64>,
        }
        let shaped = vec![Shaped {
            id: 7,
            caption: Some("line\nbreak\ttab".into()),
            rating: Some(4.25),
            tags: vec!["ink".into(), "\u{1}".into()],
            left_out: None,
        }];
        assert_eq!(
            sonic_rs::to_vec(&shaped).unwrap(),
            serde_json::to_vec(&shaped).unwrap()
        );
    }
}
