//! Safety's service: a block written, then the pair parted wherever they meet live; a report
//! decided, then a suspended author signed out everywhere and the reporters told.

use crate::canvas;
use crate::moderation::rules::ReportAction;
use crate::moderation::store::blocks;
use crate::moderation::store::reports::{self, Decided};
use crate::notifications;
use crate::platform::state::AppState;

/// `blocker` blocks `blocked` (idempotent), and each is taken out of the other's canvas rooms
/// at once, on every instance (issue 39). `false` when there is no such account.
pub async fn block(state: &AppState, blocker: i64, blocked: i64) -> Result<bool, sqlx::Error> {
    let found = blocks::block(&state.db, blocker, blocked).await?;
    if found {
        canvas::part(state, blocker, blocked).await;
    }
    Ok(found)
}

/// An admin decides report case `id`: a suspended author's sockets close at once, and the
/// reporters hear of a removal or a suspension.
pub async fn decide_report(
    state: &AppState,
    id: i64,
    action: ReportAction,
    notes: Option<&str>,
    admin: i64,
) -> Result<Decided, sqlx::Error> {
    let decided =
        reports::decide(&state.db, id, action, notes, admin, state.clock.now_ms()).await?;
    if let Decided::Done { author, notices } = &decided {
        if action == ReportAction::Suspend {
            state.realtime.hub.close_sessions(*author, None);
            tracing::info!(user_id = author, case = id, "account suspended");
        }
        notifications::announce(state, notices.iter().copied()).await;
    }
    Ok(decided)
}

/// Files a report; with `forward`, the server of the account it is about hears of it too (a
/// `Flag`, when that account is another server's: issue 46).
pub async fn report(
    state: &AppState,
    new: reports::NewReport<'_>,
    forward: bool,
) -> Result<reports::Reported, sqlx::Error> {
    let reported = reports::report(&state.db, new).await?;
    if forward && let reports::Reported::Created(report) = reported {
        state
            .federation
            .tell(crate::platform::federate::Change::Reported { report })
            .await;
    }
    Ok(reported)
}
