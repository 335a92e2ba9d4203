use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::posting;
use crate::social::rules::reel::REEL_DRAFT_NOT_FOUND;
use crate::social::store::reel_drafts::{self, PublishedReel};
use crate::social::wire::reel::Reel;

/// Publishes your reel draft now (issue 44): a new reel, posted at this moment (its place in
/// the pager and its `createdAt`), counted by the posting limit now; the draft is gone. A person
/// its caption names is told, as for a reel posted directly.
#[utoipa::path(
    post, path = "/reel-drafts/{id}/publish", tag = "reels",
    params(("id" = i64, Path, description = "Reel draft id")),
    responses(
        (status = 201, description = "The reel", body = Reel),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Reel draft not found (or not yours, or published already)", body = ErrorBody),
        (status = 429, description = "Over the posting limit (posts, reels and stories together, an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn publish_reel_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<(StatusCode, Json<Reel>)> {
    let me = current.user.id;
    let now = state.clock.now_ms();
    crate::identity::may_publish(&current.user, now)?;
    // Someone else's id is not counted against the caller: it is simply not there.
    if reel_drafts::find(&state.db, me, id).await?.is_none() {
        return Err(ApiError::not_found(REEL_DRAFT_NOT_FOUND));
    }
    state.limits.check(Limit::Publish, me).await?;
    let Some(PublishedReel { reel_id, caption }) =
        reel_drafts::publish_now(&state.db, me, id, now).await?
    else {
        return Err(ApiError::not_found(REEL_DRAFT_NOT_FOUND));
    };
    tracing::info!(user_id = me, reel_id, draft_id = id, "reel draft published");
    let reel = posting::tell_reel_mentions(&state, me, reel_id, &caption, now).await?;
    Ok((StatusCode::CREATED, Json(reel)))
}
