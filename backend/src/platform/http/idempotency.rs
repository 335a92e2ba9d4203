//! The `Idempotency-Key` header of the money-moving posts (orders, tips, withdrawals).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::kernel::money::parse_idempotency_key;
use crate::platform::http::error::ApiError;

/// The request's `Idempotency-Key`, when it sent one: 1–255 visible ASCII characters, else 400.
pub struct IdempotencyKey(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let key = parts
            .headers
            .get("idempotency-key")
            .map(|value| parse_idempotency_key(value.as_bytes()))
            .transpose()?;
        Ok(Self(key))
    }
}
