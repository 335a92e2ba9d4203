use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::ads::rules::{AdInput, ValidAd};
use crate::ads::store;
use crate::ads::store::NewAd;
use crate::ads::wire::AdminAd;
use crate::identity::AdminUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// A new ad. Amounts are integer cents.
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

impl NewAdRequest {
    fn fields(&self) -> AdInput<'_> {
        AdInput {
            title: self.title.as_deref(),
            description: self.description.as_deref(),
            image_url: self.image_url.as_deref(),
            target_url: self.target_url.as_deref(),
            advertiser_name: self.advertiser_name.as_deref(),
            category: self.category.as_deref(),
            budget: self.budget.as_ref(),
            cost_per_click: self.cost_per_click.as_ref(),
            start_date: self.start_date.as_deref(),
            end_date: self.end_date.as_deref(),
        }
    }
}

/// Creates an ad, active at once (admins only); the creation is written to the audit log.
#[utoipa::path(
    post, path = "/ads", tag = "ads",
    request_body = NewAdRequest,
    responses(
        (status = 201, description = "The new ad, active", body = AdminAd),
        (status = 400, description = "A rule of the new-ad form (its message), or a malformed image", body = ErrorBody),
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
    let ad = ValidAd::parse(&body.fields(), now)?;
    let image = state.media.show_image(&state.db, ad.image).await?;
    let id = store::create_by_admin(
        &state.db,
        NewAd {
            title: &ad.title,
            description: &ad.description,
            image_url: &image.url,
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
        image.key.as_deref(),
        admin.user.id,
    )
    .await?;
    let row = store::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("ad {id} vanished after insert")))?;
    Ok((StatusCode::CREATED, Json(row.into())))
}
