//! Federation's SQL: key pairs, remote accounts, the ids of what federated, other servers
//! (blocked, or paused by the circuit breaker) and the delivery outbox (migration 0059).

use sqlx::FromRow;

use crate::platform::db::{Db, Tx};

// ---- keys ---------------------------------------------------------------------------------

/// `user`'s key pair (private PEM, public PEM), if made already.
pub async fn user_key(db: &Db, user: i64) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT private_pem, public_pem FROM actor_keys WHERE user_id = $1")
        .bind(user)
        .fetch_optional(&db.pool)
        .await
}

/// Stores `user`'s key pair unless another request stored one first (that one stays).
pub async fn insert_user_key(
    db: &Db,
    user: i64,
    private_pem: &str,
    public_pem: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO actor_keys (user_id, private_pem, public_pem, created_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(user)
    .bind(private_pem)
    .bind(public_pem)
    .bind(now)
    .execute(&db.pool)
    .await
    .map(|_| ())
}

/// The instance actor's key pair, if made already.
pub async fn instance_key(db: &Db) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT private_pem, public_pem FROM instance_actor_key WHERE id = 1")
        .fetch_optional(&db.pool)
        .await
}

pub async fn insert_instance_key(
    db: &Db,
    private_pem: &str,
    public_pem: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO instance_actor_key (id, private_pem, public_pem, created_at)
         VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING",
    )
    .bind(private_pem)
    .bind(public_pem)
    .bind(now)
    .execute(&db.pool)
    .await
    .map(|_| ())
}

// ---- local accounts -----------------------------------------------------------------------

/// A local account as its actor document shows it.
#[derive(Debug, Clone, FromRow)]
pub struct LocalActor {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub bio: Option<String>,
    pub profile_image_url: Option<String>,
    pub private_account: i64,
    pub created_at: i64,
}

macro_rules! local_actor_select {
    ($where:literal) => {
        concat!(
            "SELECT u.id, u.username, u.display_name, u.bio, u.profile_image_url,
                    COALESCE((SELECT s.private_account FROM user_settings s WHERE s.user_id = u.id), 0)
                      AS private_account,
                    u.created_at
             FROM users u
             WHERE u.remote_host IS NULL AND u.deactivated_at IS NULL AND ",
            $where
        )
    };
}

/// The active local account called `username` (any case).
pub async fn local_actor(db: &Db, username: &str) -> Result<Option<LocalActor>, sqlx::Error> {
    sqlx::query_as(local_actor_select!("lower(u.username) = lower($1)"))
        .bind(username)
        .fetch_optional(&db.pool)
        .await
}

