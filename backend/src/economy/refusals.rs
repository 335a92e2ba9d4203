//! How the economy's refusals read over HTTP (docs/shop-contract.md and
//! docs/economy-contract.md's words and codes), written once for every route that meets them.

use axum::http::StatusCode;

use crate::economy::checkout::TipError;
use crate::economy::checkouts::{MAX_LINES, OpenError, PayError};
use crate::economy::store::reviews::{ReviewView, Written};
use crate::economy::store::tips::Unreachable;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::kernel::money::PRODUCT_NOT_FOUND;
use crate::platform::http::error::ApiError;

/// A payment sent to the step of the provider that does not take the payments here.
fn wrong_provider() -> ApiError {
    ApiError::coded(
        StatusCode::CONFLICT,
        "wrong_provider",
        "This payment step belongs to the other payment provider (see /api/payments/config)",
    )
}

/// The provider could not be reached; nothing changed.
fn provider_down(cause: &anyhow::Error) -> ApiError {
    tracing::error!(error = ?cause, "the payment provider failed");
    ApiError::Unavailable("The payment provider could not be reached: try again")
}

/// A tip that was not paid.
impl From<TipError> for ApiError {
    fn from(err: TipError) -> Self {
        match err {
            TipError::ToYourself => Self::bad_request("You cannot tip yourself"),
            TipError::Unreachable(Unreachable::User) => Self::not_found(USER_NOT_FOUND),
            TipError::Unreachable(Unreachable::Post) => Self::not_found("Post not found"),
            TipError::Unreachable(Unreachable::Reel) => Self::not_found("Reel not found"),
            TipError::InFlight => Self::Conflict {
                message: "Your tip is still being processed".into(),
                code: "tip_in_flight",
            },
            TipError::WrongProvider => wrong_provider(),
            TipError::Provider(cause) => provider_down(&cause),
            TipError::KeyReused => Self::unprocessable(
                "idempotency_key_reused",
                "This Idempotency-Key was used for another tip",
            ),
            TipError::Declined => {
                Self::unprocessable("payment_declined", "The payment was declined")
            }
            TipError::Card(problem) => {
                Self::coded(StatusCode::BAD_REQUEST, "card_invalid", problem.message())
            }
            TipError::CardDeclined(message) => {
                Self::coded(StatusCode::PAYMENT_REQUIRED, "card_declined", message)
            }
            TipError::Failed(cause) => Self::Internal(cause),
        }
    }
}

/// A checkout that was not opened (docs/payments.md's words and codes).
impl From<OpenError> for ApiError {
    fn from(err: OpenError) -> Self {
        match err {
            OpenError::Empty => Self::bad_request("Your cart is empty"),
            OpenError::TooManyLines => Self::bad_request(format!(
                "At most {MAX_LINES} different items can be checked out at once"
            )),
            OpenError::DuplicateLine => Self::bad_request("Each product may appear once"),
            OpenError::ProductNotFound => Self::not_found(PRODUCT_NOT_FOUND),
            OpenError::OwnWork => Self::unprocessable("own_work", "You cannot buy your own work"),
            OpenError::DigitalQuantity => {
                Self::bad_request("A digital work is bought one at a time")
            }
            OpenError::AddressRequired => Self::coded(
                StatusCode::UNPROCESSABLE_ENTITY,
                "address_required",
                "Add a shipping address for the physical items",
            ),
            OpenError::OutOfStock { left, .. } if left > 0 => {
                Self::unprocessable("insufficient_stock", format!("Only {left} left in stock"))
            }
            OpenError::OutOfStock { name, .. } => {
                Self::unprocessable("sold_out", format!("{name} is sold out"))
            }
            OpenError::PriceChanged {
                product_id,
                unit_price,
            } => Self::PriceChanged {
                product_id,
                unit_price,
            },
            OpenError::KeyReused => Self::unprocessable(
                "idempotency_key_reused",
                "This Idempotency-Key was already used for a different checkout",
            ),
            OpenError::Failed(err) => err.into(),
        }
    }
}

/// A payment that did not go through (docs/payments.md's words and codes).
impl From<PayError> for ApiError {
    fn from(err: PayError) -> Self {
        match err {
            PayError::NotFound => Self::not_found("Order not found"),
            PayError::Closed => Self::coded(
                StatusCode::CONFLICT,
                "checkout_closed",
                "This checkout has ended: review your cart again",
            ),
            PayError::WrongStep => Self::coded(
                StatusCode::CONFLICT,
                "wrong_step",
                "This payment is not waiting for that step",
            ),
            PayError::Card(problem) => {
                Self::coded(StatusCode::BAD_REQUEST, "card_invalid", problem.message())
            }
            PayError::Declined(message) => {
                Self::coded(StatusCode::PAYMENT_REQUIRED, "card_declined", message)
            }
            PayError::WrongProvider => wrong_provider(),
            PayError::Provider(cause) => provider_down(&cause),
            PayError::Failed(err) => err.into(),
        }
    }
}

pub const REVIEW_OWN_PRODUCT: &str = "You cannot review your own product";
pub const REVIEW_NOT_BUYER: &str = "Only people who bought this product can review it";
pub const REVIEW_TWICE: &str = "You already reviewed this product: edit your review instead";
pub const REVIEW_NONE: &str = "You have not reviewed this product";

/// The review a write answers, or why there is none (docs/shop-contract.md "Reviews").
pub fn written(written: Written) -> Result<ReviewView, ApiError> {
    match written {
        Written::Review(review) => Ok(*review),
        Written::ProductNotFound => Err(ApiError::not_found(PRODUCT_NOT_FOUND)),
        Written::OwnProduct => Err(ApiError::bad_request(REVIEW_OWN_PRODUCT)),
        Written::NotBuyer => Err(ApiError::coded(
            StatusCode::FORBIDDEN,
            "not_a_buyer",
            REVIEW_NOT_BUYER,
        )),
        Written::AlreadyReviewed => Err(ApiError::Conflict {
            message: REVIEW_TWICE.into(),
            code: "already_reviewed",
        }),
        Written::NoReview => Err(ApiError::not_found(REVIEW_NONE)),
    }
}
