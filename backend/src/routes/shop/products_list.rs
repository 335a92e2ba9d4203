use axum::extract::State;

use crate::auth::CurrentUser;
use crate::db;
use crate::error::{ApiResult, ErrorBody, Json};
use crate::state::AppState;
use crate::wire::shop::Product;

/// The whole catalogue (at most 100 products) in featured order; search, category and sort
/// happen in the client on this list.
#[utoipa::path(
    get, path = "/products", tag = "shop",
    responses(
        (status = 200, description = "The catalogue, featured order", body = [Product]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_products(
    State(state): State<AppState>,
    _current: CurrentUser,
) -> ApiResult<Json<Vec<Product>>> {
    let mut rows = db::shop::products(&state.db).await?;
    if rows.iter().any(|p| p.image_key.is_none()) {
        // A database the demo seed never ran on: draw the missing pictures once. Requests that
        // arrive together wait for the first one's drawing instead of each drawing all 13.
        static FILLING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
        let _filling = FILLING.lock().await;
        crate::seed::product_images(&state.db, &state.media).await?;
        rows = db::shop::products(&state.db).await?;
    }
    Ok(Json(rows.into_iter().map(Product::from).collect()))
}
