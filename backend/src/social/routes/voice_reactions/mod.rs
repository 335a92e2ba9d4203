//! Voice reactions to posts and reels (issue 43, docs/community-contract.md "Voice reactions"):
//! sending one (an emotion and a recording, as a multipart form or as JSON with a data URL),
//! an item's page of those the viewer may hear with the counts by emotion, and deleting one.

mod post_voice_reaction_create;
mod post_voice_reactions_list;
mod reel_voice_reaction_create;
mod reel_voice_reactions_list;
mod voice_reaction_delete;

use axum::extract::{FromRequest, Multipart, Request};
use axum::http::{StatusCode, header};
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, Json};
use crate::platform::http::form::{bounded, text_part};
use crate::platform::http::wire::paged;
use crate::platform::limits::Limit;
use crate::platform::media::AudioKind;
use crate::platform::state::AppState;
use crate::platform::transcribe;
use crate::social::refusals::item_not_found;
use crate::social::rules::voice_reaction::Emotion;
use crate::social::service;
use crate::social::store::comments::Item;
use crate::social::store::voice_reactions::{self, NewVoiceReaction};
use crate::social::wire::voice_reaction::{EmotionCounts, VoiceReaction, VoiceReactionPage};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            post_voice_reactions_list::list_post_voice_reactions,
            post_voice_reaction_create::create_post_voice_reaction
        ))
        .routes(routes!(
            reel_voice_reactions_list::list_reel_voice_reactions,
            reel_voice_reaction_create::create_reel_voice_reaction
        ))
        .routes(routes!(voice_reaction_delete::delete_voice_reaction))
}

/// The largest recording a form may carry (a minute of Opus is well under 1 MiB; WAV is not).
const AUDIO_MAX_BYTES: usize = 10 * 1024 * 1024;
/// A text part is read up to this many bytes.
const FIELD_MAX_BYTES: usize = 64;
const AUDIO_TOO_BIG: &str = "Voice reactions must be at most 10 MB";

/// A voice reaction as JSON, its recording a base64 `data:` URL.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewVoiceReactionRequest {
    #[schema(required = true)]
    pub emotion: Option<Emotion>,
    /// The recording as a base64 `data:` URL (WebM/Opus, Ogg/Opus, MP4/AAC, MP3 or WAV, told by
    /// its bytes).
    #[schema(
        required = true,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*data:[^,\u0000-\u0008\u000B\u000C\u000E-\u001F]*;base64,[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub voice_url: Option<String>,
    /// Whole seconds, 1–60. When the container tells its real length, the real one is stored.
    #[schema(required = true, minimum = 1, maximum = 60)]
    pub duration: Option<i64>,
}

/// The same as a multipart form (described for the OpenAPI document; read part by part).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct NewVoiceReactionForm {
    /// `love`, `excited`, `inspired` or `impressed`.
    pub emotion: Emotion,
    /// The recording (WebM/Opus, Ogg/Opus, MP4/AAC, MP3 or WAV, told by its bytes), at most
    /// 10 MiB.
    #[schema(value_type = String, format = Binary)]
    pub audio: Vec<u8>,
    /// Whole seconds, 1–60, as the recorder measured it.
    #[schema(minimum = 1, maximum = 60)]
    pub duration: i64,
}

/// A voice reaction as the request carried it, not yet checked.
pub struct VoiceUpload {
    emotion: Option<String>,
    voice_url: Option<String>,
    audio: Option<Vec<u8>>,
    duration: Option<i64>,
}

