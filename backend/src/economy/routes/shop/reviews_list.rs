use axum::extract::State;
use axum::response::Response;

use crate::economy::store::reviews;
use crate::economy::wire::shop::{ProductReviews, Review};
use crate::identity::CurrentUser;
use crate::kernel::money::PRODUCT_NOT_FOUND;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::http::wire::paged;
use crate::platform::state::AppState;

/// A product's reviews, newest first, by page, with its average and count (over all its
/// reviews) and what the viewer may do: `canReview` when they bought it, do not sell it and
/// have not reviewed it; `viewerReview` is theirs. Reviews by an account blocked either way are
/// left out of the list (not of the count).
#[utoipa::path(
    get, path = "/products/{id}/reviews", tag = "shop",
    params(("id" = i64, Path, description = "Product id"), PageQuery),
    responses(
        (status = 200, description = "A page of reviews, newest first, with the product's aggregate", body = ProductReviews,
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older reviews; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "`Product not found` (or a creator's work behind a block)", body = ErrorBody),
    )
)]
pub async fn list_reviews(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let viewer = current.user.id;
    let mut conn = state.db.pool.acquire().await?;
    let product = reviews::product_for(&mut conn, viewer, id)
        .await?
        .ok_or_else(|| ApiError::not_found(PRODUCT_NOT_FOUND))?;
    let own = reviews::own(&mut conn, id, viewer).await?;
    let can_review = own.is_none()
        && product.seller_id != Some(viewer)
        && reviews::has_bought(&mut conn, viewer, id).await?;
    drop(conn);
    let rows = reviews::page(&state.db, id, viewer, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    let viewer_review = own
        .filter(|review| review.removed_at.is_none())
        .map(Review::from);
    let answer = ProductReviews::new(
        &product,
        can_review,
        viewer_review,
        rows.into_iter().map(Review::from).collect(),
    );
    Ok(paged(answer, next))
}
