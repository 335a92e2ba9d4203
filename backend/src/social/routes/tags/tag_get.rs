use axum::extract::State;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::rules::tag::TAG_NOT_FOUND;
use crate::social::rules::tag::normalize_tag;
use crate::social::store::tags;
use crate::social::wire::tag::TagSummary;

/// A tag and how many posts carry it (a tag page's header).
#[utoipa::path(
    get, path = "/tags/{tag}", tag = "tags",
    params(("tag" = String, Path, description = "The tag, with or without `#`, any case")),
    responses(
        (status = 200, description = "The tag and its count", body = TagSummary),
        (status = 400, description = "A control character in the tag", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Tag not found: no post has it, or it is not a tag", body = ErrorBody),
    )
)]
pub async fn get_tag(
    State(state): State<AppState>,
    _current: CurrentUser,
    Path(tag): Path<String>,
) -> ApiResult<Json<TagSummary>> {
    let not_found = || ApiError::not_found(TAG_NOT_FOUND);
    let tag = normalize_tag(&tag).ok_or_else(not_found)?;
    let row = tags::find(&state.db, &tag).await?.ok_or_else(not_found)?;
    Ok(Json(row.into()))
}
