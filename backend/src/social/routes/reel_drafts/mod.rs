//! Reel drafts (issue 44, docs/publishing-contract.md): a reel prepared ahead, its video
//! uploaded now (the same form and checks as `POST /api/reels`, social/reel_upload.rs) and kept,
//! published later. Only its author sees a reel draft: anyone else's id is 404, as one that does
//! not exist (an admin's too).

mod reel_draft_delete;
mod reel_draft_publish;
mod reel_draft_update;
mod reel_drafts_create;
mod reel_drafts_list;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;
use crate::social::reel_upload::REEL_BODY_LIMIT;
use crate::social::rules::reel::REEL_DRAFT_NOT_FOUND;
use crate::social::store::reel_drafts;
use crate::social::wire::reel_draft::ReelDraft;

pub fn router() -> OpenApiRouter<AppState> {
    // The upload's own body limit, kept to its route (GET on the same path reads no body).
    let upload = OpenApiRouter::new()
        .routes(routes!(
            reel_drafts_list::list_reel_drafts,
            reel_drafts_create::create_reel_draft
        ))
        .layer(DefaultBodyLimit::max(REEL_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(
            reel_draft_update::update_reel_draft,
            reel_draft_delete::delete_reel_draft
        ))
        .routes(routes!(reel_draft_publish::publish_reel_draft))
        .merge(upload)
}

/// `author`'s reel draft `id` as the API shows it, or 404.
async fn one_reel_draft(db: &Db, author: i64, id: i64) -> ApiResult<ReelDraft> {
    reel_drafts::find(db, author, id)
        .await?
        .map(ReelDraft::from)
        .ok_or_else(|| ApiError::not_found(REEL_DRAFT_NOT_FOUND))
}
