//! The admin area's answers: revenue, users, the audit log.

use serde::Serialize;
use utoipa::ToSchema;

use crate::admin::store::{AdminUserRow, AuditRow};
use crate::platform::http::wire::iso_time;

/// Totals over every ad.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Revenue {
    /// Cents.
    pub total_revenue: i64,
    /// `$12.34`
    pub total_revenue_formatted: String,
    pub total_impressions: i64,
    pub total_clicks: i64,
    /// Cents the platform kept of creators' sales and tips (issue 23).
    pub platform_fees: i64,
    /// Cents buyers paid for creators' works, fees included.
    pub sales_volume: i64,
    /// Cents fans tipped, fees included.
    pub tips_volume: i64,
}

/// A user as the admin list shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub email: String,
    /// The small avatar, or null.
    #[schema(required = true)]
    pub profile_image: Option<String>,
    pub followers_count: i64,
    pub following_count: i64,
    pub posts_count: i64,
    /// Has a socket open now (on any instance).
    pub is_online: bool,
    pub is_admin: bool,
    /// False when the account is deactivated.
    pub is_active: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl AdminUser {
    pub(crate) fn of(row: AdminUserRow, is_online: bool) -> Self {
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            email: row.email,
            profile_image: row.profile_image,
            followers_count: row.followers_count,
            following_count: row.following_count,
            posts_count: row.posts_count,
            is_online,
            is_admin: row.is_admin != 0,
            is_active: row.deactivated_at.is_none(),
            created_at: iso_time(row.created_at),
        }
    }
}

/// The user tiles.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSummary {
    pub total_users: i64,
    pub admin_users: i64,
    /// Users with a socket open now (on any instance).
    pub online_users: i64,
}

/// The admin who made a decision.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditAdmin {
    pub id: i64,
    pub username: String,
    pub display_name: String,
}

/// What an admin did (the CHECK of `audit_log.action` allows exactly these).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub enum AuditActionName {
    #[serde(rename = "withdrawal.completed")]
    WithdrawalCompleted,
    #[serde(rename = "withdrawal.failed")]
    WithdrawalFailed,
    #[serde(rename = "ad.created")]
    AdCreated,
    #[serde(rename = "ad.paused")]
    AdPaused,
    #[serde(rename = "ad.resumed")]
    AdResumed,
    #[serde(rename = "report.dismiss")]
    ReportDismiss,
    #[serde(rename = "report.remove")]
    ReportRemove,
    #[serde(rename = "report.suspend")]
    ReportSuspend,
    /// An admin opened a reported target (GET /api/admin/reports/{id}/target).
    #[serde(rename = "report.view")]
    ReportView,
}

/// What an audit entry is about.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuditTargetType {
    Withdrawal,
    Ad,
    /// A report case (GET /api/admin/reports).
    Report,
}

/// One admin decision.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub admin: AuditAdmin,
    pub action: AuditActionName,
    pub target_type: AuditTargetType,
    pub target_id: i64,
    #[schema(required = true)]
    pub notes: Option<String>,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<AuditRow> for AuditEntry {
    fn from(row: AuditRow) -> Self {
        Self {
            id: row.id,
            admin: AuditAdmin {
                id: row.admin_id,
                username: row.admin_username,
                display_name: row.admin_display_name,
            },
            action: match row.action.as_str() {
                "withdrawal.completed" => AuditActionName::WithdrawalCompleted,
                "withdrawal.failed" => AuditActionName::WithdrawalFailed,
                "ad.created" => AuditActionName::AdCreated,
                "ad.paused" => AuditActionName::AdPaused,
                "report.dismiss" => AuditActionName::ReportDismiss,
                "report.remove" => AuditActionName::ReportRemove,
                "report.suspend" => AuditActionName::ReportSuspend,
                "report.view" => AuditActionName::ReportView,
                _ => AuditActionName::AdResumed,
            },
            target_type: match row.target_type.as_str() {
                "withdrawal" => AuditTargetType::Withdrawal,
                "report" => AuditTargetType::Report,
                _ => AuditTargetType::Ad,
            },
            target_id: row.target_id,
            notes: row.notes,
            created_at: iso_time(row.created_at),
        }
    }
}
