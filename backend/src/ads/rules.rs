//! Ad fields: the rules of the admin's new-ad form, in its order; the first
//! broken one is the answer.

use chrono::{DateTime, NaiveDate, NaiveDateTime};
use serde_json::Value;

use crate::identity::rules::account::filled;
use crate::kernel::error::DomainError;
use crate::kernel::image::{ImageSource, MAX_URL_LEN, parse_image_source};

/// An ad's end date when it has none: 9999-12-31T23:59:59.999Z (the column is NOT NULL, so
/// serving needs no special case); answered as `endDate: null`.
pub const NO_END_DATE: i64 = 253_402_300_799_999;
const TITLE_MAX: usize = 100;
const DESCRIPTION_MAX: usize = 200;
const DEFAULT_BUDGET: i64 = 1000;
const DEFAULT_COST_PER_CLICK: i64 = 100;
const MIN_BUDGET: i64 = 100;
const MIN_COST_PER_CLICK: i64 = 50;
const CATEGORIES: [&str; 4] = ["feed", "story", "banner", "sidebar"];
const INVALID_IMAGE_URL: &str = "Please enter a valid image URL";
const INVALID_TARGET_URL: &str = "Please enter a valid target URL";

/// A new ad's fields as the request carries them.
#[derive(Debug, Clone, Copy, Default)]
pub struct AdInput<'a> {
    pub title: Option<&'a str>,
    pub description: Option<&'a str>,
    pub image_url: Option<&'a str>,
    pub target_url: Option<&'a str>,
    pub advertiser_name: Option<&'a str>,
    pub category: Option<&'a str>,
    pub budget: Option<&'a Value>,
    pub cost_per_click: Option<&'a Value>,
    pub start_date: Option<&'a str>,
    pub end_date: Option<&'a str>,
}

/// A new ad that passed every rule. Amounts are cents, dates epoch milliseconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidAd {
    pub title: String,
    pub description: String,
    /// An http(s) URL or a `/media/` path kept as given, or a `data:` image's bytes.
    pub image: ImageSource,
    pub target_url: String,
    pub advertiser_name: String,
    pub category: &'static str,
    pub budget: i64,
    pub cost_per_click: i64,
    pub start_date: i64,
    /// `NO_END_DATE` when the ad runs until paused.
    pub end_date: i64,
}

impl ValidAd {
    /// The rules in the form's order; the first broken one is the answer.
    pub fn parse(body: &AdInput<'_>, now: i64) -> Result<Self, DomainError> {
        let title = filled(body.title).ok_or_else(|| DomainError::invalid("Title is required"))?;
        if title.chars().count() > TITLE_MAX {
            return Err(DomainError::invalid("Title must be under 100 characters"));
        }
        let description = body.description.unwrap_or_default().trim();
        if description.chars().count() > DESCRIPTION_MAX {
            return Err(DomainError::invalid(
                "Description must be under 200 characters",
            ));
        }
        let image = parse_image(body.image_url)?;
        let target_url = filled(body.target_url)
            .filter(|url| is_web_url(url))
            .ok_or_else(|| DomainError::invalid(INVALID_TARGET_URL))?;
        let advertiser_name = filled(body.advertiser_name)
            .ok_or_else(|| DomainError::invalid("Advertiser name is required"))?;
        let category = match body.category.map(str::trim) {
            None | Some("") => "feed",
            Some(given) => CATEGORIES
                .into_iter()
                .find(|c| *c == given)
                .ok_or_else(|| {
                    DomainError::invalid("Category must be feed, story, banner or sidebar")
                })?,
        };
        let budget = cents(body.budget, DEFAULT_BUDGET, "Budget")?;
        if budget < MIN_BUDGET {
            return Err(DomainError::invalid("Budget must be at least $1.00"));
        }
        let cost_per_click = cents(
            body.cost_per_click,
            DEFAULT_COST_PER_CLICK,
            "Cost per click",
        )?;
        if cost_per_click < MIN_COST_PER_CLICK {
            return Err(DomainError::invalid(
                "Cost per click must be at least $0.50",
            ));
        }
        let start_date = match filled(body.start_date) {
            None => now,
            Some(text) => parse_date(text, false)
                .ok_or_else(|| DomainError::invalid("Please enter a valid start date"))?,
        };
        let end_date = match filled(body.end_date) {
            None => NO_END_DATE,
            Some(text) => parse_date(text, true)
                .ok_or_else(|| DomainError::invalid("Please enter a valid end date"))?,
        };
        if end_date <= start_date {
            return Err(DomainError::invalid(
                "End date must be after the start date",
            ));
        }
        Ok(Self {
            title: title.to_owned(),
            description: description.to_owned(),
            image,
            target_url: target_url.to_owned(),
            advertiser_name: advertiser_name.to_owned(),
            category,
            budget,
            cost_per_click,
            start_date,
            end_date,
        })
    }
}

