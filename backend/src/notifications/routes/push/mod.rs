//! Web Push (issue 21, docs/push.md): the server's VAPID public key, and the browsers that
//! subscribed for pushes. What is pushed, and when, is the notifications' business; they queue
//! pushes through `push::enqueue`.

mod subscription_create;
mod subscription_delete;
mod vapid_public_key;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(vapid_public_key::vapid_public_key))
        .routes(routes!(
            subscription_create::subscribe,
            subscription_delete::unsubscribe
        ))
}
