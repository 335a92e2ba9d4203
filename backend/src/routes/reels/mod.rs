//! Reels (DESIGN §3, docs/shop-contract.md): the vertical pager's list, a creator's reels (a
//! profile's REELS tab), and posting a reel by uploading a video.

mod reel_create;
mod reels_by_user;
mod reels_list;

use axum::extract::DefaultBodyLimit;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::iso_time;
use crate::db::reels::ReelView;
use crate::domain::Page;
use crate::media::url_of;
use crate::state::AppState;

use reel_create::REEL_BODY_LIMIT;

pub fn router() -> OpenApiRouter<AppState> {
    // The upload's own body limit, kept to its route.
    let upload = OpenApiRouter::new()
        .routes(routes!(reel_create::create_reel))
        .layer(DefaultBodyLimit::max(REEL_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(reels_list::list_reels))
        .routes(routes!(reels_by_user::list_user_reels))
        .merge(upload)
}

/// A reel's creator (the PostAuthor shape).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReelUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    /// The small avatar, or null (the client draws the initial).
    #[schema(required = true)]
    pub profile_image: Option<String>,
}

/// A short vertical video.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reel {
    pub id: i64,
    /// `/media/{key}`: WebM or MP4, served with Range.
    pub video_url: String,
    /// `/media/{key}` of a JPEG frame, or null.
    #[schema(required = true)]
    pub poster_url: Option<String>,
    pub caption: String,
    /// Whole seconds, 1–60.
    pub duration: i64,
    /// Pixel size of the video, when the container says.
    #[schema(required = true)]
    pub width: Option<i64>,
    #[schema(required = true)]
    pub height: Option<i64>,
    pub user: ReelUser,
    pub likes_count: i64,
    pub comments_count: i64,
    pub shares_count: i64,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<ReelView> for Reel {
    fn from(row: ReelView) -> Self {
        Self {
            id: row.id,
            video_url: url_of(&row.media_key),
            poster_url: row.poster_key.as_deref().map(url_of),
            caption: row.caption,
            duration: row.duration_seconds,
            width: row.width,
            height: row.height,
            user: ReelUser {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image: row.profile_image,
            },
            likes_count: row.likes_count,
            comments_count: row.comments_count,
            shares_count: row.shares_count,
            created_at: iso_time(row.created_at),
        }
    }
}

/// A page of reels with `X-Next-Cursor` when more follow.
fn page_of_reels(rows: Vec<ReelView>, page: Page) -> axum::response::Response {
    let (rows, next) = page.split(rows, |row| row.id);
    super::paginated(rows.into_iter().map(Reel::from).collect(), next)
}
