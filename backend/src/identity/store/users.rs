//! Accounts: the `users` table.

use sqlx::{AnyConnection, FromRow};

use crate::kernel::user::UserRow;
use crate::platform::db::per_mask::fetch_per_mask;
use crate::platform::db::visibility::not_blocked;
use crate::platform::db::{Backend, Db, escape_like, now_ms, violates};

// Read natively on SQLite (platform/db/native.rs).
crate::native_row!(UserRow {
    id,
    username,
    email,
    display_name,
    bio,
    profile_image_url,
    is_admin,
    created_at,
    email_verified_at,
});

/// A user row with the hash to verify a password against.
#[derive(Debug, FromRow)]
pub struct Credentials {
    #[sqlx(flatten)]
    pub user: UserRow,
    pub password_hash: String,
    /// Set while the account is deactivated (epoch milliseconds).
    pub deactivated_at: Option<i64>,
    /// The two-factor secret (base32) when two-factor sign-in is on.
    pub totp_secret: Option<String>,
}

/// The columns of `UserRow`, as a literal so queries stay `&'static str` (sqlx's SqlSafeStr).
macro_rules! user_columns {
    () => {
        "id, username, email, display_name, bio, profile_image_url, is_admin, created_at,
         email_verified_at"
    };
}

pub struct NewUser<'a> {
    pub username: &'a str,
    pub email: &'a str,
    pub display_name: &'a str,
    pub password_hash: &'a str,
    pub is_admin: bool,
    /// Verified and past the first run from the start (the demo accounts); a sign-up is not.
    pub verified: bool,
}

/// An account field that belongs to someone else already (case-insensitively).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duplicate {
    Username,
    Email,
}

/// Which unique index a failed `insert` hit, if that is why it failed.
pub fn duplicate_of(err: &sqlx::Error) -> Option<Duplicate> {
    if violates(err, "users_username_key") {
        Some(Duplicate::Username)
    } else if violates(err, "users_email_key") {
        Some(Duplicate::Email)
    } else {
        None
    }
}

/// Inserts a user. A taken username or email fails with a unique violation
/// (see `duplicate_of`).
pub async fn insert(db: &Db, new: NewUser<'_>) -> Result<UserRow, sqlx::Error> {
    sqlx::query_as(concat!(
        "INSERT INTO users (username, email, display_name, password_hash, is_admin, created_at,
                            email_verified_at, onboarded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ",
        user_columns!(),
        ""
    ))
    .bind(new.username)
    .bind(new.email)
    .bind(new.display_name)
    .bind(new.password_hash)
    .bind(i64::from(new.is_admin))
    .bind(now_ms())
    .bind(new.verified.then(now_ms))
    .fetch_one(&db.pool)
    .await
}

/// Which field of a new account is taken already (the username first), checked before
/// hashing a password.
pub async fn taken(db: &Db, username: &str, email: &str) -> Result<Option<Duplicate>, sqlx::Error> {
    let (username_taken, email_taken): (i64, i64) = sqlx::query_as(
        "SELECT
           (SELECT COUNT(*) FROM users WHERE lower(username) = lower($1)),
           (SELECT COUNT(*) FROM users WHERE lower(email) = lower($2))",
    )
    .bind(username)
    .bind(email)
    .fetch_one(&db.pool)
    .await?;
    Ok(if username_taken > 0 {
        Some(Duplicate::Username)
    } else if email_taken > 0 {
        Some(Duplicate::Email)
    } else {
        None
    })
}

/// The account a sign-in names: by username, by email, or by both (then they must agree).
pub async fn find_credentials(
    db: &Db,
    username: Option<&str>,
    email: Option<&str>,
) -> Result<Option<Credentials>, sqlx::Error> {
    let query = match (username, email) {
        (Some(username), Some(email)) => sqlx::query_as(concat!(
            "SELECT ",
            user_columns!(),
            ", password_hash, deactivated_at, totp_secret FROM users
             WHERE lower(username) = lower($1) AND lower(email) = lower($2)"
        ))
        .bind(username)
        .bind(email),
        (Some(username), None) => sqlx::query_as(concat!(
            "SELECT ",
            user_columns!(),
            ", password_hash, deactivated_at, totp_secret FROM users WHERE lower(username) = lower($1)"
        ))
        .bind(username),
        (None, Some(email)) => sqlx::query_as(concat!(
            "SELECT ",
            user_columns!(),
            ", password_hash, deactivated_at, totp_secret FROM users WHERE lower(email) = lower($1)"
        ))
        .bind(email),
        (None, None) => return Ok(None),
    };
    query.fetch_optional(&db.pool).await
}

