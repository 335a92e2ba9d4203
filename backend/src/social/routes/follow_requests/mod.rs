//! Follow requests to a private account (issue 20): the owner lists them and approves or
//! declines each; only their own (404 for anyone else's).

mod request_answer;
mod requests_list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(requests_list::list_follow_requests))
        .routes(routes!(request_answer::approve))
        .routes(routes!(request_answer::decline))
}
