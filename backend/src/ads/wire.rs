//! Ads as a placement shows them (stats only in an admin's answer) and as the admin sees them.

use serde::Serialize;
use utoipa::ToSchema;

use crate::ads::rules::NO_END_DATE;
use crate::ads::store::AdRow;
use crate::platform::http::wire::iso_time;

/// An ad as a placement shows it. The stats fields are present only in an admin's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ad {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub image_url: String,
    /// Opened in a new tab (no opener, no referrer).
    pub target_url: String,
    pub advertiser_name: String,
    /// `feed`, `story`, `banner` or `sidebar`.
    pub category: String,
    /// Admins only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub total_impressions: Option<i64>,
    /// Admins only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub total_clicks: Option<i64>,
    /// Admins only: cents charged so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub revenue: Option<i64>,
    /// Admins only: cents.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub budget: Option<i64>,
    /// Admins only: cents.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub cost_per_click: Option<i64>,
}

impl Ad {
    pub(crate) fn of(row: AdRow, with_stats: bool) -> Self {
        let stat = |value: i64| with_stats.then_some(value);
        Self {
            total_impressions: stat(row.total_impressions),
            total_clicks: stat(row.total_clicks),
            revenue: stat(row.revenue_cents),
            budget: stat(row.budget_cents),
            cost_per_click: stat(row.cost_per_click_cents),
            id: row.id,
            title: row.title,
            description: row.description,
            image_url: row.image_url,
            target_url: row.target_url,
            advertiser_name: row.advertiser_name,
            category: row.category,
        }
    }
}

/// An ad as the admin sees it: every stat, its state and dates.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminAd {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub image_url: String,
    pub target_url: String,
    pub advertiser_name: String,
    /// `feed`, `story`, `banner` or `sidebar`.
    pub category: String,
    pub total_impressions: i64,
    pub total_clicks: i64,
    /// Cents charged so far.
    pub revenue: i64,
    /// Cents.
    pub budget: i64,
    /// Cents.
    pub cost_per_click: i64,
    /// Served only while true (and inside its dates, below its budget).
    pub is_active: bool,
    /// ISO-8601 UTC.
    pub start_date: String,
    /// ISO-8601 UTC; null when the ad runs until paused.
    #[schema(required = true)]
    pub end_date: Option<String>,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<AdRow> for AdminAd {
    fn from(row: AdRow) -> Self {
        Self {
            id: row.id,
            title: row.title,
            description: row.description,
            image_url: row.image_url,
            target_url: row.target_url,
            advertiser_name: row.advertiser_name,
            category: row.category,
            total_impressions: row.total_impressions,
            total_clicks: row.total_clicks,
            revenue: row.revenue_cents,
            budget: row.budget_cents,
            cost_per_click: row.cost_per_click_cents,
            is_active: row.is_active != 0,
            start_date: iso_time(row.start_date),
            end_date: (row.end_date < NO_END_DATE).then(|| iso_time(row.end_date)),
            created_at: iso_time(row.created_at),
        }
    }
}