/// The active local account `id`.
pub async fn local_actor_by_id(db: &Db, id: i64) -> Result<Option<LocalActor>, sqlx::Error> {
    sqlx::query_as(local_actor_select!("u.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The NodeInfo usage figures: local active accounts, those seen in the last month and half
/// year, and local posts.
pub async fn usage(db: &Db, now: i64) -> Result<(i64, i64, i64, i64), sqlx::Error> {
    const MONTH: i64 = 30 * 24 * 60 * 60 * 1000;
    sqlx::query_as(
        "SELECT
           (SELECT COUNT(*) FROM users WHERE remote_host IS NULL AND deactivated_at IS NULL),
           (SELECT COUNT(*) FROM users WHERE remote_host IS NULL AND deactivated_at IS NULL
                AND last_seen_at > $1),
           (SELECT COUNT(*) FROM users WHERE remote_host IS NULL AND deactivated_at IS NULL
                AND last_seen_at > $2),
           (SELECT COUNT(*) FROM posts p JOIN users u ON u.id = p.user_id
                WHERE u.remote_host IS NULL)",
    )
    .bind(now - MONTH)
    .bind(now - 6 * MONTH)
    .fetch_one(&db.pool)
    .await
}

/// Up to `limit` ids (newest first, below `before`) of the accounts following `user`
/// (`followers`) or that `user` follows, each with its remote actor URL when it has one.
pub async fn follow_page(
    db: &Db,
    user: i64,
    followers: bool,
    before: i64,
    limit: i64,
) -> Result<Vec<(i64, String, Option<String>)>, sqlx::Error> {
    let sql = if followers {
        "SELECT u.id, u.username, ra.actor_url FROM follows f
           JOIN users u ON u.id = f.follower_id
           LEFT JOIN remote_actors ra ON ra.user_id = u.id
         WHERE f.followee_id = $1 AND f.follower_id < $2 AND u.deactivated_at IS NULL
         ORDER BY f.follower_id DESC LIMIT $3"
    } else {
        "SELECT u.id, u.username, ra.actor_url FROM follows f
           JOIN users u ON u.id = f.followee_id
           LEFT JOIN remote_actors ra ON ra.user_id = u.id
         WHERE f.follower_id = $1 AND f.followee_id < $2 AND u.deactivated_at IS NULL
         ORDER BY f.followee_id DESC LIMIT $3"
    };
    sqlx::query_as(sql)
        .bind(user)
        .bind(before)
        .bind(limit)
        .fetch_all(&db.pool)
        .await
}

/// How many follow `user` (`followers`) or `user` follows.
pub async fn follow_count(db: &Db, user: i64, followers: bool) -> Result<i64, sqlx::Error> {
    let sql = if followers {
        "SELECT COUNT(*) FROM follows WHERE followee_id = $1"
    } else {
        "SELECT COUNT(*) FROM follows WHERE follower_id = $1"
    };
    let (count,): (i64,) = sqlx::query_as(sql).bind(user).fetch_one(&db.pool).await?;
    Ok(count)
}

// ---- posts as notes -----------------------------------------------------------------------

/// A post as its `Note` shows it.
#[derive(Debug, Clone, FromRow)]
pub struct NotePost {
    pub id: i64,
    pub user_id: i64,
    pub caption: String,
    pub created_at: i64,
    pub edited_at: Option<i64>,
    /// Its author's account is private: it goes to approved followers only.
    pub private_account: i64,
    /// Its author's account is another server's (never sent on from here).
    pub remote: i64,
}

/// One image of a post.
#[derive(Debug, Clone, FromRow)]
pub struct NoteImage {
    pub image_url: String,
    pub alt: String,
    pub content_type: Option<String>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub blurhash: Option<String>,
}

/// Post `id` as its note shows it, unless removed by a moderator or gone.
pub async fn note_post(db: &Db, id: i64) -> Result<Option<NotePost>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.id, p.user_id, p.caption, p.created_at, p.edited_at,
                COALESCE((SELECT s.private_account FROM user_settings s WHERE s.user_id = p.user_id), 0)
                  AS private_account,
                CAST(CASE WHEN u.remote_host IS NULL THEN 0 ELSE 1 END AS BIGINT) AS remote
         FROM posts p JOIN users u ON u.id = p.user_id
         WHERE p.id = $1 AND p.removed_at IS NULL AND u.deactivated_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// Post `id`'s images in their order.
pub async fn note_images(db: &Db, id: i64) -> Result<Vec<NoteImage>, sqlx::Error> {
    sqlx::query_as(
        "SELECT pm.image_url, pm.alt, m.content_type,
                CAST(m.width AS BIGINT) AS width, CAST(m.height AS BIGINT) AS height, m.blurhash
         FROM post_media pm LEFT JOIN media m ON m.key = pm.media_key
         WHERE pm.post_id = $1 ORDER BY pm.position",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await
}

/// Up to `limit` public posts of `user`, newest first, below id `before`.
pub async fn recent_posts(
    db: &Db,
    user: i64,
    before: i64,
    limit: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT id FROM posts WHERE user_id = $1 AND id < $2 AND removed_at IS NULL
         ORDER BY id DESC LIMIT $3",
    )
    .bind(user)
    .bind(before)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// How many posts `user` has (not removed).
pub async fn post_count(db: &Db, user: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM posts WHERE user_id = $1 AND removed_at IS NULL")
            .bind(user)
            .fetch_one(&db.pool)
            .await?;
    Ok(count)
}

// ---- remote accounts ----------------------------------------------------------------------

/// What federation keeps of a remote account.
#[derive(Debug, Clone, FromRow)]
pub struct RemoteActor {
    pub user_id: i64,
    pub actor_url: String,
    pub host: String,
    pub inbox: String,
    pub shared_inbox: Option<String>,
    pub key_id: String,
    pub public_key_pem: String,
    pub gone_at: Option<i64>,
    /// When its actor (and key) was last fetched, ms.
    pub fetched_at: i64,
}

impl RemoteActor {
    /// Where activities for it go: its server's shared inbox when it offers one.
    pub fn delivery_inbox(&self) -> &str {
        self.shared_inbox.as_deref().unwrap_or(&self.inbox)
    }
}

macro_rules! remote_select {
    ($where:literal) => {
        concat!(
            "SELECT user_id, actor_url, host, inbox, shared_inbox, key_id, public_key_pem, gone_at,
                    fetched_at
             FROM remote_actors WHERE ",
            $where
        )
    };
}

pub async fn remote_by_url(db: &Db, actor_url: &str) -> Result<Option<RemoteActor>, sqlx::Error> {
    sqlx::query_as(remote_select!("actor_url = $1"))
        .bind(actor_url)
        .fetch_optional(&db.pool)
        .await
}

pub async fn remote_by_key(db: &Db, key_id: &str) -> Result<Option<RemoteActor>, sqlx::Error> {
    sqlx::query_as(remote_select!("key_id = $1"))
        .bind(key_id)
        .fetch_optional(&db.pool)
        .await
}

pub async fn remote_by_user(db: &Db, user: i64) -> Result<Option<RemoteActor>, sqlx::Error> {
    sqlx::query_as(remote_select!("user_id = $1"))
        .bind(user)
        .fetch_optional(&db.pool)
        .await
}

/// A remote account as its actor document describes it.
#[derive(Debug, Clone)]
pub struct RemoteProfile {
    pub actor_url: String,
    pub host: String,
    /// `name@host`.
    pub username: String,
    pub display_name: String,
    pub bio: Option<String>,
    /// The avatar's URL on its server (this server shows its own copy).
    pub avatar_url: Option<String>,
    pub inbox: String,
    pub shared_inbox: Option<String>,
    pub key_id: String,
    pub public_key_pem: String,
    pub profile_url: String,
    pub locked: bool,
}

/// Stores `profile`: a new account (a users row with `password_hash`, which nobody's password
/// matches, and an email under `.invalid`) or the known one refreshed. Answers its user id.
pub async fn upsert_remote(
    db: &Db,
    profile: &RemoteProfile,
    password_hash: &str,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let known: Option<(i64,)> =
        sqlx::query_as("SELECT user_id FROM remote_actors WHERE actor_url = $1")
            .bind(&profile.actor_url)
            .fetch_optional(&mut *tx)
            .await?;
    let user_id = match known {
        Some((user_id,)) => {
            sqlx::query("UPDATE users SET display_name = $2, bio = $3 WHERE id = $1")
                .bind(user_id)
                .bind(&profile.display_name)
                .bind(&profile.bio)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "UPDATE remote_actors SET inbox = $2, shared_inbox = $3, key_id = $4,
                        public_key_pem = $5, profile_url = $6, locked = $7, fetched_at = $8,
                        gone_at = NULL
                 WHERE user_id = $1",
            )
            .bind(user_id)
            .bind(&profile.inbox)
            .bind(&profile.shared_inbox)
            .bind(&profile.key_id)
            .bind(&profile.public_key_pem)
            .bind(&profile.profile_url)
            .bind(i64::from(profile.locked))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            user_id
        }
        None => {
            // Unique per actor, and never delivered (`.invalid`, RFC 2606).
            let email = format!(
                "{}@remote.invalid",
                hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&profile.actor_url))
            );
            let (user_id,): (i64,) = sqlx::query_as(
                "INSERT INTO users (username, email, password_hash, display_name, bio, created_at,
                                    email_verified_at, onboarded_at, remote_host)
                 VALUES ($1, $2, $3, $4, $5, $6, $6, $6, $7) RETURNING id",
            )
            .bind(&profile.username)
            .bind(&email)
            .bind(password_hash)
            .bind(&profile.display_name)
            .bind(&profile.bio)
            .bind(now)
            .bind(&profile.host)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO remote_actors (user_id, actor_url, host, inbox, shared_inbox,
                        key_id, public_key_pem, profile_url, locked, fetched_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(user_id)
            .bind(&profile.actor_url)
            .bind(&profile.host)
            .bind(&profile.inbox)
            .bind(&profile.shared_inbox)
            .bind(&profile.key_id)
            .bind(&profile.public_key_pem)
            .bind(&profile.profile_url)
            .bind(i64::from(profile.locked))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            user_id
        }
    };
    tx.commit().await?;
    Ok(user_id)
}

/// The avatar URL (on its server) of remote account `user` whose copy it shows, if any.
pub async fn avatar_source(db: &Db, user: i64) -> Result<Option<String>, sqlx::Error> {
    let found: Option<(Option<String>,)> =
        sqlx::query_as("SELECT avatar_source FROM remote_actors WHERE user_id = $1")
            .bind(user)
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.and_then(|(source,)| source))
}

