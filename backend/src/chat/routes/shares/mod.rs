//! Sharing a post or a reel into a conversation (docs/community-contract.md): the message is
//! stored like any (members only: 404 otherwise, as sending says) and delivered as
//! `newMessage`; the item's `sharesCount` counts each sharer once.

mod post_share;
mod reel_share;

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_share::share_post))
        .routes(routes!(reel_share::share_reel))
}

/// {conversationId}: where to share it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareRequest {
    /// A conversation the session user is a member of.
    pub conversation_id: i64,
}
