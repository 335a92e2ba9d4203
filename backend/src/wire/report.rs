//! Reports and the moderation queue's answers (issue 20).

use serde::Serialize;
use utoipa::ToSchema;

use super::iso_time;
use super::user::CommentUser;
use crate::db::reports::CaseRow;
use crate::domain::{ReportAction, ReportReason, ReportStatus, ReportTargetType};

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
    pub author: CommentUser,
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
            author: CommentUser {
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
