//! Users and follows (DESIGN §3 "Users, follows, search"): a profile by username with its
//! counts, following and unfollowing, the follow status, and the skill matcher's matches.

mod user_by_username;
mod user_follow;
mod user_follow_status;
mod users_skill_matches;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::iso_time;
use crate::db::users::ProfileView;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(user_by_username::profile_by_username))
        .routes(routes!(user_follow::follow, user_follow::unfollow))
        .routes(routes!(user_follow_status::follow_status))
        .routes(routes!(users_skill_matches::skill_matches))
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
            is_admin: row.is_admin != 0,
            created_at: iso_time(row.created_at),
        }
    }
}

/// Spec 000 §2 ("User not found").
pub const USER_NOT_FOUND: &str = "User not found";

/// {isFollowing}: the follow-status answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowStatus {
    pub is_following: bool,
}

/// {isFollowing, followersCount}: the answer to following or unfollowing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowState {
    pub is_following: bool,
    /// The followed user's follower count after the change.
    pub followers_count: i64,
}
