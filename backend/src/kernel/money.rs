//! Shop and earnings input (docs/shop-contract.md): quantities, Idempotency-Keys, withdrawal
//! amounts, payout methods and their account details, and the processing fee. Every amount is
//! an integer number of cents; a fractional, negative or non-numeric amount never gets past
//! these parsers. The messages are the contract's.

use serde_json::Value;

use crate::kernel::email::Email;
use crate::kernel::error::DomainError;

pub const QUANTITY_RANGE: &str = "Quantity must be between 1 and 99";
pub const PRODUCT_NOT_FOUND: &str = "Product not found";
pub const PRODUCT_REQUIRED: &str = "A product is required";
pub const EXPECTED_PRICE_REQUIRED: &str =
    "expectedUnitPrice is required: the price in cents the cart showed (refresh the page)";
pub const UNSUPPORTED_PAYMENT: &str = "Unsupported payment method";
pub const BAD_IDEMPOTENCY_KEY: &str = "Idempotency-Key must be 1 to 255 visible characters";
pub const MINIMUM_WITHDRAWAL: &str = "Minimum withdrawal is $1.00";
pub const MAXIMUM_WITHDRAWAL: &str = "Maximum withdrawal is $1,000,000.00";
pub const INSUFFICIENT_FUNDS: &str = "Insufficient funds";
pub const PAYOUT_METHOD: &str = "Payment method must be bank_transfer or paypal";
pub const HOLDER_REQUIRED: &str = "Account holder name is required";
pub const HOLDER_TOO_LONG: &str = "Account holder name must be at most 100 characters";
pub const ACCOUNT_NUMBER: &str = "A valid account number is required";
pub const ROUTING_NUMBER: &str = "A valid routing number is required";
pub const PAYPAL_EMAIL: &str = "A valid PayPal email is required";

/// The one payment method of the shop's checkout.
pub const STRIPE: &str = "stripe";
/// Every amount's currency (ISO 4217, as Stripe writes it): checkouts' default and tips'.
pub const CURRENCY: &str = "usd";
/// Withdrawal amounts, in cents: $1.00 to $1,000,000.00.
pub const MIN_WITHDRAWAL_CENTS: i64 = 100;
pub const MAX_WITHDRAWAL_CENTS: i64 = 100_000_000;
/// The longest account holder name kept.
const HOLDER_MAX: usize = 100;

/// An integer JSON number, and only that: `2.0`, `"2"`, `true` are not integers.
fn integer(value: Option<&Value>) -> Option<i64> {
    value.filter(|v| v.is_i64() || v.is_u64())?.as_i64()
}

/// A catalogue id from the body: a positive integer (whether it exists is the database's
/// answer, 404).
pub fn parse_product_id(value: Option<&Value>) -> Result<i64, DomainError> {
    match integer(value) {
        Some(id) if id >= 1 => Ok(id),
        Some(_) => Err(DomainError::NotFound(PRODUCT_NOT_FOUND)),
        None => Err(DomainError::invalid(PRODUCT_REQUIRED)),
    }
}

/// Units of one order line, 1–99.
pub fn parse_quantity(value: Option<&Value>) -> Result<i64, DomainError> {
    match integer(value) {
        Some(q) if (1..=99).contains(&q) => Ok(q),
        _ => Err(DomainError::invalid(QUANTITY_RANGE)),
    }
}

/// The unit price in cents the buyer's cart showed for a line (issue 39): a non-negative
/// integer. The order is refused when the catalogue's price is another.
pub fn parse_expected_price(value: Option<&Value>) -> Result<i64, DomainError> {
    match integer(value) {
        Some(cents) if cents >= 0 => Ok(cents),
        _ => Err(DomainError::invalid(EXPECTED_PRICE_REQUIRED)),
    }
}

/// The checkout's payment method: only `stripe` (the built-in test provider stands behind it).
pub fn parse_order_payment(value: Option<&Value>) -> Result<&'static str, DomainError> {
    match value.and_then(Value::as_str) {
        Some(STRIPE) => Ok(STRIPE),
        _ => Err(DomainError::invalid(UNSUPPORTED_PAYMENT)),
    }
}

/// The `Idempotency-Key` header: 1–255 visible ASCII characters (no spaces or controls).
pub fn parse_idempotency_key(raw: &[u8]) -> Result<String, DomainError> {
    let visible = !raw.is_empty() && raw.len() <= 255 && raw.iter().all(|b| b.is_ascii_graphic());
    if !visible {
        return Err(DomainError::invalid(BAD_IDEMPOTENCY_KEY));
    }
    // All ASCII: always valid UTF-8.
    Ok(String::from_utf8_lossy(raw).into_owned())
}

