use axum::extract::State;

use super::review_create::ReviewRequest;
use crate::economy::refusals::written;
use crate::economy::store::reviews;
use crate::economy::wire::shop::Review;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// Replaces the stars and text of the session user's review of a product; the product's
/// average moves in the same transaction.
#[utoipa::path(
    put, path = "/products/{id}/reviews/mine", tag = "shop",
    params(("id" = i64, Path, description = "Product id")),
    request_body = ReviewRequest,
    responses(
        (status = 200, description = "The edited review", body = Review),
        (status = 400, description = "`Rating must be a whole number from 1 to 5`, `Review text must be at most 1000 characters`, or an invalid id; nothing changed", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "`Product not found`, or `You have not reviewed this product`", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_review(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<ReviewRequest>,
) -> ApiResult<Json<Review>> {
    let draft = body.draft()?;
    let now = state.clock.now_ms();
    crate::identity::may_publish(&current.user, now)?;
    let review = written(reviews::update(&state.db, id, current.user.id, &draft, now).await?)?;
    Ok(Json(review.into()))
}
