//! Notifications' answers and events (issue 21, docs/notifications-contract.md).

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::post_media::PostMedia;
use crate::kernel::user::UserCard;
use crate::notifications::rules::notification::{
    NotificationKind, NotificationTargetType, sentence,
};
use crate::notifications::store::{ActorRow, FirstImage, NotificationRow};
use crate::platform::http::wire::iso_time;
use crate::platform::media::url_of;

/// Something that happened to the reader.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    pub kind: NotificationKind,
    /// The newest actors the reader may see (at most 3), newest first; none for what the
    /// server tells (a withdrawal, a report).
    pub actors: Vec<UserCard>,
    /// Every actor, those not named included ('leo and 3 others').
    pub actors_count: i64,
    pub target: NotificationTarget,
    /// The sentence to show: 'leo and 3 others liked your post'.
    pub text: String,
    /// The app's path that opens what it is about (/p/12, /profile/leo, /chat/3, …).
    pub url: String,
    pub read: bool,
    /// The latest act's time, ISO-8601 UTC.
    pub created_at: String,
}

/// What a notification is about.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationTarget {
    #[serde(rename = "type")]
    pub target_type: NotificationTargetType,
    pub id: i64,
    /// The words it quotes (a comment's, a caption's), or null.
    #[schema(required = true)]
    pub preview: Option<String>,
    /// The post's thumbnail (its first image's, `media[0].thumbnailUrl`) or the reel's poster,
    /// when it is about one.
    #[schema(required = true)]
    pub thumbnail_url: Option<String>,
    /// About a post or a comment on one (issue 44): the post's first image, with its alt text,
    /// size and blurhash, the thumbnail to show; empty otherwise (a reel's poster is
    /// `thumbnailUrl`). The whole post is a tap away.
    #[schema(max_items = 1)]
    pub media: Vec<PostMedia>,
}

/// How many unread things the reader has: notifications (counted to 100: the badge reads
/// '99+' beyond 99), or the others' messages over all conversations.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadCount {
    pub count: i64,
}

impl Notification {
    /// The row with its actors (every actor row of `actors` whose notification it is).
    pub fn from_row(row: NotificationRow, actors: &[ActorRow]) -> Self {
        let (kind, target_type) = (row.kind, row.target_type);
        let mine: Vec<&ActorRow> = actors
            .iter()
            .filter(|actor| actor.notification_id == row.id)
            .collect();
        let names: Vec<&str> = mine.iter().map(|actor| actor.username.as_str()).collect();
        let text = sentence(
            kind,
            target_type,
            &names,
            row.actors_count,
            row.preview.as_deref(),
        );
        let url = url_for(kind, target_type, &row, names.first().copied());
        let server_told = matches!(
            kind,
            NotificationKind::Withdrawal | NotificationKind::Report
        );
        Self {
            id: row.id,
            kind,
            actors: mine
                .into_iter()
                .map(|actor| UserCard {
                    id: actor.id,
                    username: actor.username.clone(),
                    display_name: actor.display_name.clone(),
                    profile_image_url: actor.profile_image.clone(),
                })
                .collect(),
            actors_count: row.actors_count,
            target: NotificationTarget {
                target_type,
                id: row.target_id,
                preview: if server_told { None } else { row.preview },
                thumbnail_url: row.thumbnail_key.as_deref().map(url_of),
                media: first_image(row.first_image).into_iter().collect(),
            },
            text,
            url,
            read: row.read != 0,
            created_at: iso_time(row.updated_at),
        }
    }

    /// A page of rows with the actors read for them, in the rows' order.
    pub fn list(rows: Vec<NotificationRow>, actors: &[ActorRow]) -> Vec<Self> {
        rows.into_iter()
            .map(|row| Self::from_row(row, actors))
            .collect()
    }
}

/// The post's first image as every answer shows a post's images, if it is about a post.
fn first_image(row: FirstImage) -> Option<PostMedia> {
    Some(PostMedia {
        url: row.first_image_url?,
        thumbnail_url: row.first_image_thumbnail_key.as_deref().map(url_of),
        width: row.first_image_width,
        height: row.first_image_height,
        blurhash: row.first_image_blurhash,
        alt: row.first_image_alt.unwrap_or_default(),
    })
}

/// The app's path for a notification: the post (a comment's post), the reel, the newest
/// follower's or requester's profile, the chat, the voicemail list, the earnings page, the
/// shop, (a shipped order) the receipt, or (an invitation) the canvas.
fn url_for(
    kind: NotificationKind,
    target: NotificationTargetType,
    row: &NotificationRow,
    newest_actor: Option<&str>,
) -> String {
    use NotificationKind as K;
    use NotificationTargetType as T;
    match (kind, newest_actor) {
        (K::Voicemail, _) => return "/voicemail".to_owned(),
        // About the buyer's checkout: its receipt.
        (K::Shipped, _) => return format!("/orders/{}", row.target_id),
        (K::Follow | K::FollowRequest | K::FollowAccepted, Some(username)) => {
            return format!("/profile/{username}");
        }
        _ => {}
    }
    match target {
        T::Post | T::Comment | T::Reel => match (row.post_id, row.reel_id) {
            (Some(post), _) => format!("/p/{post}"),
            (None, Some(reel)) => format!("/reels?reel={reel}"),
            (None, None) => "/notifications".to_owned(),
        },
        T::User => match &row.target_username {
            Some(username) => format!("/profile/{username}"),
            None => "/notifications".to_owned(),
        },
        T::Conversation => format!("/chat/{}", row.target_id),
        T::Withdrawal => "/earnings".to_owned(),
        T::Order => "/shop".to_owned(),
        T::Report => "/notifications".to_owned(),
        T::Canvas => format!("/canvas/{}", row.target_id),
    }
}