pub async fn find_by_username(db: &Db, username: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE lower(username) = lower($1)"
    ))
    .bind(username)
    .fetch_optional(&db.pool)
    .await
}

/// An active account by id.
pub async fn active_by_id(db: &Db, id: i64) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE id = $1 AND deactivated_at IS NULL"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// Gives the admin role; false when no such user exists.
pub async fn grant_admin(db: &Db, username: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE users SET is_admin = 1 WHERE lower(username) = lower($1)")
        .bind(username)
        .execute(&db.pool)
        .await?;
    db.session_cache.clear();
    Ok(done.rows_affected() > 0)
}

/// A user as others see them: public fields, counts, and whether the viewer follows them.
#[derive(Debug, Clone, FromRow)]
pub struct ProfileView {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub bio: Option<String>,
    pub profile_image_url: Option<String>,
    /// JSON array of skill ids.
    pub skills: String,
    pub is_admin: i64,
    pub created_at: i64,
    pub posts_count: i64,
    pub followers_count: i64,
    pub following_count: i64,
    pub is_following: i64,
    pub is_muted: i64,
    pub is_private: i64,
    pub is_requested: i64,
}

/// `ProfileView`'s columns over `users u`; `$1` is the viewer. Each count is an index-only
/// range count (posts_user_shown_idx: removed posts do not count; follows_followee_id_idx, the
/// follows primary key). The
/// queries around it leave out accounts blocked either way with the viewer (`not_blocked!`).
macro_rules! profile_columns {
    () => {
        "u.id, u.username, u.display_name, u.bio, u.profile_image_url, u.skills, u.is_admin,
         u.created_at,
         (SELECT COUNT(*) FROM posts p WHERE p.user_id = u.id AND p.removed_at IS NULL)
             AS posts_count,
         (SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id) AS followers_count,
         (SELECT COUNT(*) FROM follows f WHERE f.follower_id = u.id) AS following_count,
         CAST(CASE WHEN EXISTS (SELECT 1 FROM follows f
                                WHERE f.follower_id = $1 AND f.followee_id = u.id)
              THEN 1 ELSE 0 END AS BIGINT) AS is_following,
         CAST(CASE WHEN EXISTS (SELECT 1 FROM mutes mu
                                WHERE mu.muter_id = $1 AND mu.muted_id = u.id)
              THEN 1 ELSE 0 END AS BIGINT) AS is_muted,
         CAST(CASE WHEN EXISTS (SELECT 1 FROM user_settings ps
                                WHERE ps.user_id = u.id AND ps.private_account = 1)
              THEN 1 ELSE 0 END AS BIGINT) AS is_private,
         CAST(CASE WHEN EXISTS (SELECT 1 FROM follow_requests fr
                                WHERE fr.requester_id = $1 AND fr.target_id = u.id)
              THEN 1 ELSE 0 END AS BIGINT) AS is_requested
         FROM users u"
    };
}

/// The profile of `username` (case-insensitive) as `viewer` sees it; `None` when there is no
/// such active account, or it and the viewer are blocked either way.
pub async fn profile_by_username(
    db: &Db,
    viewer: i64,
    username: &str,
) -> Result<Option<ProfileView>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        profile_columns!(),
        " WHERE lower(u.username) = lower($2) AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(viewer)
    .bind(username)
    .fetch_optional(&db.pool)
    .await
}

/// The profile of user `id` as `viewer` sees it (`None` as for `profile_by_username`).
pub async fn profile_by_id(
    db: &Db,
    viewer: i64,
    id: i64,
) -> Result<Option<ProfileView>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        profile_columns!(),
        " WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(viewer)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// The search query around a backend's match condition: the best `limit` ids are picked first
