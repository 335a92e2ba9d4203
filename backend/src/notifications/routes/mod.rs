//! The reader's notifications (issue 21, docs/notifications-contract.md): the list, the unread
//! count, marking read. Only the recipient reads or marks their own.

mod notifications_list;
mod notifications_read;
pub mod push;
mod unread_count;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(notifications_list::list_notifications))
        .routes(routes!(unread_count::unread_notifications))
        .routes(routes!(notifications_read::read_notifications))
}