impl<S: Send + Sync> FromRequest<S> for VoiceUpload {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let multipart = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| {
                value
                    .trim_start()
                    .to_ascii_lowercase()
                    .starts_with("multipart/form-data")
            });
        if !multipart {
            let Json(body) = Json::<NewVoiceReactionRequest>::from_request(request, state).await?;
            return Ok(Self {
                emotion: body.emotion.map(|emotion| emotion.as_str().to_owned()),
                voice_url: body.voice_url,
                audio: None,
                duration: body.duration,
            });
        }
        let mut form = Multipart::from_request(request, state)
            .await
            .map_err(|_| ApiError::bad_request("The form could not be read"))?;
        let mut upload = Self {
            emotion: None,
            voice_url: None,
            audio: None,
            duration: None,
        };
        while let Some(field) = form.next_field().await? {
            let name = field.name().map(str::to_owned);
            match name.as_deref() {
                Some("audio") if upload.audio.is_none() => {
                    let bytes = bounded(field, AUDIO_MAX_BYTES)
                        .await?
                        .ok_or(ApiError::TooLarge(AUDIO_TOO_BIG))?;
                    upload.audio = (!bytes.is_empty()).then_some(bytes);
                }
                Some("emotion") => {
                    upload.emotion = text_part(field, "emotion", FIELD_MAX_BYTES).await?;
                }
                Some("duration") => {
                    let text = text_part(field, "duration", FIELD_MAX_BYTES).await?;
                    upload.duration = Some(
                        text.as_deref()
                            .and_then(|text| text.trim().parse().ok())
                            .unwrap_or(0),
                    );
                }
                // Other parts are skipped unread.
                _ => {}
            }
        }
        Ok(upload)
    }
}

/// POST …/voice-reactions on a post or a reel: parsed, measured and stored, then written with
/// the author's notification. Nothing is stored when any check refuses it.
async fn create_on(
    state: &AppState,
    current: &CurrentUser,
    item: Item,
    upload: VoiceUpload,
) -> ApiResult<(StatusCode, Json<VoiceReaction>)> {
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state
        .limits
        .check(Limit::VoiceReaction, current.user.id)
        .await?;
    let me = current.user.id;
    let emotion = Emotion::parse(upload.emotion.as_deref())?;
    let kind = AudioKind::VoiceReaction;
    let (audio, claimed) = match upload.audio {
        Some(bytes) => match upload.duration {
            Some(secs) if (1..=kind.max_secs()).contains(&secs) => (bytes, secs),
            _ => return Err(ApiError::bad_request(kind.out_of_range())),
        },
        None => kind.parse_upload(upload.voice_url.as_deref(), upload.duration)?,
    };
    // The item must show to the sender before anything is stored.
    if voice_reactions::item_author(&state.db, me, item)
        .await?
        .is_none()
    {
        return Err(item_not_found(item));
    }
    let stored = state
        .media
        .charged_to(me)
        .ingest_audio(&state.db, audio, kind, claimed)
        .await?;
    let reaction = service::react_by_voice(
        state,
        NewVoiceReaction {
            item,
            user_id: me,
            emotion,
            media_key: &stored.key,
            duration: stored.duration,
            created_at: state.clock.now_ms(),
        },
    )
    .await?
    .ok_or_else(|| item_not_found(item))?;
    tracing::info!(
        user_id = me,
        voice_reaction_id = reaction.id,
        duration = reaction.duration,
        "voice reaction sent"
    );
    let mut reaction = VoiceReaction::from(reaction);
    // Its transcript (issue 47), when this server transcribes and the sender's switch is on.
    let wanted = state.transcriber.is_some()
        && crate::identity::settings_of(&state.db, me)
            .await?
            .voice_auto_transcription;
    let subject = transcribe::Subject::VoiceReaction(reaction.id);
    reaction.transcribing = transcribe::queue(state, subject, me, &stored.key, wanted).await?;
    Ok((StatusCode::CREATED, Json(reaction)))
}

/// GET …/voice-reactions of a post or a reel.
async fn list_on(
    state: &AppState,
    current: &CurrentUser,
    item: Item,
    query: &PageQuery,
) -> ApiResult<Response> {
    let page = Page::parse(query)?;
    let heard = voice_reactions::page(&state.db, current.user.id, item, page)
        .await?
        .ok_or_else(|| item_not_found(item))?;
    let (rows, next) = page.split(heard.rows, |row| row.id);
    let counts = EmotionCounts::from_rows(&heard.counts);
    let total = counts.love + counts.excited + counts.inspired + counts.impressed;
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let mut transcripts = transcribe::of(&state.db, transcribe::Kind::VoiceReaction, &ids).await?;
    let answer = VoiceReactionPage {
        items: rows
            .into_iter()
            .map(|row| {
                let mut reaction = VoiceReaction::from(row);
                if let Some(transcript) = transcripts.remove(&reaction.id) {
                    reaction.transcribing = transcript.pending() && state.transcriber.is_some();
                    reaction.transcript = transcript.text().map(str::to_owned);
                }
                reaction
            })
            .collect(),
        counts,
        total,
    };
    Ok(paged(answer, next))
}
