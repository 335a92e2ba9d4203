use axum::extract::State;
use axum::http::StatusCode;

use super::{VoiceUpload, create_on};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::comments::Item;
use crate::social::wire::voice_reaction::VoiceReaction;

/// Sends a voice reaction to a reel: an emotion and a recording of 1–60 s (its length measured
/// from the bytes when the container keeps time). The reel's author is told ('leo sent you a
/// voice reaction: Inspired!', folded like likes); who else hears it follows the sender's
/// 'Voice Reactions Privacy'.
#[utoipa::path(
    post, path = "/reels/{id}/voice-reactions", tag = "voice-reactions",
    params(("id" = i64, Path, description = "Reel id")),
    request_body(content(
        (super::NewVoiceReactionRequest = "application/json"),
        (super::NewVoiceReactionForm = "multipart/form-data"),
    )),
    responses(
        (status = 201, description = "The voice reaction", body = VoiceReaction),
        (status = 400, description = "Invalid id; no emotion or not one of love, excited, inspired, impressed; audio missing or not a base64 data URL; a duration (claimed or real) outside 1–60 s; damaged audio; or an unreadable form", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Reel not found (or one you may not see: a private account you do not follow, a block either way)", body = ErrorBody),
        (status = 413, description = "Body too large, audio over 10 MiB, or past your storage", body = ErrorBody),
        (status = 415, description = "Neither JSON nor a multipart form, or audio that is not WebM, Ogg, MP4, MP3 or WAV", body = ErrorBody),
        (status = 429, description = "Over the voice reaction limit (voice reactions in 10 minutes); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_reel_voice_reaction(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    upload: VoiceUpload,
) -> ApiResult<(StatusCode, Json<VoiceReaction>)> {
    create_on(&state, &current, Item::Reel(id), upload).await
}
