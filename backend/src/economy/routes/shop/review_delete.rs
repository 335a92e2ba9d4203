use axum::extract::State;
use axum::http::StatusCode;

use crate::economy::refusals::REVIEW_NONE;
use crate::economy::store::reviews;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;

/// Deletes the session user's review of a product; it leaves the product's average and count.
#[utoipa::path(
    delete, path = "/products/{id}/reviews/mine", tag = "shop",
    params(("id" = i64, Path, description = "Product id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "An invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 404, description = "`You have not reviewed this product`", body = ErrorBody),
    )
)]
pub async fn delete_review(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    if reviews::delete(&state.db, id, current.user.id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(REVIEW_NONE))
    }
}
