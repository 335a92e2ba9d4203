use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::chat::rules::MESSAGE_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::moderation::rules::{ReportReason, ReportTargetType};
use crate::moderation::service;
use crate::moderation::store::reports::{NewReport, Reported};
use crate::moderation::wire::ReportCreated;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::rules::comment::COMMENT_NOT_FOUND;
use crate::social::rules::post::POST_NOT_FOUND;
use crate::social::rules::reel::REEL_NOT_FOUND;
use crate::social::rules::story::STORY_NOT_FOUND;
use crate::social::rules::voice_reaction::VOICE_REACTION_NOT_FOUND;

const DETAILS_MAX: usize = 1000;

/// A report of a post, comment, reel, story, message, account, product review or voice
/// reaction.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewReportRequest {
    pub target_type: ReportTargetType,
    /// The post's, comment's, reel's, story's, message's, account's, review's or voice
    /// reaction's id.
    #[schema(minimum = 1)]
    pub target_id: i64,
    pub reason: ReportReason,
    /// What else the admins should know: at most 1000 characters, stored trimmed.
    #[schema(max_length = 1000)]
    pub details: Option<String>,
    /// Also send the report to the server of the account it is about, when that account is
    /// another server's (an ActivityPub `Flag`, sent for no one in particular). Default false.
    #[serde(default)]
    pub forward: bool,
}

/// Reports something to the admins. The first report of a target opens its case in the
/// moderation queue; each reporter counts once: reporting the same target again answers 200
/// with the same id and changes nothing. A message is reported only by a member of its
/// conversation; a block does not stop a report (the content of someone you blocked can be
/// reported), a private account's posts are reported by its followers.
#[utoipa::path(
    post, path = "/reports", tag = "reports",
    request_body = NewReportRequest,
    responses(
        (status = 201, description = "Reported", body = ReportCreated),
        (status = 200, description = "Reported before by you: the same report, nothing changed", body = ReportCreated),
        (status = 400, description = "`You cannot report yourself` (your account or your own content), an unknown target type or reason, details over 1000 characters, or a missing or invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such target (or one you cannot see: a message of another conversation)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Over the report limit (reports an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_report(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewReportRequest>,
) -> ApiResult<(StatusCode, Json<ReportCreated>)> {
    let details = body
        .details
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty());
    if details.is_some_and(|d| d.chars().count() > DETAILS_MAX) {
        return Err(ApiError::bad_request(
            "Details must be at most 1000 characters",
        ));
    }
    state.limits.check(Limit::Report, current.user.id).await?;
    let reported = service::report(
        &state,
        NewReport {
            reporter: current.user.id,
            target: body.target_type,
            target_id: body.target_id,
            reason: body.reason,
            details,
            now: state.clock.now_ms(),
        },
        body.forward,
    )
    .await?;
    match reported {
        Reported::Created(id) => Ok((StatusCode::CREATED, Json(ReportCreated { id }))),
        Reported::Again(id) => Ok((StatusCode::OK, Json(ReportCreated { id }))),
        Reported::NotFound => Err(ApiError::not_found(not_found(body.target_type))),
        Reported::Yourself => Err(ApiError::bad_request("You cannot report yourself")),
    }
}

fn not_found(target: ReportTargetType) -> &'static str {
    match target {
        ReportTargetType::Post => POST_NOT_FOUND,
        ReportTargetType::Comment => COMMENT_NOT_FOUND,
        ReportTargetType::Reel => REEL_NOT_FOUND,
        ReportTargetType::Story => STORY_NOT_FOUND,
        ReportTargetType::Message => MESSAGE_NOT_FOUND,
        ReportTargetType::User => USER_NOT_FOUND,
        ReportTargetType::Review => "Review not found",
        ReportTargetType::VoiceReaction => VOICE_REACTION_NOT_FOUND,
    }
}
