//! Search: users by username or display name; explore's search of accounts, tags
//! and posts at once (issue 19).

mod search_all;
mod search_users;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_users::search_users))
}

/// GET /api/search itself, nested at /api (a route of "" under /api/search is not one axum
/// serves).
pub fn all_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_all::search_all))
}