/// Remote account `user` shows the copy (`url`, `small_url`) of the avatar at `source`, or none.
pub async fn set_avatar(
    db: &Db,
    user: i64,
    source: Option<&str>,
    url: Option<&str>,
    small_url: Option<&str>,
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "UPDATE users SET profile_image_url = $2, profile_image_small_url = $3 WHERE id = $1",
    )
    .bind(user)
    .bind(url)
    .bind(small_url)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE remote_actors SET avatar_source = $2 WHERE user_id = $1")
        .bind(user)
        .bind(source)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// The remote account's server said it is gone: nothing more is sent to it.
pub async fn mark_gone(db: &Db, actor_url: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE remote_actors SET gone_at = $2 WHERE actor_url = $1")
        .bind(actor_url)
        .bind(now)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// The accounts whose inbox (or shared inbox) is `inbox` are gone (it answered 410).
pub async fn mark_gone_by_inbox(db: &Db, inbox: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE remote_actors SET gone_at = $2 WHERE inbox = $1 AND gone_at IS NULL")
        .bind(inbox)
        .bind(now)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// Deletes a remote account (its actor was deleted): its posts, comments, likes and follows
/// go with it.
pub async fn delete_remote(db: &Db, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM users WHERE id = $1 AND remote_host IS NOT NULL")
        .bind(user)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// The inboxes of `user`'s remote followers (a server's shared inbox once), those not gone
/// and on servers not blocked.
pub async fn follower_inboxes(db: &Db, user: i64) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT DISTINCT COALESCE(ra.shared_inbox, ra.inbox), ra.host
         FROM follows f JOIN remote_actors ra ON ra.user_id = f.follower_id
         WHERE f.followee_id = $1 AND ra.gone_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM federation_domains d
                           WHERE d.host = ra.host AND d.blocked_at IS NOT NULL)",
    )
    .bind(user)
    .fetch_all(&db.pool)
    .await
}

