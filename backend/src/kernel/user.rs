//! The one user shape embedded in other answers, in its two spellings of the avatar field:
//! `UserBrief.profileImage` (a post's, a reel's, a story group's `user`, a message's `sender`)
//! and `UserCard.profileImageUrl` (a comment's author, an account you blocked, a notification's
//! actors, a voicemail's caller, a work's seller, a canvas's people). The wire keeps both names;
//! each is one type.

use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

/// A user as embedded in another answer (a post's, a reel's or a story group's `user`, a
/// message's `sender`).
#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct UserBrief {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    /// The small avatar, or null (the client draws the initial).
    #[schema(required = true)]
    pub profile_image: Option<String>,
}

/// A user as a card names them, with `profileImageUrl`: a comment's author, an account you
/// blocked, a notification's actors, a voicemail's caller, a work's seller, a canvas's owner,
/// its invited people and the people in its room.
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

/// A `users` row without the password hash: the signed-in user, as the session cache keeps
/// them (platform/db/session_cache.rs).
#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub display_name: String,
    pub bio: Option<String>,
    pub profile_image_url: Option<String>,
    pub is_admin: i64,
    pub created_at: i64,
    /// When the address was confirmed; `None` while unverified (issue 41).
    pub email_verified_at: Option<i64>,
}