/// A withdrawal amount in cents: an integer from 100 to 100,000,000.
pub fn parse_withdrawal_amount(value: Option<&Value>) -> Result<i64, DomainError> {
    match value {
        Some(v) if v.is_u64() && v.as_i64().is_none() => {
            Err(DomainError::invalid(MAXIMUM_WITHDRAWAL))
        }
        _ => match integer(value) {
            Some(cents) if cents > MAX_WITHDRAWAL_CENTS => {
                Err(DomainError::invalid(MAXIMUM_WITHDRAWAL))
            }
            Some(cents) if cents >= MIN_WITHDRAWAL_CENTS => Ok(cents),
            _ => Err(DomainError::invalid(MINIMUM_WITHDRAWAL)),
        },
    }
}

/// A creator's work: its price in whole cents, $1.00 to $10,000.00.
pub const MIN_WORK_PRICE_CENTS: i64 = 100;
pub const MAX_WORK_PRICE_CENTS: i64 = 1_000_000;
pub const WORK_PRICE_RANGE: &str = "Price must be between $1.00 and $10,000.00";
/// A physical work's stock: 1 to 10,000 units.
pub const WORK_STOCK_RANGE: &str = "Stock must be between 1 and 10,000";
const WORK_STOCK_MAX: i64 = 10_000;
const WORK_NAME_MAX: usize = 100;
const WORK_DESCRIPTION_MAX: usize = 2000;

/// A work's price in cents: an integer from 100 to 1,000,000.
pub fn parse_work_price(value: Option<&Value>) -> Result<i64, DomainError> {
    match integer(value) {
        Some(cents) if (MIN_WORK_PRICE_CENTS..=MAX_WORK_PRICE_CENTS).contains(&cents) => Ok(cents),
        _ => Err(DomainError::invalid(WORK_PRICE_RANGE)),
    }
}

/// A physical work's stock: an integer from 1 to 10,000.
pub fn parse_work_stock(value: Option<&Value>) -> Result<i64, DomainError> {
    match integer(value) {
        Some(units) if (1..=WORK_STOCK_MAX).contains(&units) => Ok(units),
        _ => Err(DomainError::invalid(WORK_STOCK_RANGE)),
    }
}

/// A work's name: trimmed, 1 to 100 characters.
pub fn parse_work_name(raw: Option<&str>) -> Result<String, DomainError> {
    let name = raw.unwrap_or_default().trim();
    if name.is_empty() {
        return Err(DomainError::invalid("A name is required"));
    }
    if name.chars().count() > WORK_NAME_MAX {
        return Err(DomainError::invalid(format!(
            "Name must be at most {WORK_NAME_MAX} characters"
        )));
    }
    Ok(name.to_owned())
}

/// A work's description: trimmed, at most 2,000 characters ('' when none).
pub fn parse_work_description(raw: Option<&str>) -> Result<String, DomainError> {
    let text = raw.unwrap_or_default().trim();
    if text.chars().count() > WORK_DESCRIPTION_MAX {
        return Err(DomainError::invalid(format!(
            "Description must be at most {WORK_DESCRIPTION_MAX} characters"
        )));
    }
    Ok(text.to_owned())
}

/// A tip: $1.00 to $500.00, in whole cents.
pub const MIN_TIP_CENTS: i64 = 100;
pub const MAX_TIP_CENTS: i64 = 50_000;
pub const TIP_RANGE: &str = "Tips are between $1.00 and $500.00";
/// A tip's message: at most this many characters.
pub const TIP_MESSAGE_MAX: usize = 200;
/// The platform's share of a sale or a tip may be set from 0 to this many percent.
pub const MAX_PLATFORM_FEE_PERCENT: u8 = 50;

/// A tip's amount in cents: an integer from 100 to 50,000.
pub fn parse_tip_amount(value: Option<&Value>) -> Result<i64, DomainError> {
    match integer(value) {
        Some(cents) if (MIN_TIP_CENTS..=MAX_TIP_CENTS).contains(&cents) => Ok(cents),
        _ => Err(DomainError::invalid(TIP_RANGE)),
    }
}

