use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, NaiveDateTime};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{AdminAd, NO_END_DATE};
use crate::auth::AdminUser;
use crate::db::{self, ads::NewAd};
use crate::domain::filled;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::media::{ImageKind, ImageSource, parse_image_source};
use crate::state::AppState;

const TITLE_MAX: usize = 100;
const DESCRIPTION_MAX: usize = 200;
const DEFAULT_BUDGET: i64 = 1000;
const DEFAULT_COST_PER_CLICK: i64 = 100;
const MIN_BUDGET: i64 = 100;
const MIN_COST_PER_CLICK: i64 = 50;
const CATEGORIES: [&str; 4] = ["feed", "story", "banner", "sidebar"];
const INVALID_IMAGE_URL: &str = "Please enter a valid image URL";
const INVALID_TARGET_URL: &str = "Please enter a valid target URL";

/// A new ad (spec 001 §5). Amounts are integer cents.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewAdRequest {
    /// Required, at most 100 characters.
    #[schema(required = true, max_length = 100)]
    pub title: Option<String>,
    /// At most 200 characters.
    #[schema(max_length = 200)]
    pub description: Option<String>,
    /// An http(s) URL, a `/media/` path, or a `data:` image (JPEG, PNG, GIF or WebP; stored
    /// through the media pipeline and answered as `/media/{key}`).
    #[schema(required = true)]
    pub image_url: Option<String>,
    /// An http(s) URL.
    #[schema(required = true)]
    pub target_url: Option<String>,
    #[schema(required = true)]
    pub advertiser_name: Option<String>,
    /// `feed` (default), `story`, `banner` or `sidebar`.
    #[schema(pattern = "^(feed|story|banner|sidebar)$")]
    pub category: Option<String>,
    /// Cents, at least 100 (default 1000).
    #[schema(value_type = Option<i64>, minimum = 100)]
    pub budget: Option<Value>,
    /// Cents, at least 50 (default 100).
    #[schema(value_type = Option<i64>, minimum = 50)]
    pub cost_per_click: Option<Value>,
    /// An ISO date or date-time (UTC when it has no offset); default now.
    pub start_date: Option<String>,
    /// An ISO date (the end of that day, UTC) or date-time, after the start; null or absent:
    /// runs until paused.
    pub end_date: Option<String>,
}

