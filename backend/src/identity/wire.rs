//! Users as the account's own answers show them: a profile with its counts, and the signed-in
//! user (the only answer with an email). The user embedded in other answers is `kernel::user`.

use serde::Serialize;
use utoipa::ToSchema;

use crate::identity::store::users::ProfileView;
use crate::kernel::user::UserRow;
use crate::platform::http::wire::iso_time;

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
