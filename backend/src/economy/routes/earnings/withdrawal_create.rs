use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::economy::store::earnings;
use crate::economy::store::earnings::{NewWithdrawal, Withdrawn};
use crate::economy::wire::earnings::Withdrawal;
use crate::identity::CurrentUser;
use crate::kernel::money::{
    INSUFFICIENT_FUNDS, PayoutAccount, PayoutMethod, parse_withdrawal_amount, processing_fee,
};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::http::idempotency::IdempotencyKey;
use crate::platform::state::AppState;

/// Where the payout goes: holder, account and routing number for a bank transfer; an email
/// for PayPal. Fields the method does not use are not kept.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // The schema of `accountDetails`; the body is parsed by `PayoutAccount`.
pub struct AccountDetailsRequest {
    /// Bank transfer: at most 100 characters.
    #[schema(max_length = 100)]
    pub account_holder: Option<String>,
    /// Bank transfer: 4–34 letters or digits (spaces ignored). Stored whole, answered as its
    /// last 4 characters.
    pub account_number: Option<String>,
    /// Bank transfer: 4–20 letters or digits.
    pub routing_number: Option<String>,
    /// PayPal: the account's email.
    pub email: Option<String>,
}

/// A payout request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewWithdrawalRequest {
    /// Whole cents, 100 to 100,000,000 ($1.00 to $1,000,000.00), at most the available balance.
    #[schema(value_type = i64, required = true, minimum = 100, maximum = 100_000_000)]
    pub amount: Option<Value>,
    /// `bank_transfer` or `paypal`.
    #[schema(value_type = String, required = true, pattern = "^(bank_transfer|paypal)$")]
    pub payment_method: Option<Value>,
    #[schema(value_type = AccountDetailsRequest, required = true)]
    pub account_details: Option<Value>,
}

/// Asks for a payout: the amount moves from available to pending at once (one conditional
/// update of the balance, so concurrent requests can never take more than there is). With an
/// `Idempotency-Key` header, a retry answers the first withdrawal (201) and moves nothing again.
#[utoipa::path(
    post, path = "/withdrawals", tag = "earnings",
    request_body = NewWithdrawalRequest,
    params(
        ("Idempotency-Key" = Option<String>, Header, description = "1–255 visible ASCII characters: the same key from the same user with the same body answers the first withdrawal again",
         min_length = 1, max_length = 255, pattern = "^[!-~]{1,255}$"),
    ),
    responses(
        (status = 201, description = "The pending withdrawal (or, for a retried Idempotency-Key, the first one as it is now)", body = Withdrawal),
        (status = 400, description = "An amount that is not whole cents from $1.00 to $1,000,000.00, another payment method, missing or invalid account details, or a malformed Idempotency-Key", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "More than the available balance (`insufficient_funds`), or the Idempotency-Key was used for a different withdrawal (`idempotency_key_reused`); nothing moved", body = ErrorBody),
    )
)]
pub async fn create_withdrawal(
    State(state): State<AppState>,
    current: CurrentUser,
    IdempotencyKey(key): IdempotencyKey,
    Json(body): Json<NewWithdrawalRequest>,
) -> ApiResult<(StatusCode, Json<Withdrawal>)> {
    let amount = parse_withdrawal_amount(body.amount.as_ref())?;
    let method = PayoutMethod::parse(body.payment_method.as_ref())?;
    let account = PayoutAccount::parse(method, body.account_details.as_ref())?;
    let withdrawn = earnings::withdraw(
        &state.db,
        NewWithdrawal {
            user_id: current.user.id,
            amount_cents: amount,
            fee_cents: processing_fee(amount),
            payment_method: method.as_str(),
            account: &account,
            requested_at: state.clock.now_ms(),
            idempotency_key: key.as_deref(),
        },
    )
    .await?;
    match withdrawn {
        Withdrawn::New(row) | Withdrawn::First(row) => {
            Ok((StatusCode::CREATED, Json(Withdrawal::from(row))))
        }
        Withdrawn::KeyReused => Err(ApiError::unprocessable(
            "idempotency_key_reused",
            "This Idempotency-Key was already used for a different withdrawal",
        )),
        Withdrawn::InsufficientFunds => Err(ApiError::unprocessable(
            "insufficient_funds",
            INSUFFICIENT_FUNDS,
        )),
    }
}
