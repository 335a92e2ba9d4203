//! Payouts as an admin sees them: each withdrawal with who asked for it, and the queue's tiles.

use serde::Serialize;
use utoipa::ToSchema;

use crate::economy::store::payouts::AdminWithdrawalRow;
use crate::economy::wire::earnings::Withdrawal;

/// Who asked for a withdrawal.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub email: String,
}

/// A withdrawal with the user who asked for it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminWithdrawal {
    #[serde(flatten)]
    pub withdrawal: Withdrawal,
    pub user: WithdrawalUser,
}

impl From<AdminWithdrawalRow> for AdminWithdrawal {
    fn from(row: AdminWithdrawalRow) -> Self {
        Self {
            withdrawal: row.withdrawal.into(),
            user: WithdrawalUser {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                email: row.user_email,
            },
        }
    }
}

/// The withdrawal tiles, over every withdrawal.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalSummary {
    pub pending_count: i64,
    /// Cents, every withdrawal.
    pub total_amount: i64,
    /// Cents, every withdrawal.
    pub total_fees: i64,
}
