//! Ads (DESIGN §3 "Ads"): the placements' lists in rotation, and impressions and clicks.
//! Stats are only in an admin's answer; creating ads is the admin issue's.

mod ad_interaction;
mod ads_list;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::ads::AdRow;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ads_list::list_feed_ads))
        .routes(routes!(ads_list::list_banner_ads))
        .routes(routes!(ads_list::list_sidebar_ads))
        .routes(routes!(ad_interaction::record_interaction))
}

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
    fn of(row: AdRow, with_stats: bool) -> Self {
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
