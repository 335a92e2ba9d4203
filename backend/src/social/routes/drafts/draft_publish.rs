use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{DRAFT_NOT_FOUND, one_draft};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::rules::post::{IMAGE_REQUIRED, parse_schedule};
use crate::social::scheduled;
use crate::social::store::drafts::{self, NotPublished};
use crate::social::wire::draft::Draft;
use crate::social::wire::post::Post;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishRequest {
    /// When to publish, as an ISO-8601 date and time with its offset, 10 minutes to 90 days
    /// ahead; left out, now.
    pub at: Option<String>,
}

/// Publishes your draft now (201, the post; the draft is gone), or schedules it (`at`: 200, the
/// draft with `scheduledAt`; it goes out within 30 s of that time, as posted then). Scheduling
/// again moves the time.
#[utoipa::path(
    post, path = "/drafts/{id}/publish", tag = "drafts",
    params(("id" = i64, Path, description = "Draft id")),
    request_body = PublishRequest,
    responses(
        (status = 200, description = "Scheduled: the draft with its `scheduledAt`", body = Draft),
        (status = 201, description = "Published now: the post", body = Post),
        (status = 400, description = "Invalid id; a draft without an image ('Please select an image or enter a URL'); a time that is not ISO-8601 with an offset, under 10 minutes or over 90 days ahead", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Draft not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Publishing now, over the posting limit (posts, reels and stories together, an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn publish_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<PublishRequest>,
) -> ApiResult<Response> {
    let me = current.user.id;
    let now = state.clock.now_ms();
    crate::identity::may_publish(&current.user, now)?;
    if let Some(raw) = body.at.as_deref() {
        let at = parse_schedule(raw, now)?;
        if !drafts::schedule(&state.db, me, id, Some(at), now).await? {
            return Err(match drafts::find(&state.db, me, id).await? {
                Some(_) => ApiError::bad_request(IMAGE_REQUIRED),
                None => ApiError::not_found(DRAFT_NOT_FOUND),
            });
        }
        return Ok(Json(one_draft(&state.db, me, id).await?).into_response());
    }
    // Published now: counted now (a scheduled one is counted when it goes out).
    if drafts::find(&state.db, me, id).await?.is_none() {
        return Err(ApiError::not_found(DRAFT_NOT_FOUND));
    }
    state.limits.check(Limit::Publish, me).await?;
    match drafts::publish_now(&state.db, me, id, now).await? {
        Ok(published) => {
            let post = scheduled::went_out(&state, published, now).await?;
            Ok((StatusCode::CREATED, Json(post)).into_response())
        }
        Err(NotPublished::NotFound) => Err(ApiError::not_found(DRAFT_NOT_FOUND)),
        Err(NotPublished::NoImage) => Err(ApiError::bad_request(IMAGE_REQUIRED)),
    }
}