/// Whether a local account follows remote account `remote`.
pub async fn followed_locally(db: &Db, remote: i64) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT follower_id FROM follows WHERE followee_id = $1 LIMIT 1")
            .bind(remote)
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.is_some())
}

/// The id of `requester`'s pending request to follow `target`.
pub async fn request_id(db: &Db, requester: i64, target: i64) -> Result<Option<i64>, sqlx::Error> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM follow_requests WHERE requester_id = $1 AND target_id = $2")
            .bind(requester)
            .bind(target)
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.map(|(id,)| id))
}

/// Whether `user` has liked post `post`.
pub async fn liked(db: &Db, user: i64, post: i64) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT user_id FROM post_likes WHERE user_id = $1 AND post_id = $2")
            .bind(user)
            .bind(post)
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.is_some())
}

/// Moves post `post`'s share count by `by` (an Announce, or its Undo).
pub async fn count_share(db: &Db, post: i64, by: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE posts SET shares_count = shares_count + $2
         WHERE id = $1 AND shares_count + $2 >= 0",
    )
    .bind(post)
    .bind(by)
    .execute(&db.pool)
    .await
    .map(|_| ())
}

// ---- what federated ---------------------------------------------------------------------

/// A federated object: what it is here.
#[derive(Debug, Clone, FromRow)]
pub struct Object {
    pub kind: String,
    pub local_id: i64,
    pub actor_id: i64,
}

