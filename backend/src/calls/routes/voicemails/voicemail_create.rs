use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::calls::store::voicemails::NewVoicemail;
use crate::chat::rules::CANNOT_MESSAGE;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::Limit;
use crate::platform::media::AudioKind;

use crate::calls::service;
use crate::calls::wire::Voicemail;
use crate::chat;
use crate::platform::db::visibility;
use crate::platform::state::AppState;

const NOT_A_CONTACT: &str = "You can only leave voicemails for people you chat with";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewVoicemailRequest {
    /// The recipient: someone you share a conversation with.
    #[schema(minimum = 1)]
    pub to_user_id: i64,
    /// The recording as a base64 `data:` URL (WebM/Opus, Ogg/Opus, MP4/AAC, MP3 or WAV, told by
    /// its bytes).
    #[schema(
        required = true,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*data:[^,\u0000-\u0008\u000B\u000C\u000E-\u001F]*;base64,[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub voice_url: Option<String>,
    /// Whole seconds, 1–30. When the container tells its real length, the real one is stored.
    #[schema(required = true, minimum = 1, maximum = 30)]
    pub duration: Option<i64>,
}

/// Leaves a voicemail for someone you share a conversation with; their sockets get
/// `voicemail`. The server transcribes it (issue 47) when your 'Voice Auto-transcription' is
/// on: `transcribing` until the `transcript` event.
#[utoipa::path(
    post, path = "/voicemails", tag = "voicemail",
    request_body = NewVoicemailRequest,
    responses(
        (status = 201, description = "The voicemail (as its recipient sees it)", body = Voicemail),
        (status = 400, description = "Audio missing or not a base64 data URL, a duration (claimed or real) outside 1–30 s, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or not someone you chat with (or no such user), one of you blocked the other ('You can't message this account'), or a cross-site request", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or audio that is not WebM, Ogg, MP4, MP3 or WAV", body = ErrorBody),
        (status = 429, description = "Over the messaging limit (messages in 10 seconds); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn send_voicemail(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewVoicemailRequest>,
) -> ApiResult<(StatusCode, Json<Voicemail>)> {
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Message, current.user.id).await?;
    let me = current.user.id;
    let kind = AudioKind::Voicemail;
    if body.to_user_id == me {
        return Err(ApiError::bad_request(
            "You cannot leave yourself a voicemail",
        ));
    }
    let (audio, claimed) = kind.parse_upload(body.voice_url.as_deref(), body.duration)?;
    // Strangers cannot fill an inbox: checked before anything is stored.
    if !chat::share_a_conversation(&state.db, me, body.to_user_id).await? {
        return Err(ApiError::Forbidden(NOT_A_CONTACT));
    }
    if visibility::blocked_between(&state.db, me, body.to_user_id).await? {
        return Err(ApiError::Forbidden(CANNOT_MESSAGE));
    }
    let stored = state
        .media
        .charged_to(current.user.id)
        .ingest_audio(&state.db, audio, kind, claimed)
        .await?;
    let voicemail = service::leave_voicemail(
        &state,
        NewVoicemail {
            sender_id: me,
            recipient_id: body.to_user_id,
            media_key: &stored.key,
            duration: stored.duration,
            created_at: state.clock.now_ms(),
        },
    )
    .await?;
    Ok((StatusCode::CREATED, Json(voicemail)))
}
