//! The test provider's card form as a request carries it (issue 42): parsed into the card the
//! provider checks; anything that is not a card is 400 `card_invalid` in Stripe's words.

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::platform::http::error::ApiError;
use crate::platform::payments::test_cards::{CardInput, CardProblem};

/// A card as the test provider's form sends it. Only its brand and last 4 digits are kept.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardRequest {
    /// 12–19 digits (spaces and dashes ignored) passing the Luhn check.
    #[schema(value_type = String, required = true, min_length = 12, max_length = 23, pattern = "^[0-9 -]{12,23}$")]
    pub number: Option<Value>,
    /// 1–12.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 12)]
    pub exp_month: Option<Value>,
    /// Four digits (2027) or two (27), not in the past.
    #[schema(value_type = i64, required = true, minimum = 0, maximum = 9999)]
    pub exp_year: Option<Value>,
    /// 3 digits (4 for American Express).
    #[schema(value_type = String, required = true, min_length = 3, max_length = 4, pattern = "^[0-9]{3,4}$")]
    pub cvc: Option<Value>,
}

fn text(value: Option<&Value>, problem: CardProblem) -> Result<&str, ApiError> {
    value.and_then(Value::as_str).ok_or(ApiError::coded(
        StatusCode::BAD_REQUEST,
        "card_invalid",
        problem.message(),
    ))
}

fn number(value: Option<&Value>, problem: CardProblem) -> Result<u32, ApiError> {
    value
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or(ApiError::coded(
            StatusCode::BAD_REQUEST,
            "card_invalid",
            problem.message(),
        ))
}

impl CardRequest {
    /// The card of a request that must carry one (`None`: 400, as a card number missing).
    pub fn required(card: Option<&CardRequest>) -> Result<CardInput<'_>, ApiError> {
        let card = card.ok_or(ApiError::coded(
            StatusCode::BAD_REQUEST,
            "card_invalid",
            CardProblem::Number.message(),
        ))?;
        Ok(CardInput {
            number: text(card.number.as_ref(), CardProblem::Number)?,
            exp_month: number(card.exp_month.as_ref(), CardProblem::Expiry)?,
            exp_year: number(card.exp_year.as_ref(), CardProblem::Expiry)?,
            cvc: text(card.cvc.as_ref(), CardProblem::Cvc)?,
        })
    }
}