/// (rank: exact, then prefix, then substring; shorter usernames first), and only those rows
/// get the profile columns with their counts. `$2` is the LIKE pattern, `$3` the lowercased
/// needle, `$4` the prefix pattern, `$5` the limit (and `$6` the FTS5 query on SQLite).
macro_rules! search_sql {
    ($matches:expr) => {
        concat!(
            "WITH hits AS (
               SELECT u.id,
                      CASE WHEN lower(u.username) = $3 OR lower(u.display_name) = $3 THEN 0
                           WHEN lower(u.username) LIKE $4 ESCAPE '\\'
                             OR lower(u.display_name) LIKE $4 ESCAPE '\\' THEN 1
                           ELSE 2 END AS rank,
                      length(u.username) AS len
               FROM users u
               WHERE u.deactivated_at IS NULL AND ",
            not_blocked!("$1", "u.id"),
            " AND ",
            $matches,
            "
               ORDER BY rank, len, u.id
               LIMIT $5
             )
             SELECT ",
            profile_columns!(),
            " JOIN hits h ON h.id = u.id ORDER BY h.rank, h.len, h.id"
        )
    };
}

/// Substring match by LIKE: PostgreSQL answers it from the trigram GIN indexes (migration
/// 0003); on SQLite it is the fallback scan for needles under three characters.
macro_rules! like_match {
    () => {
        "(lower(u.username) LIKE $2 ESCAPE '\\' OR lower(u.display_name) LIKE $2 ESCAPE '\\')"
    };
}

/// The trigram FTS5 index narrows the candidates (three characters or more), LIKE keeps the
/// exact semantics of the scan (ASCII case folding, literal wildcards).
macro_rules! sqlite_fts_match {
    () => {
        concat!(
            "u.id IN (SELECT rowid FROM users_search WHERE users_search MATCH $6) AND ",
            like_match!()
        )
    };
}

/// Users whose username or display name contains `query` (case-insensitive), best matches
/// first: exact, then prefix, then substring; at most `limit`. Served by an index for needles
/// of three characters or more (a trigram needs three); shorter ones scan `users`.
pub async fn search(
    db: &Db,
    viewer: i64,
    query: &str,
    limit: i64,
) -> Result<Vec<ProfileView>, sqlx::Error> {
    let needle = query.to_lowercase();
    let pattern = format!("%{}%", escape_like(&needle));
    let prefix = format!("{}%", escape_like(&needle));
    // The one place where the backends' search SQL differs.
    let (sql, fts_query) = match db.backend {
        Backend::Postgres => (search_sql!(like_match!()), None),
        Backend::Sqlite if needle.chars().count() >= 3 => (
            search_sql!(sqlite_fts_match!()),
            // One FTS5 string: a phrase of the needle's trigrams, i.e. the substring.
            Some(format!("\"{}\"", needle.replace('"', "\"\""))),
        ),
        Backend::Sqlite => (search_sql!(like_match!()), None),
    };
    let mut rows = sqlx::query_as(sql)
        .bind(viewer)
        .bind(pattern)
        .bind(needle)
        .bind(prefix)
        .bind(limit);
    if let Some(fts_query) = fts_query {
        rows = rows.bind(fts_query);
    }
    rows.fetch_all(&db.pool).await
}

/// The profile fields a user edits; `None` leaves a field as it is.
pub struct ProfileChange<'a> {
    pub display_name: Option<&'a str>,
    /// `Some(None)` clears the bio.
    pub bio: Option<Option<&'a str>>,
    /// JSON array of skill ids.
    pub skills: Option<&'a str>,
}

/// Applies a profile change in one statement.
pub async fn update_profile(
    db: &Db,
    id: i64,
    change: ProfileChange<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET
           display_name = COALESCE($2, display_name),
           bio = CASE WHEN $3 = 1 THEN $4 ELSE bio END,
           skills = COALESCE($5, skills),
           skill_mask = COALESCE($6, skill_mask)
         WHERE id = $1",
    )
    .bind(id)
    .bind(change.display_name)
    .bind(i64::from(change.bio.is_some()))
    .bind(change.bio.flatten())
    .bind(change.skills)
    .bind(
        change
            .skills
            .map(crate::identity::rules::profile::skill_mask),
    )
    .execute(&db.pool)
    .await?;
    db.session_cache.forget_user(id);
    Ok(())
}

