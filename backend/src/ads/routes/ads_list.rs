use axum::extract::State;

use crate::ads::store;
use crate::ads::wire::Ad;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// The ads of one placement that may be shown now, least shown first (rotation).
async fn serve(
    state: &AppState,
    current: &CurrentUser,
    category: &str,
) -> ApiResult<Json<Vec<Ad>>> {
    let rows = store::serving(&state.db, category, state.clock.now_ms()).await?;
    let with_stats = current.user.is_admin != 0;
    Ok(Json(
        rows.into_iter()
            .map(|row| Ad::of(row, with_stats))
            .collect(),
    ))
}

/// Feed ads (explore's sponsored cards): active, inside their dates, revenue below budget; at
/// most 10, least shown first.
#[utoipa::path(
    get, path = "/feed", tag = "ads",
    responses(
        (status = 200, description = "Ads to show, least shown first", body = [Ad]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_feed_ads(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Vec<Ad>>> {
    serve(&state, &current, "feed").await
}

/// Banner ads (home; the client shows the first): active, inside their dates, revenue below
/// budget; at most 10, least shown first.
#[utoipa::path(
    get, path = "/banner", tag = "ads",
    responses(
        (status = 200, description = "Ads to show, least shown first", body = [Ad]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_banner_ads(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Vec<Ad>>> {
    serve(&state, &current, "banner").await
}

/// Story ads (sponsored stories between creators' groups in the story viewer): active, inside
/// their dates, revenue below budget; at most 10, least shown first.
#[utoipa::path(
    get, path = "/story", tag = "ads",
    responses(
        (status = 200, description = "Ads to show, least shown first", body = [Ad]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_story_ads(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Vec<Ad>>> {
    serve(&state, &current, "story").await
}

/// Sidebar ads: active, inside their dates, revenue below budget; at most 10, least shown first.
#[utoipa::path(
    get, path = "/sidebar", tag = "ads",
    responses(
        (status = 200, description = "Ads to show, least shown first", body = [Ad]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_sidebar_ads(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Vec<Ad>>> {
    serve(&state, &current, "sidebar").await
}
