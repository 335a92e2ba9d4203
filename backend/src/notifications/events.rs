//! Notifications' socket events (docs/notifications-contract.md): a notification made or
//! grown, and the unread count.

use serde::Serialize;

use crate::notifications::wire::Notification;

/// What the server tells a notification's recipient.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum NotificationEvent {
    /// Something happened to you, or a notification of yours grew (issue 21): the whole
    /// notification as the list shows it.
    #[schema(rename_all = "camelCase")]
    Notification { notification: Box<Notification> },
    /// Your unread notifications' count changed (a new one, a read, one taken back).
    #[schema(rename_all = "camelCase")]
    UnreadCount { count: i64 },
}