/// Records that `ap_id` is `kind` `local_id` by `actor`; `false` when it was known.
pub async fn remember(
    db: &Db,
    ap_id: &str,
    kind: &str,
    local_id: i64,
    actor: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO federated_objects (ap_id, kind, local_id, actor_id, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (ap_id) DO NOTHING",
    )
    .bind(ap_id)
    .bind(kind)
    .bind(local_id)
    .bind(actor)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn object(db: &Db, ap_id: &str) -> Result<Option<Object>, sqlx::Error> {
    sqlx::query_as("SELECT kind, local_id, actor_id FROM federated_objects WHERE ap_id = $1")
        .bind(ap_id)
        .fetch_optional(&db.pool)
        .await
}

/// The ActivityPub id of `kind` `local_id` by `actor` (the latest when there are several).
pub async fn ap_id_of(
    db: &Db,
    kind: &str,
    local_id: i64,
    actor: i64,
) -> Result<Option<String>, sqlx::Error> {
    let found: Option<(String,)> = sqlx::query_as(
        "SELECT ap_id FROM federated_objects WHERE kind = $1 AND local_id = $2 AND actor_id = $3
         ORDER BY created_at DESC LIMIT 1",
    )
    .bind(kind)
    .bind(local_id)
    .bind(actor)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(id,)| id))
}

/// The ActivityPub id of remote post or comment `local_id` (`kind`), whoever wrote it.
pub async fn ap_id_of_item(
    db: &Db,
    kind: &str,
    local_id: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT ap_id, actor_id FROM federated_objects WHERE kind = $1 AND local_id = $2
         ORDER BY created_at LIMIT 1",
    )
    .bind(kind)
    .bind(local_id)
    .fetch_optional(&db.pool)
    .await
}

pub async fn forget(db: &Db, ap_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM federated_objects WHERE ap_id = $1")
        .bind(ap_id)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

// ---- other servers ------------------------------------------------------------------------

/// Whether an admin blocked `host`.
pub async fn blocked(db: &Db, host: &str) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT blocked_at FROM federation_domains WHERE host = $1 AND blocked_at IS NOT NULL",
    )
    .bind(host)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.is_some())
}

/// Blocks `host`: its waiting deliveries go, and every follow between its accounts and ours.
pub async fn block_domain(db: &Db, host: &str, now: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO federation_domains (host, blocked_at) VALUES ($1, $2)
         ON CONFLICT (host) DO UPDATE SET blocked_at = $2",
    )
    .bind(host)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM federation_deliveries WHERE host = $1")
        .bind(host)
        .execute(&mut *tx)
        .await?;
    for sql in [
        "DELETE FROM follows WHERE follower_id IN
             (SELECT user_id FROM remote_actors WHERE host = $1)",
        "DELETE FROM follows WHERE followee_id IN
             (SELECT user_id FROM remote_actors WHERE host = $1)",
        "DELETE FROM follow_requests WHERE requester_id IN
             (SELECT user_id FROM remote_actors WHERE host = $1)",
        "DELETE FROM follow_requests WHERE target_id IN
             (SELECT user_id FROM remote_actors WHERE host = $1)",
    ] {
        sqlx::query(sql).bind(host).execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// Lifts the block of `host`; `false` when it was not blocked.
pub async fn unblock_domain(db: &Db, host: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE federation_domains SET blocked_at = NULL WHERE host = $1 AND blocked_at IS NOT NULL",
    )
    .bind(host)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A delivery to `host` succeeded: its breaker closes.
pub async fn host_succeeded(db: &Db, host: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO federation_domains (host, failures, last_success_at) VALUES ($1, 0, $2)
         ON CONFLICT (host) DO UPDATE SET failures = 0, paused_until = NULL, last_success_at = $2",
    )
    .bind(host)
    .bind(now)
    .execute(&db.pool)
    .await
    .map(|_| ())
}