/// A tip's optional message: trimmed, blank is none, at most 200 characters.
pub fn parse_tip_message(raw: Option<&str>) -> Result<Option<String>, DomainError> {
    let text = raw.unwrap_or_default().trim();
    if text.chars().count() > TIP_MESSAGE_MAX {
        return Err(DomainError::invalid(format!(
            "A message must be at most {TIP_MESSAGE_MAX} characters"
        )));
    }
    Ok((!text.is_empty()).then(|| text.to_owned()))
}

/// What the platform keeps of a sale or a tip of `amount` cents: `percent` % of it rounded
/// half up to a cent, in integer arithmetic (10 % of 105 is 11, of 104 is 10, of 5 is 1).
pub fn platform_fee(amount: i64, percent: u8) -> i64 {
    (amount * i64::from(percent) + 50) / 100
}

/// 2.5 % of `amount` rounded half up to a cent, in integer arithmetic: 100 → 3, 101 → 3,
/// 199 → 5, 20 → 1.
pub fn processing_fee(amount: i64) -> i64 {
    (amount * 25 + 500) / 1000
}

/// How a creator is paid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayoutMethod {
    BankTransfer,
    Paypal,
}

impl PayoutMethod {
    pub fn parse(value: Option<&Value>) -> Result<Self, DomainError> {
        match value.and_then(Value::as_str) {
            Some("bank_transfer") => Ok(Self::BankTransfer),
            Some("paypal") => Ok(Self::Paypal),
            _ => Err(DomainError::invalid(PAYOUT_METHOD)),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::BankTransfer => "bank_transfer",
            Self::Paypal => "paypal",
        }
    }
}

/// The account details a payout method needs, checked; the fields another method would use
/// are not kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PayoutAccount {
    pub account_holder: Option<String>,
    /// The whole number, spaces removed (stored; only its last 4 characters are ever answered).
    pub account_number: Option<String>,
    pub routing_number: Option<String>,
    pub email: Option<String>,
}

