//! The audit log's writer: what an admin decided (a withdrawal, an ad, a report) or opened (a
//! reported target), written in the transaction of the change it records. The admin area
//! reads it back (admin/store.rs).

/// What an audit entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    WithdrawalCompleted,
    WithdrawalFailed,
    AdCreated,
    AdPaused,
    AdResumed,
    ReportDismiss,
    ReportRemove,
    ReportSuspend,
    /// An admin opened a reported target (read-only, whatever its privacy).
    ReportView,
}

impl AuditAction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::WithdrawalCompleted => "withdrawal.completed",
            Self::WithdrawalFailed => "withdrawal.failed",
            Self::AdCreated => "ad.created",
            Self::AdPaused => "ad.paused",
            Self::AdResumed => "ad.resumed",
            Self::ReportDismiss => "report.dismiss",
            Self::ReportRemove => "report.remove",
            Self::ReportSuspend => "report.suspend",
            Self::ReportView => "report.view",
        }
    }

    pub fn target_type(self) -> &'static str {
        match self {
            Self::WithdrawalCompleted | Self::WithdrawalFailed => "withdrawal",
            Self::AdCreated | Self::AdPaused | Self::AdResumed => "ad",
            Self::ReportDismiss | Self::ReportRemove | Self::ReportSuspend | Self::ReportView => {
                "report"
            }
        }
    }
}

/// Writes one audit entry inside the caller's transaction (the change it records commits with
/// it or not at all).
pub async fn audit(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    admin_id: i64,
    action: AuditAction,
    target_id: i64,
    notes: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit_log (admin_id, action, target_type, target_id, notes, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(admin_id)
    .bind(action.as_str())
    .bind(action.target_type())
    .bind(target_id)
    .bind(notes)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
