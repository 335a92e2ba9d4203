//! Following as answers show it: the follow status, the state after following or unfollowing,
//! and a request to follow a private account.

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserCard;
use crate::platform::http::wire::iso_time;
use crate::social::store::follows::FollowRequestView;
use crate::social::store::stories::PersonSeen;

/// {isFollowing, isRequested}: the follow-status answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowStatus {
    pub is_following: bool,
    /// A follow request to this private account waits for its owner.
    pub is_requested: bool,
}

/// {isFollowing, isRequested, followersCount}: the answer to following or unfollowing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowState {
    pub is_following: bool,
    /// The follow became a request to a private account (`isFollowing` stays false).
    pub is_requested: bool,
    /// The followed user's follower count after the change.
    pub followers_count: i64,
}

/// A request to follow your private account (issue 20): its id (to approve or decline it), who
/// asked, and when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowRequest {
    pub id: i64,
    pub user: UserCard,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<FollowRequestView> for FollowRequest {
    fn from(row: FollowRequestView) -> Self {
        Self {
            id: row.id,
            user: UserCard {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image_url: row.profile_image,
            },
            created_at: iso_time(row.created_at),
        }
    }
}

/// Someone in a list of people (issue 43): a story's viewers, an account's followers or
/// following, each with the reader's follow state for its Follow button.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonListed {
    pub user: UserCard,
    /// The reader follows them.
    pub is_following: bool,
    /// The reader asked to follow their private account and waits.
    pub is_requested: bool,
    /// When they saw the story, or when the follow began; ISO-8601 UTC.
    pub at: String,
}

impl From<PersonSeen> for PersonListed {
    fn from(row: PersonSeen) -> Self {
        Self {
            user: UserCard {
                id: row.id,
                username: row.username,
                display_name: row.display_name,
                profile_image_url: row.profile_image,
            },
            is_following: row.is_following != 0,
            is_requested: row.is_requested != 0,
            at: iso_time(row.at),
        }
    }
}
