//! Users as answers show them: the embedded user of a post, a reel, a story group and a
//! message; a profile with its counts; the signed-in user (the only answer with an email).

use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::wire::iso_time;
use crate::moderation::store::blocks::BlockedUser;
use crate::social::store::follows::FollowRequestView;
use crate::identity::store::users::{ProfileView, UserRow};

/// A user as embedded in another answer (a post's, a reel's or a story group's `user`, a
/// message's `sender`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserBrief {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    /// The small avatar, or null (the client draws the initial).
    #[schema(required = true)]
    pub profile_image: Option<String>,
}

/// A user as a card names them, with `profileImageUrl`: a work's seller, a canvas's owner, its
/// invited people and the people in its room.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserCard {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    /// The small avatar, or null (the client draws the initial).
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
}

/// A user as other users see them (no email), with counts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    #[schema(required = true)]
    pub bio: Option<String>,
    /// The 400 px avatar, or null (the client draws the initial).
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
    /// Skill ids among design, code, music, photo, motion.
    pub skills: Vec<String>,
    pub posts_count: i64,
    pub followers_count: i64,
    pub following_count: i64,
    /// Whether the session user follows them (false on your own profile).
    pub is_following: bool,
    /// Whether the session user muted them (their posts and stories are out of your feed).
    pub is_muted: bool,
    /// A private account: only its followers see its posts, reels and stories.
    pub is_private: bool,
    /// Whether the session user asked to follow this private account and waits for approval.
    pub is_requested: bool,
    pub is_admin: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<ProfileView> for Profile {
    fn from(row: ProfileView) -> Self {
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            bio: row.bio,
            profile_image_url: row.profile_image_url,
            skills: serde_json::from_str(&row.skills).unwrap_or_default(),
            posts_count: row.posts_count,
            followers_count: row.followers_count,
            following_count: row.following_count,
            is_following: row.is_following != 0,
            is_muted: row.is_muted != 0,
            is_private: row.is_private != 0,
            is_requested: row.is_requested != 0,
            is_admin: row.is_admin != 0,
            created_at: iso_time(row.created_at),
        }
    }
}

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

/// The signed-in user as the session call returns it (the only answer with an email).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct SessionUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub email: String,
    #[schema(required = true)]
    pub bio: Option<String>,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
    pub is_admin: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<UserRow> for SessionUser {
    fn from(row: UserRow) -> Self {
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            email: row.email,
            bio: row.bio,
            profile_image_url: row.profile_image_url,
            is_admin: row.is_admin != 0,
            created_at: iso_time(row.created_at),
        }
    }
}

/// A comment's author (issue 19): the small avatar, as `UserBrief.profileImage` is, under the
/// name `profileImageUrl` the issue gives it. Also an account you blocked (issue 20); the
/// notifications issue reuses it for actors.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    /// The small avatar, or null (the client draws the initial).
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
}

impl From<BlockedUser> for CommentUser {
    fn from(row: BlockedUser) -> Self {
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            profile_image_url: row.profile_image,
        }
    }
}

/// A request to follow your private account (issue 20): its id (to approve or decline it), who
/// asked, and when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowRequest {
    pub id: i64,
    pub user: CommentUser,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<FollowRequestView> for FollowRequest {
    fn from(row: FollowRequestView) -> Self {
        Self {
            id: row.id,
            user: CommentUser {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image_url: row.profile_image,
            },
            created_at: iso_time(row.created_at),
        }
    }
}
