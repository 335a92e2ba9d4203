//! The test provider's card rules (issue 42): what Stripe's test mode does with its published
//! test numbers, so the built-in provider behaves like the real one instead of always saying
//! yes. A card is checked as a card form would be (the number's Luhn digit, an expiry that has
//! not passed, a CVC of 3 digits, 4 for American Express), then answered by its number:
//!
//! | number | outcome |
//! | --- | --- |
//! | 4242 4242 4242 4242 (and 5555 5555 5555 4444, 3782 822463 10005) | succeeds |
//! | 4000 0000 0000 0002 | declined: 'Your card was declined.' |
//! | 4000 0000 0000 9995 | declined: 'Your card has insufficient funds.' |
//! | 4000 0027 6000 3184 | asks for an extra confirmation step (3-D Secure), then succeeds |
//! | any other valid number | declined, as Stripe's test mode declines a real card |
//!
//! Only the brand and the last 4 digits are kept of a card.

/// A card as the payment form sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardInput<'a> {
    pub number: &'a str,
    pub exp_month: u32,
    /// Four digits (2027) or two (27).
    pub exp_year: u32,
    pub cvc: &'a str,
}

/// What may be kept of a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSummary {
    pub brand: &'static str,
    pub last4: String,
}

/// Why a card form is refused before any charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardProblem {
    Number,
    Expiry,
    Cvc,
}

impl CardProblem {
    pub fn message(self) -> &'static str {
        match self {
            CardProblem::Number => "Your card number is invalid.",
            CardProblem::Expiry => "Your card's expiration date is in the past or invalid.",
            CardProblem::Cvc => "Your card's security code is invalid.",
        }
    }
}

/// What the test provider does with a valid card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardOutcome {
    Succeeds,
    /// Declined with Stripe's `decline_code` and message.
    Declined {
        code: &'static str,
        message: &'static str,
    },
    /// Succeeds once the buyer completes an extra confirmation step.
    RequiresAction,
}

pub const DECLINED: &str = "Your card was declined.";
pub const INSUFFICIENT_FUNDS: &str = "Your card has insufficient funds.";
pub const NOT_A_TEST_CARD: &str =
    "Your card was declined. Test mode accepts only test cards, such as 4242 4242 4242 4242.";

/// The digits of a number typed with spaces or dashes; `None` when anything else is in it.
fn digits(number: &str) -> Option<String> {
    let digits: String = number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// The Luhn check (ISO/IEC 7812-1).
fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// The card's brand by its leading digits.
fn brand(digits: &str) -> &'static str {
    let two: u32 = digits.get(..2).and_then(|p| p.parse().ok()).unwrap_or(0);
    let four: u32 = digits.get(..4).and_then(|p| p.parse().ok()).unwrap_or(0);
    if digits.starts_with('4') {
        "visa"
    } else if (51..=55).contains(&two) || (2221..=2720).contains(&four) {
        "mastercard"
    } else if two == 34 || two == 37 {
        "amex"
    } else if digits.starts_with("6011") || digits.starts_with("65") {
        "discover"
    } else {
        "unknown"
    }
}