/// A delivery to `host` failed: answers its failures in a row now.
pub async fn host_failed(db: &Db, host: &str, error: &str) -> Result<i64, sqlx::Error> {
    let (failures,): (i64,) = sqlx::query_as(
        "INSERT INTO federation_domains (host, failures, last_error) VALUES ($1, 1, $2)
         ON CONFLICT (host) DO UPDATE SET failures = federation_domains.failures + 1,
                                          last_error = $2
         RETURNING failures",
    )
    .bind(host)
    .bind(error)
    .fetch_one(&db.pool)
    .await?;
    Ok(failures)
}

/// The breaker opens for `host` until `until`: its waiting deliveries wait until then.
pub async fn pause_host(db: &Db, host: &str, until: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE federation_domains SET paused_until = $2 WHERE host = $1")
        .bind(host)
        .bind(until)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE federation_deliveries SET next_attempt_at = $2
         WHERE host = $1 AND next_attempt_at < $2",
    )
    .bind(host)
    .bind(until)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// When the breaker of `host` closes, if it is open at `now`.
pub async fn paused_until(db: &Db, host: &str, now: i64) -> Result<Option<i64>, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT paused_until FROM federation_domains WHERE host = $1 AND paused_until > $2",
    )
    .bind(host)
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(at,)| at))
}

/// A known server as Admin › Federation lists it.
#[derive(Debug, Clone, FromRow)]
pub struct Domain {
    pub host: String,
    pub accounts: i64,
    pub pending: i64,
    pub failures: i64,
    pub blocked_at: Option<i64>,
    pub paused_until: Option<i64>,
    pub last_error: Option<String>,
    pub last_success_at: Option<i64>,
}

/// Up to `limit` servers, by host after `after`: those with accounts known here and those an
/// admin blocked or deliveries reached.
pub async fn domains(db: &Db, after: &str, limit: i64) -> Result<Vec<Domain>, sqlx::Error> {
    sqlx::query_as(
        "SELECT h.host,
                (SELECT COUNT(*) FROM remote_actors ra WHERE ra.host = h.host) AS accounts,
                (SELECT COUNT(*) FROM federation_deliveries fd WHERE fd.host = h.host) AS pending,
                COALESCE(d.failures, 0) AS failures, d.blocked_at, d.paused_until, d.last_error,
                d.last_success_at
         FROM (SELECT host FROM federation_domains WHERE host > $1
               UNION SELECT host FROM remote_actors WHERE host > $1) h
         LEFT JOIN federation_domains d ON d.host = h.host
         ORDER BY h.host LIMIT $2",
    )
    .bind(after)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

// ---- the delivery outbox ------------------------------------------------------------------

/// Queues `activity` (JSON) for `inbox` on `host`, signed by `sender` (the instance actor when
/// `None`), due at `now`.
pub async fn enqueue(
    tx: &mut Tx,
    sender: Option<i64>,
    inbox: &str,
    host: &str,
    activity: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO federation_deliveries (sender_id, inbox, host, activity, attempts,
                                           next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, 0, $5, $5)",
    )
    .bind(sender)
    .bind(inbox)
    .bind(host)
    .bind(activity)
    .bind(now)
    .execute(&mut **tx)
    .await
    .map(|_| ())
}

/// A delivery claimed for sending.
#[derive(Debug, Clone, FromRow)]
pub struct Claimed {
    pub id: i64,
    pub sender_id: Option<i64>,
    pub inbox: String,
    pub host: String,
    pub activity: String,
    pub attempts: i64,
    pub created_at: i64,
}

