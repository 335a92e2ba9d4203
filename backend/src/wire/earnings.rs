//! A creator's balance and withdrawals (an account number only as its last 4 characters).

use serde::Serialize;
use utoipa::ToSchema;

use super::iso_time;
use crate::db::earnings::{BalanceRow, WithdrawalRow};
use crate::domain::money::last4;

/// A creator's money, in cents: `availableBalance = totalEarnings − pending − completed`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    pub available_balance: i64,
    /// The sum of pending withdrawals.
    pub pending_balance: i64,
    /// The sum of every credit received.
    pub total_earnings: i64,
}

impl From<BalanceRow> for Balance {
    fn from(row: BalanceRow) -> Self {
        Self {
            available_balance: row.available_cents,
            pending_balance: row.pending_cents,
            total_earnings: row.total_earnings_cents,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawalMethod {
    BankTransfer,
    Paypal,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum WithdrawalStatus {
    Pending,
    Completed,
    Failed,
}

/// Where a payout goes. The whole account number is never answered.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalAccount {
    #[schema(required = true)]
    pub account_holder: Option<String>,
    /// The last 4 characters of the account number.
    #[schema(required = true)]
    pub account_number_last4: Option<String>,
    #[schema(required = true)]
    pub routing_number: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
}

/// A payout request.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Withdrawal {
    pub id: i64,
    /// Cents.
    pub amount: i64,
    /// Cents: 2.5 % of the amount, rounded half up.
    pub processing_fee: i64,
    /// Cents: `amount − processingFee`.
    pub net_amount: i64,
    pub payment_method: WithdrawalMethod,
    pub account_details: WithdrawalAccount,
    pub status: WithdrawalStatus,
    /// ISO-8601 UTC.
    pub requested_at: String,
    /// ISO-8601 UTC, once completed or failed.
    #[schema(required = true)]
    pub processed_at: Option<String>,
    #[schema(required = true)]
    pub notes: Option<String>,
}

impl From<WithdrawalRow> for Withdrawal {
    fn from(row: WithdrawalRow) -> Self {
        Self {
            id: row.id,
            amount: row.amount_cents,
            processing_fee: row.fee_cents,
            net_amount: row.net_cents,
            payment_method: match row.payment_method.as_str() {
                "paypal" => WithdrawalMethod::Paypal,
                _ => WithdrawalMethod::BankTransfer,
            },
            account_details: WithdrawalAccount {
                account_holder: row.account_holder,
                account_number_last4: row.account_number.as_deref().map(last4),
                routing_number: row.routing_number,
                email: row.email,
            },
            status: match row.status.as_str() {
                "completed" => WithdrawalStatus::Completed,
                "failed" => WithdrawalStatus::Failed,
                _ => WithdrawalStatus::Pending,
            },
            requested_at: iso_time(row.requested_at),
            processed_at: row.processed_at.map(iso_time),
            notes: row.notes,
        }
    }
}
