use crate::identity::CurrentUser;
use crate::identity::wire::SessionUser;
use crate::platform::http::error::{ErrorBody, Json};

/// The signed-in user (the client's session check).
#[utoipa::path(
    get, path = "/user", tag = "auth",
    responses(
        (status = 200, description = "The session user", body = SessionUser),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn current_user(current: CurrentUser) -> Json<SessionUser> {
    Json(SessionUser::from(current.user))
}