/// Claims up to `limit` deliveries due at `now`, oldest first, each leased until
/// `lease_until` (as the push outbox's `claim_due`).
pub async fn claim_due(
    db: &Db,
    now: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<Claimed>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE federation_deliveries SET next_attempt_at = $2
         WHERE next_attempt_at <= $1 AND id IN
             (SELECT id FROM federation_deliveries WHERE next_attempt_at <= $1
              ORDER BY next_attempt_at, id LIMIT $3)
         RETURNING id, sender_id, inbox, host, activity, attempts, created_at",
    )
    .bind(now)
    .bind(lease_until)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

pub async fn delivered(db: &Db, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM federation_deliveries WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

pub async fn retry(
    db: &Db,
    id: i64,
    attempts: i64,
    at: i64,
    error: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE federation_deliveries SET attempts = $2, next_attempt_at = $3, last_error = $4
         WHERE id = $1",
    )
    .bind(id)
    .bind(attempts)
    .bind(at)
    .bind(error)
    .execute(&db.pool)
    .await
    .map(|_| ())
}

/// When the next delivery is due.
pub async fn next_due(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT next_attempt_at FROM federation_deliveries ORDER BY next_attempt_at LIMIT 1",
    )
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(at,)| at))
}

/// The queue's health: deliveries waiting, and those already tried and failed.
pub async fn queue_health(db: &Db) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END), 0)
         FROM federation_deliveries",
    )
    .fetch_one(&db.pool)
    .await
}

/// A local account's comment on a remote post, as its reply note needs it.
#[derive(Debug, Clone, FromRow)]
pub struct RemoteComment {
    pub user_id: i64,
    pub text: String,
    pub created_at: i64,
    pub post_author: i64,
    pub post_ap_id: String,
}

/// Comment `id` when it is a local account's on a remote post (the post's id there).
pub async fn comment_on_remote(db: &Db, id: i64) -> Result<Option<RemoteComment>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.user_id, c.content AS text, c.created_at, p.user_id AS post_author,
                o.ap_id AS post_ap_id
         FROM comments c
           JOIN users cu ON cu.id = c.user_id AND cu.remote_host IS NULL
           JOIN posts p ON p.id = c.post_id
           JOIN federated_objects o ON o.kind = 'post' AND o.local_id = p.id
                                   AND o.actor_id = p.user_id
         WHERE c.id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// A remote account as the lookup answers it.
#[derive(Debug, Clone, FromRow)]
pub struct RemoteAccountRow {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image_url: Option<String>,
    pub host: String,
    pub actor_url: String,
    pub profile_url: String,
}

/// Remote account `user` as the lookup answers it.
pub async fn remote_account(db: &Db, user: i64) -> Result<Option<RemoteAccountRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id, u.username, u.display_name, u.profile_image_url, ra.host, ra.actor_url,
                ra.profile_url
         FROM users u JOIN remote_actors ra ON ra.user_id = u.id WHERE u.id = $1",
    )
    .bind(user)
    .fetch_optional(&db.pool)
    .await
}

/// What a report forwarded to another server says: the remote account it is about, the
/// federated id of the post or comment reported (if one), and its text.
#[derive(Debug, Clone, FromRow)]
pub struct ReportAbout {
    pub remote_user: i64,
    pub object_ap_id: Option<String>,
    pub reason: String,
    pub details: Option<String>,
}

/// Report `id`'s target when it is a remote account, or a post or comment of one.
pub async fn report_about(db: &Db, id: i64) -> Result<Option<ReportAbout>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id AS remote_user,
                (SELECT o.ap_id FROM federated_objects o
                 WHERE o.local_id = r.target_id AND o.actor_id = u.id
                   AND o.kind = CASE r.target_type WHEN 'post' THEN 'post'
                                                   WHEN 'comment' THEN 'comment' END
                 LIMIT 1) AS object_ap_id,
                r.reason, r.details
         FROM reports r
           JOIN users u ON u.id = CASE r.target_type
                 WHEN 'user' THEN r.target_id
                 WHEN 'post' THEN (SELECT p.user_id FROM posts p WHERE p.id = r.target_id)
                 WHEN 'comment' THEN (SELECT c.user_id FROM comments c WHERE c.id = r.target_id)
               END
         WHERE r.id = $1 AND u.remote_host IS NOT NULL",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}