/// An http(s) URL or a `/media/` path kept as given; a `data:` image goes to the pipeline.
fn parse_image(raw: Option<&str>) -> Result<ImageSource, DomainError> {
    let raw = filled(raw).ok_or_else(|| DomainError::invalid(INVALID_IMAGE_URL))?;
    // `get`: the fifth byte may fall inside a character (`zĚ…`), where slicing would panic.
    if raw
        .get(..5)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("data:"))
    {
        return parse_image_source(raw);
    }
    if is_web_url(raw) || is_media_path(raw) {
        Ok(ImageSource::External(raw.to_owned()))
    } else {
        Err(DomainError::invalid(INVALID_IMAGE_URL))
    }
}

/// An absolute http(s) URL with a host, at most 2048 characters.
fn is_web_url(raw: &str) -> bool {
    raw.len() <= MAX_URL_LEN
        && url::Url::parse(raw)
            .is_ok_and(|url| matches!(url.scheme(), "http" | "https") && url.host().is_some())
}

/// `/media/{key}`: a key of the media store (letters, digits, `.`, `-`, `_`).
fn is_media_path(raw: &str) -> bool {
    raw.strip_prefix("/media/").is_some_and(|key| {
        !key.is_empty()
            && !key.starts_with('.')
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    })
}

/// Whole cents from a JSON number (`1000` or `1000.0`); absent or null: the default.
fn cents(value: Option<&Value>, default: i64, name: &str) -> Result<i64, DomainError> {
    let not_cents = || DomainError::invalid(format!("{name} must be a whole number of cents"));
    match value {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Number(n)) => match n.as_i64() {
            Some(cents) => Ok(cents),
            None => match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => Ok(f as i64),
                _ => Err(not_cents()),
            },
        },
        Some(_) => Err(not_cents()),
    }
}

/// Epoch milliseconds of an RFC 3339 date-time, a date-time without offset (UTC), or a date
/// (its start, or with `end_of_day` its last millisecond).
fn parse_date(text: &str, end_of_day: bool) -> Option<i64> {
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Some(at.timestamp_millis());
    }
    for format in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"] {
        if let Ok(at) = NaiveDateTime::parse_from_str(text, format) {
            return Some(at.and_utc().timestamp_millis());
        }
    }
    let day = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
    let start = day.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis();
    Some(if end_of_day {
        start + 24 * 60 * 60 * 1000 - 1
    } else {
        start
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_url_with_a_wide_character_early_is_refused_not_a_panic() {
        assert!(parse_image(Some("zĚ\u{1F600}U")).is_err());
        assert!(parse_image(Some("DATA:")).is_err());
    }

    #[test]
    fn dates_parse_as_utc_and_a_bare_end_date_is_the_end_of_its_day() {
        assert_eq!(parse_date("1970-01-01", false), Some(0));
        assert_eq!(parse_date("1970-01-01", true), Some(86_399_999));
        assert_eq!(parse_date("1970-01-01T00:00:01Z", false), Some(1000));
        assert_eq!(parse_date("1970-01-01T00:01", false), Some(60_000));
        assert_eq!(parse_date("tomorrow", false), None);
    }

    #[test]
    fn image_urls_are_web_urls_or_media_paths() {
        assert!(is_web_url("https://ads.example.com/a.png"));
        assert!(!is_web_url("javascript:alert(1)"));
        assert!(!is_web_url("ftp://example.com/a.png"));
        assert!(is_media_path("/media/abc.webp"));
        assert!(!is_media_path("/media/../etc/passwd"));
        assert!(!is_media_path("/media/"));
    }
}
