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
    /// Whether the address was confirmed by its link.
    pub email_verified: bool,
    /// While unverified: the end of the 7-day grace (ISO-8601 UTC); after it the account is
    /// read-only until verified. Null once verified.
    #[schema(required = true)]
    pub email_verify_by: Option<String>,
    /// Unverified past the grace: may read but not post, comment or message.
    pub read_only: bool,
    /// A new address waiting for its confirmation link, or null.
    #[schema(required = true)]
    pub pending_email: Option<String>,
    pub two_factor_enabled: bool,
    /// The first run is over (finished or skipped).
    pub onboarded: bool,
}

/// What the session user's answer carries beyond the `users` row.
#[derive(Debug, Clone)]
pub struct AccountState {
    pub two_factor: bool,
    pub onboarded: bool,
    pub pending_email: Option<String>,
    /// The time the grace is judged at.
    pub now: i64,
}

impl SessionUser {
    pub fn new(row: UserRow, state: AccountState) -> Self {
        let verify_by = crate::identity::verification::verify_by(&row);
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            email: row.email,
            bio: row.bio,
            profile_image_url: row.profile_image_url,
            is_admin: row.is_admin != 0,
            created_at: iso_time(row.created_at),
            email_verified: row.email_verified_at.is_some(),
            email_verify_by: verify_by.map(iso_time),
            read_only: verify_by.is_some_and(|by| state.now >= by),
            pending_email: state.pending_email,
            two_factor_enabled: state.two_factor,
            onboarded: state.onboarded,
        }
    }
}

/// A sign-in that waits for its second factor (202 from `/api/auth/login`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorChallenge {
    /// Always true.
    pub two_factor_required: bool,
    /// Pass to `/api/auth/login/2fa` with the code (valid 10 minutes, 5 wrong codes).
    pub challenge: String,
}

/// One of the session user's signed-in sessions.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedInSession {
    /// The session's public id (not its token).
    pub id: String,
    /// The session this request came with.
    pub current: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// ISO-8601 UTC, to within five minutes.
    pub last_seen_at: String,
    /// The browser and system in words ('Chrome on Linux'), or 'Unknown browser'.
    pub user_agent: String,
}

/// How many sessions ended.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionsEnded {
    pub ended: u64,
}

/// Two-factor setup: the secret to add to an authenticator app.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorSetup {
    /// Base32, 32 characters (the 'setup key').
    pub secret: String,
    /// `otpauth://totp/Atelier:{username}?secret=…&issuer=Atelier…`, for a QR code.
    pub otpauth_uri: String,
}

/// The one-time recovery codes, shown once when two-factor is turned on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    /// Ten codes, `xxxxx-xxxxx`; each works once in place of a code.
    pub recovery_codes: Vec<String>,
}

/// `{message}` of an account action that succeeded (or a mail on its way).
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountMessage {
    pub message: String,
}

/// The address a verification link confirmed.
#[derive(Debug, Serialize, ToSchema)]
pub struct VerifiedEmail {
    pub email: String,
}
