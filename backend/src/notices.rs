//! Telling people what happened (issue 21, DESIGN §8): after an act commits with the
//! notifications it wrote (db/notifications.rs `record`, `retract`), each recipient's sockets,
//! on every instance, get the notification as their list shows it and the new unread count.
//! Best effort: the act is done whatever happens here; a failed read is logged, and the next
//! fetch of the list or the count is right anyway.

use crate::db;
use crate::db::notifications::Notice;
use crate::realtime::events::ServerEvent;
use crate::state::AppState;
use crate::wire::notification::Notification;

/// Announces what the acts' notices changed: `notification` for a notification made or grown
/// (none for one taken back), then `unreadCount`, to each recipient's sockets.
pub async fn announce(state: &AppState, notices: impl IntoIterator<Item = Notice>) {
    for notice in notices {
        if let Some(id) = notice.id
            && let Err(error) = send_notification(state, notice.recipient, id).await
        {
            tracing::warn!(%error, notification = id, "could not announce a notification");
        }
        unread_changed(state, notice.recipient).await;
    }
}

async fn send_notification(state: &AppState, recipient: i64, id: i64) -> Result<(), sqlx::Error> {
    // Hidden from its recipient (an actor they may not see, removed content): nothing to say.
    let Some(row) = db::notifications::find(&state.db, recipient, id).await? else {
        return Ok(());
    };
    let actors = db::notifications::actors(&state.db, recipient, &[id]).await?;
    let notification = Notification::from_row(row, &actors);
    state.realtime.publish(
        &[recipient],
        &ServerEvent::Notification {
            notification: Box::new(notification),
        },
    );
    Ok(())
}

/// Sends `recipient`'s sockets their unread notification count.
pub async fn unread_changed(state: &AppState, recipient: i64) {
    match db::notifications::unread_count(&state.db, recipient).await {
        Ok(count) => state
            .realtime
            .publish(&[recipient], &ServerEvent::UnreadCount { count }),
        Err(error) => tracing::warn!(%error, "could not count unread notifications"),
    }
}
