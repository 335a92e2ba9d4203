//! Voicemail (docs/voice-contract.md): the session user's
//! voicemails, how many are new, marking one listened, and leaving one for someone you chat
//! with. Only the recipient sees a voicemail; everyone else gets 404, as if it did not exist.

mod voicemail_create;
mod voicemail_listen;
mod voicemails_list;
mod voicemails_unread;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            voicemails_list::list_voicemails,
            voicemail_create::send_voicemail
        ))
        .routes(routes!(voicemails_unread::unread_voicemails))
        .routes(routes!(voicemail_listen::listen_voicemail))
}

const VOICEMAIL_NOT_FOUND: &str = "Voicemail not found";
