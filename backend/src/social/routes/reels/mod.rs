//! Reels (docs/shop-contract.md): the vertical pager's list, a creator's reels (a
//! profile's REELS tab), posting a reel by uploading a video, deleting one, editing its caption
//! and reading its earlier captions (issue 44), and the like toggle (its comments are
//! social/routes/comments; its drafts social/routes/reel_drafts).

mod reel_create;
mod reel_delete;
mod reel_history;
mod reel_like;
mod reel_update;
mod reels_by_user;
mod reels_list;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::page::Page;
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::reel_upload::REEL_BODY_LIMIT;
use crate::social::store::reels::ReelView;
use crate::social::wire::reel::Reel;

pub fn router() -> OpenApiRouter<AppState> {
    // The upload's own body limit, kept to its route.
    let upload = OpenApiRouter::new()
        .routes(routes!(reel_create::create_reel))
        .layer(DefaultBodyLimit::max(REEL_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(reels_list::list_reels))
        .routes(routes!(reels_by_user::list_user_reels))
        .routes(routes!(reel_like::toggle_reel_like))
        .routes(routes!(reel_delete::delete_reel, reel_update::update_reel))
        .routes(routes!(reel_history::reel_history))
        .merge(upload)
}

/// A page of reels with `X-Next-Cursor` when more follow.
fn page_of_reels(rows: Vec<ReelView>, page: Page) -> axum::response::Response {
    let (rows, next) = page.split(rows, |row| row.id);
    paginated(rows.into_iter().map(Reel::from).collect(), next)
}
