//! Reports and the moderation queue's answers (issue 20).

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserCard;
use crate::moderation::rules::{ReportAction, ReportReason, ReportStatus, ReportTargetType};
use crate::moderation::store::blocks::BlockedUser;
use crate::moderation::store::reports::{CaseRow, TargetRow};
use crate::platform::http::wire::iso_time;

/// A stored report.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportCreated {
    /// The report's id (the same when the target is reported again by the same person).
    pub id: i64,
}

/// One reported target in the moderation queue, with every report of it counted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportCase {
    /// The case's id (PUT /api/admin/reports/{id}).
    pub id: i64,
    pub target_type: ReportTargetType,
    pub target_id: i64,
    /// The target's text when first reported (at most 280 characters): a caption, a comment or
    /// message, a story's caption or image, an account's name.
    pub preview: String,
    /// Who wrote the target (the account itself for a reported account).
    pub author: UserCard,
    pub reports_count: i64,
    /// Every reason given, each once.
    pub reasons: Vec<ReportReason>,
    /// ISO-8601 UTC.
    pub first_reported_at: String,
    pub status: ReportStatus,
    /// The decision, once resolved.
    #[schema(required = true)]
    pub action: Option<ReportAction>,
}

impl From<CaseRow> for ReportCase {
    fn from(row: CaseRow) -> Self {
        Self {
            id: row.id,
            // The table's CHECKs allow only these names.
            target_type: ReportTargetType::from_stored(&row.target_type)
                .unwrap_or(ReportTargetType::User),
            target_id: row.target_id,
            preview: row.preview,
            author: UserCard {
                id: row.author_id,
                username: row.author_username,
                display_name: row.author_display_name,
                profile_image_url: row.author_profile_image,
            },
            reports_count: row.reports_count,
            reasons: ReportReason::all_in(row.reasons),
            first_reported_at: iso_time(row.first_reported_at),
            status: ReportStatus::from_stored(&row.status).unwrap_or_default(),
            action: row.action.as_deref().and_then(ReportAction::from_stored),
        }
    }
}

/// A reported target as an admin opens it from the queue (read-only, whatever its privacy).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedContent {
    pub target_type: ReportTargetType,
    pub target_id: i64,
    /// Who wrote it (the account itself for a reported account).
    pub author: UserCard,
    /// The whole caption, comment or message; an account's name and bio.
    pub text: String,
    /// A post's or story's image, a reel's poster, an account's avatar.
    #[schema(required = true)]
    pub image_url: Option<String>,
    /// A reel's video.
    #[schema(required = true)]
    pub video_url: Option<String>,
    /// A voice message's recording.
    #[schema(required = true)]
    pub audio_url: Option<String>,
    /// The post or reel a comment is on, the conversation of a message; else null.
    #[schema(required = true)]
    pub context_id: Option<i64>,
    /// Moderation removed it (an account: it is deactivated).
    pub removed: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<TargetRow> for ReportedContent {
    fn from(row: TargetRow) -> Self {
        Self {
            target_type: ReportTargetType::from_stored(&row.target_type)
                .unwrap_or(ReportTargetType::User),
            target_id: row.target_id,
            author: UserCard {
                id: row.author_id,
                username: row.author_username,
                display_name: row.author_display_name,
                profile_image_url: row.author_profile_image,
            },
            text: row.text,
            image_url: row.image_url,
            video_url: row.video_url,
            audio_url: row.audio_url,
            context_id: row.context_id,
            removed: row.removed_at.is_some(),
            created_at: iso_time(row.created_at),
        }
    }
}

impl From<BlockedUser> for UserCard {
    fn from(row: BlockedUser) -> Self {
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            profile_image_url: row.profile_image,
        }
    }
}
