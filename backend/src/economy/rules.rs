//! The economy's input rules with their words: a product review's rating and text (issue 42),
//! parsed before a handler touches the database.

use serde_json::Value;

use crate::kernel::error::DomainError;

pub const RATING_INVALID: &str = "Rating must be a whole number from 1 to 5";
pub const REVIEW_TEXT_MAX: usize = 1000;
pub const REVIEW_TEXT_TOO_LONG: &str = "Review text must be at most 1000 characters";

/// A review's 1–5 stars and its optional text (trimmed; blank is none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewDraft {
    pub rating: i64,
    pub text: Option<String>,
}

impl ReviewDraft {
    /// `rating` as sent (missing, a fraction, text or out of range: refused) and the text.
    pub fn parse(rating: Option<&Value>, text: Option<&str>) -> Result<Self, DomainError> {
        let rating = rating
            .and_then(Value::as_i64)
            .filter(|stars| (1..=5).contains(stars))
            .ok_or_else(|| DomainError::invalid(RATING_INVALID))?;
        let text = text.map(str::trim).filter(|text| !text.is_empty());
        if text.is_some_and(|text| text.chars().count() > REVIEW_TEXT_MAX) {
            return Err(DomainError::invalid(REVIEW_TEXT_TOO_LONG));
        }
        Ok(Self {
            rating,
            text: text.map(str::to_owned),
        })
    }
}

/// The average of `count` ratings summing to `sum`, to one decimal; none without a rating.
pub fn average_rating(sum: i64, count: i64) -> Option<f64> {
    (count > 0).then(|| (sum as f64 * 10.0 / count as f64).round() / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_rating_is_a_whole_number_from_one_to_five() {
        for stars in 1..=5 {
            let draft = ReviewDraft::parse(Some(&json!(stars)), None).unwrap();
            assert_eq!(draft.rating, stars);
        }
        for bad in [
            json!(0),
            json!(6),
            json!(2.5),
            json!("5"),
            json!(null),
            json!(-1),
        ] {
            assert_eq!(
                ReviewDraft::parse(Some(&bad), None)
                    .unwrap_err()
                    .to_string(),
                RATING_INVALID,
                "{bad}"
            );
        }
        assert!(ReviewDraft::parse(None, Some("fine")).is_err());
    }

    #[test]
    fn text_is_trimmed_blank_is_none_and_a_thousand_characters_at_most() {
        let rating = json!(4);
        let draft = ReviewDraft::parse(Some(&rating), Some("  soft cotton \n")).unwrap();
        assert_eq!(draft.text.as_deref(), Some("soft cotton"));
        assert_eq!(
            ReviewDraft::parse(Some(&rating), Some("   ")).unwrap().text,
            None
        );
        assert!(ReviewDraft::parse(Some(&rating), Some(&"é".repeat(1000))).is_ok());
        assert_eq!(
            ReviewDraft::parse(Some(&rating), Some(&"x".repeat(1001)))
                .unwrap_err()
                .to_string(),
            REVIEW_TEXT_TOO_LONG
        );
    }

    #[test]
    fn the_average_has_one_decimal_and_none_without_reviews() {
        assert_eq!(average_rating(0, 0), None);
        assert_eq!(average_rating(9, 2), Some(4.5));
        assert_eq!(average_rating(13, 3), Some(4.3));
        assert_eq!(average_rating(5, 1), Some(5.0));
    }
}