/// Sets both renditions of a user's avatar (`/media/…` URLs).
pub async fn set_profile_image(
    db: &Db,
    user_id: i64,
    url: &str,
    small_url: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET profile_image_url = $1, profile_image_small_url = $2 WHERE id = $3",
    )
    .bind(url)
    .bind(small_url)
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    db.session_cache.forget_user(user_id);
    Ok(())
}

/// Records when `user` was last connected (their last socket closed).
pub async fn set_last_seen(db: &Db, user: i64, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET last_seen_at = $1 WHERE id = $2")
        .bind(at)
        .bind(user)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Someone the skill matcher may suggest: their skills (a JSON array of ids) and bio.
#[derive(Debug, Clone, FromRow)]
pub struct MatchCandidate {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    pub bio: Option<String>,
    pub skills: String,
}

/// Whom the skill matcher looks at for `viewer`: for each skill mask in `masks` (the
/// combinations of skills that share one with what is looked for), the `per_mask` newest
/// active accounts with exactly those skills, never the viewer nor an account blocked either
/// way. Each mask is one range of `users_skill_mask_idx`, so the cost does not grow with the
/// number of members, and any creator with a matching skill can be found, however old.
pub async fn match_candidates(
    db: &Db,
    viewer: i64,
    masks: &[i64],
    per_mask: i64,
) -> Result<Vec<MatchCandidate>, sqlx::Error> {
    let one = concat!(
        "SELECT u.id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                u.bio, u.skills
         FROM users u
         WHERE u.skill_mask = $MASK AND u.skill_mask <> 0 AND u.id <> $1
           AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id"),
        " ORDER BY u.id DESC LIMIT $2"
    );
    fetch_per_mask(db, one, viewer, masks, per_mask).await
}

/// The stored password hash of an active account (`None` for an unknown or deactivated one).
pub async fn password_hash(db: &Db, id: i64) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT password_hash FROM users WHERE id = $1 AND deactivated_at IS NULL")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(hash,)| hash))
}

/// Replaces the password hash and ends every other session of the user, in one transaction:
/// no session that knew only the old password outlives the change. `keep` is the token hash of
/// the session making the change.
pub async fn set_password(
    db: &Db,
    id: i64,
    password_hash: &str,
    keep: &str,
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(id)
        .bind(keep)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    // After the commit, so a lookup racing with it cannot leave an ended session cached.
    db.session_cache.forget_user(id);
    Ok(())
}

/// Deactivates an account and ends all its sessions, in one transaction. The row and
/// everything the user made stay.
pub async fn deactivate(db: &Db, id: i64, at: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    deactivate_in(&mut tx, id, at).await?;
    tx.commit().await?;
    db.session_cache.forget_user(id);
    Ok(())
}

/// `deactivate`'s statements inside the caller's write transaction (a moderator's suspension
/// commits with its case); after the commit the caller forgets the user's cached sessions
/// (`db.session_cache.forget_user`).
pub async fn deactivate_in(conn: &mut AnyConnection, id: i64, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET deactivated_at = $1 WHERE id = $2 AND deactivated_at IS NULL")
        .bind(at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// What `restore` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Restored {
    /// The account was deactivated and is active again (its exact username).
    Restored(String),
    /// The account was active already.
    WasActive(String),
    NoSuchUser,
}

/// Reactivates the account named `username` (case-insensitive).
pub async fn restore(db: &Db, username: &str) -> Result<Restored, sqlx::Error> {
    let row: Option<(String, Option<i64>)> = sqlx::query_as(
        "SELECT username, deactivated_at FROM users WHERE lower(username) = lower($1)",
    )
    .bind(username)
    .fetch_optional(&db.pool)
    .await?;
    Ok(match row {
        None => Restored::NoSuchUser,
        Some((name, None)) => Restored::WasActive(name),
        Some((name, Some(_))) => {
            sqlx::query("UPDATE users SET deactivated_at = NULL WHERE lower(username) = lower($1)")
                .bind(username)
                .execute(&db.pool)
                .await?;
            Restored::Restored(name)
        }
    })
}
