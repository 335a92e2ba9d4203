//! 'People to follow' (issue 41): for the first run and an empty Home. Creators sharing the
//! viewer's skills come first (the most shared, then the most followed), then the most followed
//! of all. Never the viewer, anyone they follow or asked to follow, a private account, one
//! blocked either way, or a deactivated one. Each skill combination is one range of
//! `users_skill_followers_idx` and the most followed one range of `users_followers_count_idx`,
//! read from the top until enough pass the filters: no read of every member.

use sqlx::FromRow;

use crate::platform::db::Db;
use crate::platform::db::per_mask::fetch_per_mask;
use crate::platform::db::visibility::not_blocked;

/// A suggested account.
#[derive(Debug, Clone, FromRow)]
pub struct Suggestion {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image_url: Option<String>,
    pub bio: Option<String>,
    pub skills: String,
    pub skill_mask: i64,
    pub followers_count: i64,
}

/// Who `$1` may be suggested: the filters every range shares.
macro_rules! suggestable {
    () => {
        concat!(
            "u.id <> $1 AND u.deactivated_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.followee_id = u.id)
             AND NOT EXISTS (SELECT 1 FROM follow_requests fr
                             WHERE fr.requester_id = $1 AND fr.target_id = u.id)
             AND NOT EXISTS (SELECT 1 FROM user_settings ps
                             WHERE ps.user_id = u.id AND ps.private_account = 1)
             AND ",
            not_blocked!("$1", "u.id")
        )
    };
}

macro_rules! suggestion_columns {
    () => {
        "u.id, u.username, u.display_name, u.profile_image_url, u.bio, u.skills, u.skill_mask,
         u.followers_count"
    };
}

/// The viewer's skills as bits.
pub async fn skill_mask(db: &Db, viewer: i64) -> Result<i64, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT skill_mask FROM users WHERE id = $1")
        .bind(viewer)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map_or(0, |(mask,)| mask))
}

/// For each mask in `masks`, the `per_mask` most followed suggestable accounts with exactly
/// those skills.
pub async fn sharing_skills(
    db: &Db,
    viewer: i64,
    masks: &[i64],
    per_mask: i64,
) -> Result<Vec<Suggestion>, sqlx::Error> {
    let one = concat!(
        "SELECT ",
        suggestion_columns!(),
        " FROM users u WHERE u.skill_mask = $MASK AND u.skill_mask <> 0 AND ",
        suggestable!(),
        " ORDER BY u.followers_count DESC, u.id DESC LIMIT $2"
    );
    fetch_per_mask(db, one, viewer, masks, per_mask).await
}

/// The `limit` most followed suggestable accounts.
pub async fn most_followed(
    db: &Db,
    viewer: i64,
    limit: i64,
) -> Result<Vec<Suggestion>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        suggestion_columns!(),
        " FROM users u WHERE ",
        suggestable!(),
        " ORDER BY u.followers_count DESC, u.id DESC LIMIT $2"
    ))
    .bind(viewer)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
