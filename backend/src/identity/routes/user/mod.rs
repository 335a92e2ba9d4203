//! The session user's own account: profile fields and picture, settings, password, data
//! export and deactivation; email change, sessions, two-factor and the first run (issue 41).

mod account_deactivate;
mod email_change;
mod onboarding;
mod password_change;
mod sessions;
mod two_factor;
mod user_profile_image;
mod user_profile_update;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

use user_profile_image::PROFILE_IMAGE_BODY_LIMIT;

pub fn router() -> OpenApiRouter<AppState> {
    // The upload's own body limit, kept to its route.
    let profile_image = OpenApiRouter::new()
        .routes(routes!(user_profile_image::upload_profile_image))
        .layer(DefaultBodyLimit::max(PROFILE_IMAGE_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(user_profile_update::update_profile))
        .routes(routes!(password_change::change_password))
        .routes(routes!(account_deactivate::deactivate))
        .routes(routes!(email_change::change_email))
        .routes(routes!(
            sessions::list_sessions,
            sessions::end_other_sessions
        ))
        .routes(routes!(sessions::end_session))
        .routes(routes!(two_factor::setup_two_factor))
        .routes(routes!(two_factor::enable_two_factor))
        .routes(routes!(two_factor::disable_two_factor))
        .routes(routes!(onboarding::finish_onboarding))
        .merge(profile_image)
}
