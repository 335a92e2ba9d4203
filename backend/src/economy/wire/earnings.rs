//! A creator's balance and withdrawals (an account number only as its last 4 characters).

use serde::Serialize;
use utoipa::ToSchema;

use crate::economy::store::earnings::{BalanceRow, CreditRow, DayTotal, WithdrawalRow};
use crate::economy::store::tips::TipRow;
use crate::kernel::money::last4;
use crate::kernel::user::UserBrief;
use crate::platform::http::wire::iso_time;

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
    /// Decided while the payment provider was in test mode (issue 42): a completed one is a test
    /// payout, no money sent. False while pending, and for a decision made while real money
    /// moved.
    pub test_mode: bool,
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
            test_mode: row.test_mode != 0,
        }
    }
}

/// A tip as its sender sees it (issue 23). Cents: `fee` is what the platform kept; the creator
/// got `amount − fee`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tip {
    pub id: i64,
    pub to_user: UserBrief,
    pub amount: i64,
    pub fee: i64,
    #[schema(required = true)]
    pub post_id: Option<i64>,
    #[schema(required = true)]
    pub reel_id: Option<i64>,
    #[schema(required = true)]
    pub message: Option<String>,
    /// `paid`; `pending` only while Stripe's payment of it has not arrived.
    pub status: TipStatus,
    /// ISO-8601 UTC.
    pub created_at: String,
}

/// Whether a tip's money has moved.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TipStatus {
    Pending,
    Paid,
}

/// A tip waiting for Stripe (POST /tips/payment-intent).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TipPaymentIntent {
    /// Still `pending`: Stripe's webhook marks it paid (poll `GET /tips/{id}`).
    pub tip: Tip,
    /// The PaymentIntent's client secret, for `<Elements options={{clientSecret}}>`.
    pub client_secret: String,
}

impl From<TipRow> for Tip {
    fn from(row: TipRow) -> Self {
        Self {
            id: row.id,
            to_user: UserBrief {
                id: row.to_user_id,
                username: row.to_username,
                display_name: row.to_display_name,
                profile_image: row.to_profile_image,
            },
            amount: row.amount_cents,
            fee: row.fee_cents,
            post_id: row.post_id,
            reel_id: row.reel_id,
            message: row.message,
            status: if row.status == "paid" {
                TipStatus::Paid
            } else {
                TipStatus::Pending
            },
            created_at: iso_time(row.created_at),
        }
    }
}

/// One UTC day of a creator's earnings, in cents credited (net of the platform's fee).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EarningsDay {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub sales: i64,
    pub tips: i64,
    pub other: i64,
}

/// A window's totals, in cents: what was credited by source, and what the platform kept.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EarningsTotals {
    pub sales: i64,
    pub tips: i64,
    pub other: i64,
    pub fees: i64,
}

/// A creator's earnings over the last days: every UTC day, oldest first, today last.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EarningsSummary {
    pub days: Vec<EarningsDay>,
    pub totals: EarningsTotals,
}

impl EarningsSummary {
    /// The `days` UTC days ending with `today` (days since the epoch), filled from `rows`.
    pub fn from_rows(today: i64, days: i64, rows: Vec<DayTotal>) -> Self {
        let first = today - days + 1;
        let mut out: Vec<EarningsDay> = (first..=today)
            .map(|day| EarningsDay {
                date: date_of(day),
                ..EarningsDay::default()
            })
            .collect();
        let mut totals = EarningsTotals::default();
        for row in rows {
            let Some(slot) = usize::try_from(row.day - first)
                .ok()
                .and_then(|index| out.get_mut(index))
            else {
                continue;
            };
            let (day_field, total_field) = match row.source.as_str() {
                "sale" => (&mut slot.sales, &mut totals.sales),
                "tip" => (&mut slot.tips, &mut totals.tips),
                _ => (&mut slot.other, &mut totals.other),
            };
            *day_field += row.amount_cents;
            *total_field += row.amount_cents;
            totals.fees += row.fee_cents;
        }
        Self { days: out, totals }
    }
}

/// `YYYY-MM-DD` of a day counted from the epoch.
fn date_of(day: i64) -> String {
    chrono::DateTime::from_timestamp(day * 86_400, 0)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

/// What a credit came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CreditSource {
    /// An order of the creator's work.
    Sale,
    Tip,
    /// A credit from the platform (the demo seed, an admin).
    Other,
}

/// One credit of a creator's ledger, newest first. Cents: `amount` is what they got, `fee`
/// what the platform kept.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EarningCredit {
    pub id: i64,
    pub source: CreditSource,
    pub amount: i64,
    pub fee: i64,
    /// The tipper or buyer (null for the platform's credits, or an account since gone).
    #[schema(required = true)]
    pub from_user: Option<UserBrief>,
    /// A tip's message, the sold work's name, or a platform credit's note ('' when none).
    pub note: String,
    #[schema(required = true)]
    pub post_id: Option<i64>,
    #[schema(required = true)]
    pub reel_id: Option<i64>,
    #[schema(required = true)]
    pub order_id: Option<i64>,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<CreditRow> for EarningCredit {
    fn from(row: CreditRow) -> Self {
        let from_user = match (row.from_id, row.from_username) {
            (Some(id), Some(username)) => Some(UserBrief {
                id,
                username,
                display_name: row.from_display_name.unwrap_or_default(),
                profile_image: row.from_profile_image,
            }),
            _ => None,
        };
        Self {
            id: row.id,
            source: match row.source.as_str() {
                "sale" => CreditSource::Sale,
                "tip" => CreditSource::Tip,
                _ => CreditSource::Other,
            },
            amount: row.amount_cents,
            fee: row.fee_cents,
            from_user,
            note: row.note,
            post_id: row.post_id,
            reel_id: row.reel_id,
            order_id: row.order_id,
            created_at: iso_time(row.created_at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_has_every_day_and_sums_by_source() {
        let today = 20_000; // 2024-10-04
        let row = |day, source: &str, amount_cents, fee_cents| DayTotal {
            day,
            source: source.to_owned(),
            amount_cents,
            fee_cents,
        };
        let summary = EarningsSummary::from_rows(
            today,
            3,
            vec![
                row(today, "tip", 450, 50),
                row(today - 2, "sale", 900, 100),
                row(today - 2, "other", 1000, 0),
                // Outside the window: ignored.
                row(today - 3, "tip", 1, 1),
            ],
        );
        let dates: Vec<&str> = summary.days.iter().map(|d| d.date.as_str()).collect();
        assert_eq!(dates, ["2024-10-02", "2024-10-03", "2024-10-04"]);
        assert_eq!(summary.days[0].sales, 900);
        assert_eq!(summary.days[0].other, 1000);
        assert_eq!(summary.days[2].tips, 450);
        assert_eq!(summary.totals.sales, 900);
        assert_eq!(summary.totals.tips, 450);
        assert_eq!(summary.totals.other, 1000);
        assert_eq!(summary.totals.fees, 150);
    }
}
