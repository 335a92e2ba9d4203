//! Telling people what happened (issue 21): after an act commits with the
//! notifications it wrote (notifications/store.rs `record`, `retract`), each recipient's sockets,
//! on every instance, get the notification as their list shows it and the new unread count;
//! someone with no socket open anywhere gets it pushed to their browsers instead (the outbox,
//! push/), as their settings allow. Best effort: the act is done whatever happens here; a
//! failed read is logged, and the next fetch of the list or the count is right anyway.

use crate::notifications::events::NotificationEvent;
use crate::notifications::rules::notification::NotificationKind;
use crate::notifications::store::Notice;
use crate::platform::push;

use crate::identity;
use crate::notifications::store;
use crate::notifications::wire::Notification;
use crate::platform::push::store as push_store;
use crate::platform::push::wire::PushPayload;
use crate::platform::state::AppState;

/// Which of the settings' switches, beside Push Notifications, a push needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PushSwitch {
    /// Push Notifications alone (likes, comments, follows, calls, …).
    Any,
    /// Chat Message Notifications too (a new message).
    Chat,
    /// Voice Message Notifications too (a voice message, a voicemail).
    Voice,
}

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
    let Some(row) = store::find(&state.db, recipient, id).await? else {
        return Ok(());
    };
    let actors = store::actors(&state.db, recipient, &[id]).await?;
    let notification = Notification::from_row(row, &actors);
    let switch = if notification.kind == NotificationKind::Voicemail {
        PushSwitch::Voice
    } else {
        PushSwitch::Any
    };
    let payload = PushPayload {
        title: Some("Atelier".to_owned()),
        text: notification.text.clone(),
        actors: notification
            .actors
            .iter()
            .map(|actor| actor.display_name.clone())
            .collect(),
        url: notification.url.clone(),
        // A newer push about the same thing replaces the shown one (a folded like).
        tag: Some(format!(
            "{}-{}-{}",
            notification.kind.as_str(),
            notification.target.target_type.as_str(),
            notification.target.id
        )),
    };
    state.realtime.publish(
        &[recipient],
        &NotificationEvent::Notification {
            notification: Box::new(notification),
        },
    );
    push_if_away(state, recipient, switch, &payload).await
}

/// Queues `payload` for `recipient`'s browsers when no socket of theirs is open on any
/// instance (an open app hears the socket instead) and their settings allow it, then wakes
/// the drainer. After the act's commit, since who is online is not in the database: a crash
/// between the two loses the push, never the notification.
pub async fn push_if_away(
    state: &AppState,
    recipient: i64,
    switch: PushSwitch,
    payload: &PushPayload,
) -> Result<(), sqlx::Error> {
    if !state.realtime.online_among(&[recipient]).await.is_empty() {
        return Ok(());
    }
    // Most people have no browser subscribed: a read, and no write transaction, says so.
    if !push_store::has_subscriptions(&state.db, recipient).await? {
        return Ok(());
    }
    let settings = identity::settings_of(&state.db, recipient).await?;
    let allowed = settings.push_notifications
        && match switch {
            PushSwitch::Any => true,
            PushSwitch::Chat => settings.chat_message_notifications,
            PushSwitch::Voice => settings.voice_message_notifications,
        };
    if !allowed {
        return Ok(());
    }
    let mut tx = state.db.begin_write().await?;
    push::enqueue(&mut tx, recipient, payload).await?;
    tx.commit().await?;
    state.push.wake();
    Ok(())
}

/// Sends `recipient`'s sockets their unread notification count.
pub async fn unread_changed(state: &AppState, recipient: i64) {
    match store::unread_count(&state.db, recipient).await {
        Ok(count) => state
            .realtime
            .publish(&[recipient], &NotificationEvent::UnreadCount { count }),
        Err(error) => tracing::warn!(%error, "could not count unread notifications"),
    }
}

/// Marks `ids` of `recipient`'s notifications read (all of them with `None`); their sockets
/// hear the new count when anything changed.
pub async fn mark_read(
    state: &AppState,
    recipient: i64,
    ids: Option<&[i64]>,
    now: i64,
) -> Result<(), sqlx::Error> {
    if store::mark_read(&state.db, recipient, ids, now).await? > 0 {
        unread_changed(state, recipient).await;
    }
    Ok(())
}
