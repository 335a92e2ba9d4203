//! The canvas's service for what writes and then tells people outside a room: an invitation
//! (the invitees hear of it, issue 43).

use crate::canvas::store::{self, InviteRefusal};
use crate::notifications;
use crate::platform::state::AppState;

/// The owner invites `users` to `canvas`; each one newly invited is told, once it commits.
pub async fn invite(
    state: &AppState,
    owner: i64,
    canvas: i64,
    users: &[i64],
) -> Result<Result<(), InviteRefusal>, sqlx::Error> {
    let now = state.clock.now_ms();
    match store::invite(&state.db, owner, canvas, users, now).await? {
        Ok(notices) => {
            notifications::announce(state, notices).await;
            Ok(Ok(()))
        }
        Err(refusal) => Ok(Err(refusal)),
    }
}
