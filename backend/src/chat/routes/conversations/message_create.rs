use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::chat::rules::{parse_caption, parse_message};
use crate::chat::service;
use crate::chat::store::messages::{Body, Earlier, Sending, Sent};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::media::AudioKind;
use crate::platform::transcribe;

use crate::chat::store::messages;
use crate::chat::wire::{Message, MessageType};
use crate::platform::http::idempotency::IdempotencyKey;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewMessageRequest {
    /// The text: 1–4000 characters after trimming for a text message; for a voice message an
    /// optional caption of at most 4000 (empty when absent).
    #[schema(max_length = 4000)]
    pub content: Option<String>,
    /// `text` (default) or `voice`; `call` lines are written by the server only, `post` and
    /// `reel` messages by the share endpoints.
    pub message_type: Option<MessageType>,
    /// A message of the same conversation this one answers.
    #[schema(minimum = 1)]
    pub reply_to_id: Option<i64>,
    /// Voice: the recording as a base64 `data:` URL (WebM/Opus, Ogg/Opus, MP4/AAC, MP3 or WAV,
    /// told by its bytes). Stored under its content hash; the message carries `/media/{key}`.
    #[schema(
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*data:[^,\u0000-\u0008\u000B\u000C\u000E-\u001F]*;base64,[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub voice_url: Option<String>,
    /// Voice: its length in whole seconds, 1–60. When the container tells its real length, the
    /// real one is stored.
    #[schema(minimum = 1, maximum = 60)]
    pub duration: Option<i64>,
}

/// Sends a text or voice message; every member's sockets get `newMessage`, and the conversation
/// moves to the top of both lists (back into the other person's if they had left it). With an
/// `Idempotency-Key`, a retry answers the first message (200), stores nothing and sends its
/// `newMessage` again (the instance that stored it may have died before it did).
#[utoipa::path(
    post, path = "/conversations/{id}/messages", tag = "chat",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("Idempotency-Key" = Option<String>, Header, description = "1–255 visible ASCII characters: the same key from the same sender answers the first message again",
         min_length = 1, max_length = 255, pattern = "^[!-~]{1,255}$"),
    ),
    request_body = NewMessageRequest,
    responses(
        (status = 201, description = "The message", body = Message),
        (status = 200, description = "A retried Idempotency-Key: the first message", body = Message),
        (status = 400, description = "Blank or too long text, a reply to a message of another conversation, a `call`, `post` or `reel` message, voice audio missing or not a base64 data URL, a duration (claimed or real) outside 1–60 s, or a malformed Idempotency-Key", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or you can't message this account (one of you blocked the other)", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or voice audio that is not WebM, Ogg, MP4, MP3 or WAV", body = ErrorBody),
        (status = 422, description = "The Idempotency-Key was used for another message (another conversation, type, text or reply); nothing stored", body = ErrorBody),
        (status = 429, description = "Over the messaging limit (messages in 10 seconds); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn send_message(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    IdempotencyKey(key): IdempotencyKey,
    Json(body): Json<NewMessageRequest>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Message, current.user.id).await?;
    let me = current.user.id;
    let key = key.as_deref();
    let sent = match body.message_type.unwrap_or(MessageType::Text) {
        MessageType::Text => {
            let content = parse_message(body.content.as_deref())?;
            let draft = messages::prepare(&state.db, id, me, body.reply_to_id).await?;
            // A retried key is found by the INSERT's unique index: no read before it.
            draft
                .post(&state.db, Body::Text(&content), key, state.clock.now_ms())
                .await?
        }
        MessageType::Voice => {
            let kind = AudioKind::VoiceMessage;
            let (audio, claimed) = kind.parse_upload(body.voice_url.as_deref(), body.duration)?;
            let caption = parse_caption(body.content.as_deref())?;
            // The sender may send here before anything is stored.
            let draft = messages::prepare(&state.db, id, me, body.reply_to_id).await?;
            // A retry finds its message before its audio is stored again.
            if let Some(key) = key {
                let sending = Sending::Voice { caption: &caption };
                if let Some(earlier) = draft.earlier(&state.db, key, sending).await? {
                    return resent(&state, me, earlier).await;
                }
            }
            let stored = state
                .media
                .charged_to(current.user.id)
                .ingest_audio(&state.db, audio, kind, claimed)
                .await?;
            let voice = Body::Voice {
                content: &caption,
                voice_url: &stored.url,
                duration: stored.duration,
            };
            let posted = draft
                .post(&state.db, voice, key, state.clock.now_ms())
                .await?;
            if let Sent::New(posted) = posted {
                return voice_sent(&state, &current, *posted, &stored.key).await;
            }
            posted
        }
        MessageType::Call => {
            return Err(ApiError::bad_request(
                "Call lines are written by the server when a call ends",
            ));
        }
        MessageType::System => {
            return Err(ApiError::bad_request(
                "System lines are written by the server when a group changes",
            ));
        }
        MessageType::Post | MessageType::Reel => {
            return Err(ApiError::bad_request(
                "Posts and reels are shared with POST /api/posts/{id}/share or /api/reels/{id}/share",
            ));
        }
    };
    let posted = match sent {
        Sent::New(posted) => *posted,
        Sent::Earlier(earlier) => return resent(&state, me, earlier).await,
    };
    let message = service::deliver(&state, me, posted, false).await;
    Ok((StatusCode::CREATED, Json(message)))
}

/// A new voice message: delivered, then its transcript queued (issue 47) when this server
/// transcribes and its sender's 'Voice Auto-transcription' is on.
async fn voice_sent(
    state: &AppState,
    current: &CurrentUser,
    posted: messages::Posted,
    media_key: &str,
) -> ApiResult<(StatusCode, Json<Message>)> {
    let me = current.user.id;
    let wanted = state.transcriber.is_some()
        && crate::identity::settings_of(&state.db, me)
            .await?
            .voice_auto_transcription;
    let id = posted.message.id;
    let message = service::deliver(state, me, posted, wanted).await;
    let subject = transcribe::Subject::Message(id);
    if let Err(err) = transcribe::queue(state, subject, me, media_key, wanted).await {
        tracing::warn!(message = id, error = %err, "a voice message's transcript was not queued");
    }
    Ok((StatusCode::CREATED, Json(message)))
}

/// The answer to a send whose Idempotency-Key the sender already used.
async fn resent(
    state: &AppState,
    me: i64,
    earlier: Earlier,
) -> ApiResult<(StatusCode, Json<Message>)> {
    Ok((
        StatusCode::OK,
        Json(service::again(state, me, earlier).await?),
    ))
}