/// Checks a card form at `(year, month)` now: its summary and what the test provider does with it.
pub fn check(
    card: &CardInput<'_>,
    now_year: u32,
    now_month: u32,
) -> Result<(CardSummary, CardOutcome), CardProblem> {
    let number = digits(card.number).ok_or(CardProblem::Number)?;
    if !(12..=19).contains(&number.len()) || !luhn(&number) {
        return Err(CardProblem::Number);
    }
    let year = if card.exp_year < 100 {
        2000 + card.exp_year
    } else {
        card.exp_year
    };
    let expired = (year, card.exp_month) < (now_year, now_month);
    if !(1..=12).contains(&card.exp_month) || expired || year > now_year + 50 {
        return Err(CardProblem::Expiry);
    }
    let brand = brand(&number);
    let cvc_len = if brand == "amex" { 4 } else { 3 };
    if card.cvc.len() != cvc_len || !card.cvc.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CardProblem::Cvc);
    }
    let outcome = match number.as_str() {
        "4242424242424242" | "5555555555554444" | "378282246310005" => CardOutcome::Succeeds,
        "4000000000000002" => CardOutcome::Declined {
            code: "generic_decline",
            message: DECLINED,
        },
        "4000000000009995" => CardOutcome::Declined {
            code: "insufficient_funds",
            message: INSUFFICIENT_FUNDS,
        },
        "4000002760003184" => CardOutcome::RequiresAction,
        _ => CardOutcome::Declined {
            code: "test_mode_live_card",
            message: NOT_A_TEST_CARD,
        },
    };
    let summary = CardSummary {
        brand,
        last4: number[number.len() - 4..].to_owned(),
    };
    Ok((summary, outcome))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(number: &str) -> CardInput<'_> {
        CardInput {
            number,
            exp_month: 12,
            exp_year: 2030,
            cvc: "123",
        }
    }

    #[test]
    fn the_four_test_cards_behave_as_in_stripes_test_mode() {
        let at = |n| check(&card(n), 2026, 11).map(|(_, outcome)| outcome);
        assert_eq!(at("4242 4242 4242 4242"), Ok(CardOutcome::Succeeds));
        assert_eq!(
            at("4000 0000 0000 0002"),
            Ok(CardOutcome::Declined {
                code: "generic_decline",
                message: DECLINED
            })
        );
        assert_eq!(
            at("4000-0000-0000-9995"),
            Ok(CardOutcome::Declined {
                code: "insufficient_funds",
                message: INSUFFICIENT_FUNDS
            })
        );
        assert_eq!(at("4000002760003184"), Ok(CardOutcome::RequiresAction));
        // A real card's number (valid Luhn) is declined in test mode.
        assert!(matches!(
            at("4111111111111111"),
            Ok(CardOutcome::Declined {
                code: "test_mode_live_card",
                ..
            })
        ));
    }

    #[test]
    fn only_the_brand_and_the_last_four_digits_are_kept() {
        let (summary, _) = check(&card("4242424242424242"), 2026, 11).unwrap();
        assert_eq!(
            summary,
            CardSummary {
                brand: "visa",
                last4: "4242".into()
            }
        );
        let (mc, _) = check(&card("5555 5555 5555 4444"), 2026, 11).unwrap();
        assert_eq!(mc.brand, "mastercard");
    }

    #[test]
    fn luhn_expiry_and_cvc_are_checked_first() {
        assert_eq!(
            check(&card("4242 4242 4242 4241"), 2026, 11),
            Err(CardProblem::Number)
        );
        assert_eq!(check(&card("4242abcd"), 2026, 11), Err(CardProblem::Number));
        assert_eq!(check(&card(""), 2026, 11), Err(CardProblem::Number));
        let expired = CardInput {
            exp_month: 10,
            exp_year: 26,
            ..card("4242424242424242")
        };
        assert_eq!(check(&expired, 2026, 11), Err(CardProblem::Expiry));
        let this_month = CardInput {
            exp_month: 11,
            exp_year: 26,
            ..card("4242424242424242")
        };
        assert!(check(&this_month, 2026, 11).is_ok());
        let month_13 = CardInput {
            exp_month: 13,
            ..card("4242424242424242")
        };
        assert_eq!(check(&month_13, 2026, 11), Err(CardProblem::Expiry));
        let short_cvc = CardInput {
            cvc: "12",
            ..card("4242424242424242")
        };
        assert_eq!(check(&short_cvc, 2026, 11), Err(CardProblem::Cvc));
        let amex = CardInput {
            cvc: "123",
            ..card("3782 822463 10005")
        };
        assert_eq!(check(&amex, 2026, 11), Err(CardProblem::Cvc));
        let amex = CardInput {
            cvc: "1234",
            ..card("3782 822463 10005")
        };
        assert_eq!(
            check(&amex, 2026, 11).map(|(s, o)| (s.brand, o)),
            Ok(("amex", CardOutcome::Succeeds))
        );
    }
}