impl PayoutAccount {
    /// `details` is the body's `accountDetails` object (absent or not an object: no details).
    pub fn parse(method: PayoutMethod, details: Option<&Value>) -> Result<Self, DomainError> {
        let field = |name: &str| {
            details
                .and_then(|d| d.get(name))
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        match method {
            PayoutMethod::BankTransfer => {
                let holder =
                    field("accountHolder").ok_or_else(|| DomainError::invalid(HOLDER_REQUIRED))?;
                if holder.chars().count() > HOLDER_MAX {
                    return Err(DomainError::invalid(HOLDER_TOO_LONG));
                }
                let number: String = field("accountNumber")
                    .unwrap_or_default()
                    .chars()
                    .filter(|c| *c != ' ')
                    .collect();
                if !alphanumeric(&number, 4, 34) {
                    return Err(DomainError::invalid(ACCOUNT_NUMBER));
                }
                let routing = field("routingNumber").unwrap_or_default();
                if !alphanumeric(routing, 4, 20) {
                    return Err(DomainError::invalid(ROUTING_NUMBER));
                }
                Ok(Self {
                    account_holder: Some(holder.to_owned()),
                    account_number: Some(number),
                    routing_number: Some(routing.to_owned()),
                    email: None,
                })
            }
            PayoutMethod::Paypal => {
                let email = field("email")
                    .and_then(|e| Email::parse(e).ok())
                    .ok_or_else(|| DomainError::invalid(PAYPAL_EMAIL))?;
                Ok(Self {
                    email: Some(email.as_str().to_owned()),
                    ..Self::default()
                })
            }
        }
    }
}

/// `min`–`max` ASCII letters or digits.
fn alphanumeric(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The last 4 characters of an account number: all an answer ever shows of it.
pub fn last4(number: &str) -> String {
    let chars: Vec<char> = number.chars().collect();
    chars[chars.len().saturating_sub(4)..].iter().collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_platform_fee_rounds_half_up_to_a_cent() {
        assert_eq!(platform_fee(100, 10), 10);
        assert_eq!(platform_fee(104, 10), 10);
        assert_eq!(platform_fee(105, 10), 11);
        assert_eq!(platform_fee(5, 10), 1);
        assert_eq!(platform_fee(4, 10), 0);
        assert_eq!(platform_fee(50_000, 10), 5_000);
        assert_eq!(platform_fee(1_000_000, 10), 100_000);
        assert_eq!(platform_fee(333, 0), 0);
        assert_eq!(platform_fee(333, 50), 167);
        assert_eq!(platform_fee(150, 1), 2);
        assert_eq!(platform_fee(149, 1), 1);
    }

    #[test]
    fn a_works_price_and_stock_are_whole_and_in_range() {
        assert_eq!(parse_work_price(Some(&json!(100))).unwrap(), 100);
        assert_eq!(
            parse_work_price(Some(&json!(1_000_000))).unwrap(),
            1_000_000
        );
        for bad in [json!(99), json!(1_000_001), json!(12.5), json!("100")] {
            assert!(parse_work_price(Some(&bad)).is_err(), "{bad}");
        }
        assert_eq!(parse_work_stock(Some(&json!(1))).unwrap(), 1);
        assert_eq!(parse_work_stock(Some(&json!(10_000))).unwrap(), 10_000);
        for bad in [json!(0), json!(10_001), json!(1.5)] {
            assert!(parse_work_stock(Some(&bad)).is_err(), "{bad}");
        }
        assert!(parse_work_name(Some(" ")).is_err());
        assert!(parse_work_name(Some(&"n".repeat(101))).is_err());
        assert!(parse_work_description(Some(&"d".repeat(2001))).is_err());
    }

    #[test]
    fn tips_are_whole_cents_from_one_to_five_hundred_dollars() {
        assert_eq!(parse_tip_amount(Some(&json!(100))).unwrap(), 100);
        assert_eq!(parse_tip_amount(Some(&json!(50_000))).unwrap(), 50_000);
        for bad in [
            json!(99),
            json!(50_001),
            json!(0),
            json!(5.5),
            json!("500"),
            json!(null),
        ] {
            assert!(parse_tip_amount(Some(&bad)).is_err(), "{bad}");
        }
        assert!(parse_tip_amount(None).is_err());
        assert_eq!(parse_tip_message(Some("  ")).unwrap(), None);
        assert!(parse_tip_message(Some(&"é".repeat(200))).unwrap().is_some());
        assert!(parse_tip_message(Some(&"é".repeat(201))).is_err());
    }

    #[test]
    fn the_fee_is_two_and_a_half_percent_rounded_half_up() {
        for (amount, fee) in [(20, 1), (100, 3), (101, 3), (199, 5), (200, 5), (1000, 25)] {
            assert_eq!(processing_fee(amount), fee, "{amount}");
        }
        assert_eq!(processing_fee(MAX_WITHDRAWAL_CENTS), 2_500_000);
    }

    #[test]
    fn only_whole_cents_within_the_limits_are_an_amount() {
        assert_eq!(parse_withdrawal_amount(Some(&json!(100))).unwrap(), 100);
        for bad in [
            json!(99),
            json!(0),
            json!(-500),
            json!(100.5),
            json!("100"),
            json!(null),
        ] {
            assert!(parse_withdrawal_amount(Some(&bad)).is_err(), "{bad}");
        }
        assert!(parse_withdrawal_amount(None).is_err());
        let over = parse_withdrawal_amount(Some(&json!(u64::MAX))).unwrap_err();
        assert_eq!(over.to_string(), MAXIMUM_WITHDRAWAL);
    }

    #[test]
    fn idempotency_keys_are_visible_ascii() {
        assert!(parse_idempotency_key(b"checkout-1:line-2").is_ok());
        assert!(parse_idempotency_key(b"").is_err());
        assert!(parse_idempotency_key(b"has space").is_err());
        assert!(parse_idempotency_key(&[b'k'; 256]).is_err());
        assert!(parse_idempotency_key(&[b'k'; 255]).is_ok());
    }

    #[test]
    fn last4_shows_only_the_end() {
        assert_eq!(last4("DE89370400440532013000"), "3000");
        assert_eq!(last4("1234"), "1234");
    }
}

/// `$1,234.56`: cents as dollars with thousands separators and two decimals, as every screen
/// shows money (the admin's revenue tile, the CLI's credit line).
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (n, digit) in whole.chars().enumerate() {
        if n > 0 && (whole.len() - n).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}${grouped}.{:02}", cents % 100)
}

#[cfg(test)]
mod dollars_tests {
    #[test]
    fn dollars_have_separators_and_two_decimals() {
        assert_eq!(super::dollars(0), "$0.00");
        assert_eq!(super::dollars(5), "$0.05");
        assert_eq!(super::dollars(1234), "$12.34");
        assert_eq!(super::dollars(123_456), "$1,234.56");
        assert_eq!(super::dollars(100_000_000), "$1,000,000.00");
        assert_eq!(super::dollars(-1234), "-$12.34");
    }
}