/// Creates an ad, active at once (admins only); the creation is written to the audit log.
#[utoipa::path(
    post, path = "/ads", tag = "ads",
    request_body = NewAdRequest,
    responses(
        (status = 201, description = "The new ad, active", body = AdminAd),
        (status = 400, description = "A rule of spec 001 §5 (its message), or a malformed image", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`), or a cross-site request", body = ErrorBody),
        (status = 413, description = "Body or image too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or not a JPEG, PNG, GIF or WebP image", body = ErrorBody),
    )
)]
pub async fn create_ad(
    State(state): State<AppState>,
    admin: AdminUser,
    Json(body): Json<NewAdRequest>,
) -> ApiResult<(StatusCode, Json<AdminAd>)> {
    let now = state.clock.now_ms();
    let ad = ValidAd::parse(&body, now)?;
    let (image_url, media_key) = match ad.image {
        Image::Url(url) => (url, None),
        Image::Data(bytes) => {
            let stored = state
                .media
                .ingest_image(&state.db, bytes, ImageKind::Post)
                .await?;
            (stored.url, Some(stored.key))
        }
    };
    let id = db::ads::create_by_admin(
        &state.db,
        NewAd {
            title: &ad.title,
            description: &ad.description,
            image_url: &image_url,
            target_url: &ad.target_url,
            advertiser_name: &ad.advertiser_name,
            category: ad.category,
            budget_cents: ad.budget,
            cost_per_click_cents: ad.cost_per_click,
            start_date: ad.start_date,
            end_date: ad.end_date,
            is_active: true,
            created_at: now,
        },
        media_key.as_deref(),
        admin.user.id,
    )
    .await?;
    let row = db::ads::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("ad {id} vanished after insert")))?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

enum Image {
    Url(String),
    Data(Vec<u8>),
}

/// A new ad that passed every rule.
struct ValidAd {
    title: String,
    description: String,
    image: Image,
    target_url: String,
    advertiser_name: String,
    category: &'static str,
    budget: i64,
    cost_per_click: i64,
    start_date: i64,
    end_date: i64,
}

impl ValidAd {
    /// The rules in the form's order; the first broken one is the answer.
    fn parse(body: &NewAdRequest, now: i64) -> Result<Self, ApiError> {
        let title = filled(body.title.as_deref())
            .ok_or_else(|| ApiError::bad_request("Title is required"))?;
        if title.chars().count() > TITLE_MAX {
            return Err(ApiError::bad_request("Title must be under 100 characters"));
        }
        let description = body.description.as_deref().unwrap_or_default().trim();
        if description.chars().count() > DESCRIPTION_MAX {
            return Err(ApiError::bad_request(
                "Description must be under 200 characters",
            ));
        }
        let image = parse_image(body.image_url.as_deref())?;
        let target_url = filled(body.target_url.as_deref())
            .filter(|url| is_web_url(url))
            .ok_or_else(|| ApiError::bad_request(INVALID_TARGET_URL))?;
        let advertiser_name = filled(body.advertiser_name.as_deref())
            .ok_or_else(|| ApiError::bad_request("Advertiser name is required"))?;
        let category = match body.category.as_deref().map(str::trim) {
            None | Some("") => "feed",
            Some(given) => CATEGORIES
                .into_iter()
                .find(|c| *c == given)
                .ok_or_else(|| {
                    ApiError::bad_request("Category must be feed, story, banner or sidebar")
                })?,
        };
        let budget = cents(body.budget.as_ref(), DEFAULT_BUDGET, "Budget")?;
        if budget < MIN_BUDGET {
            return Err(ApiError::bad_request("Budget must be at least $1.00"));
        }
        let cost_per_click = cents(
            body.cost_per_click.as_ref(),
            DEFAULT_COST_PER_CLICK,
            "Cost per click",
        )?;
        if cost_per_click < MIN_COST_PER_CLICK {
            return Err(ApiError::bad_request(
                "Cost per click must be at least $0.50",
            ));
        }
        let start_date = match filled(body.start_date.as_deref()) {
            None => now,
            Some(text) => parse_date(text, false)
                .ok_or_else(|| ApiError::bad_request("Please enter a valid start date"))?,
        };
        let end_date = match filled(body.end_date.as_deref()) {
            None => NO_END_DATE,
            Some(text) => parse_date(text, true)
                .ok_or_else(|| ApiError::bad_request("Please enter a valid end date"))?,
        };
        if end_date <= start_date {
            return Err(ApiError::bad_request(
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
fn parse_image(raw: Option<&str>) -> Result<Image, ApiError> {
    let raw = filled(raw).ok_or_else(|| ApiError::bad_request(INVALID_IMAGE_URL))?;
    if raw.len() >= 5 && raw[..5].eq_ignore_ascii_case("data:") {
        return match parse_image_source(raw)? {
            ImageSource::Data(bytes) => Ok(Image::Data(bytes)),
            ImageSource::External(url) => Ok(Image::Url(url)),
        };
    }
    if is_web_url(raw) || is_media_path(raw) {
        Ok(Image::Url(raw.to_owned()))
    } else {
        Err(ApiError::bad_request(INVALID_IMAGE_URL))
    }
}

/// An absolute http(s) URL with a host, at most 2048 characters.
fn is_web_url(raw: &str) -> bool {
    raw.len() <= crate::media::MAX_URL_LEN
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
fn cents(value: Option<&Value>, default: i64, name: &str) -> Result<i64, ApiError> {
    let not_cents = || ApiError::bad_request(format!("{name} must be a whole number of cents"));
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
