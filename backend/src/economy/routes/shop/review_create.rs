use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::economy::refusals::written;
use crate::economy::rules::ReviewDraft;
use crate::economy::store::reviews;
use crate::economy::wire::shop::Review;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// A review: its stars and optional text (a new one, or the whole of an edited one).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    /// A whole number of stars, 1 to 5.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5)]
    pub rating: Option<Value>,
    /// At most 1000 characters, stored trimmed; blank or null: stars only.
    #[schema(max_length = 1000)]
    pub text: Option<String>,
}

impl ReviewRequest {
    pub fn draft(&self) -> Result<ReviewDraft, crate::kernel::error::DomainError> {
        ReviewDraft::parse(self.rating.as_ref(), self.text.as_deref())
    }
}

/// Reviews a product its author bought (a paid order of it), once: a second review is 409 and
/// the first is edited instead (PUT …/reviews/mine). The product's average and count move in
/// the same transaction.
#[utoipa::path(
    post, path = "/products/{id}/reviews", tag = "shop",
    params(("id" = i64, Path, description = "Product id")),
    request_body = ReviewRequest,
    responses(
        (status = 201, description = "The new review", body = Review),
        (status = 400, description = "`Rating must be a whole number from 1 to 5`, `Review text must be at most 1000 characters`, `You cannot review your own product`, or an invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`not_a_buyer`: no paid order of this product; `email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "`Product not found` (or a creator's work behind a block)", body = ErrorBody),
        (status = 409, description = "`already_reviewed`: edit the review instead; nothing changed", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn create_review(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<ReviewRequest>,
) -> ApiResult<(StatusCode, Json<Review>)> {
    let draft = body.draft()?;
    let now = state.clock.now_ms();
    crate::identity::may_publish(&current.user, now)?;
    let review = written(reviews::create(&state.db, id, current.user.id, &draft, now).await?)?;
    Ok((StatusCode::CREATED, Json(review.into())))
}
