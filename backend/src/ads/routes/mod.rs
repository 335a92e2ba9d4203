//! Ads: the placements' lists in rotation, and impressions and clicks.
//! Stats are only in an admin's answer. Admins create, pause and resume ads
//! (docs/admin-contract.md).

mod ad_create;
mod ad_interaction;
mod ad_update;
mod admin_ads_list;
mod ads_list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ads_list::list_feed_ads))
        .routes(routes!(ads_list::list_banner_ads))
        .routes(routes!(ads_list::list_sidebar_ads))
        .routes(routes!(ads_list::list_story_ads))
        .routes(routes!(ad_interaction::record_interaction))
}

/// The admin's ad routes (`POST /api/ads`, `PATCH /api/ads/{id}`), nested at `/api`.
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ad_create::create_ad))
        .routes(routes!(ad_update::update_ad))
}

/// Every ad with its stats, nested at `/api/admin`.
pub fn admin_list_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_ads_list::list_ads))
}
