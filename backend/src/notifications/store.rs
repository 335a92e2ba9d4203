//! Notifications (issue 21, docs/notifications-contract.md): written by the acts that cause
//! them, in the act's own transaction (`record`, `retract`), read by their recipient.
//!
//! What a recipient is shown follows the one visibility rule (platform/db/visibility.rs): nothing of
//! someone blocked either way or deactivated (an actor the reader may not see is counted, not
//! named; a notification with no actor left to show is left out), nothing about content
//! removed by moderation (`shown!`) or deleted (ON DELETE CASCADE from the content).

use sqlx::{AssertSqlSafe, FromRow};

use crate::fetch_list;
use crate::kernel::page::Page;
use crate::notifications::rules::notification::{
    ACTORS_SHOWN, FOLD_WINDOW_MS, NotificationFilter, NotificationKind, NotificationTargetType,
};
use crate::platform::db::visibility::{may_see, not_blocked, pair_blocked};
use crate::platform::db::{Db, Tx};

/// The most unread notifications counted: the badge reads '99+' beyond 99.
pub const UNREAD_COUNT_MAX: i64 = 100;
/// The most ids one 'mark as read' names.
pub const READ_IDS_MAX: usize = 100;

/// An act that tells `recipient` something.
#[derive(Debug, Clone, Copy)]
pub struct Act<'a> {
    pub recipient: i64,
    /// Who did it (`None` for what the server tells: a withdrawal decided, a report acted on).
    pub actor: Option<i64>,
    pub kind: NotificationKind,
    pub target_type: NotificationTargetType,
    pub target_id: i64,
    /// The post, reel or comment the act is about or on (a comment's post): its deletion
    /// deletes the notification, its removal hides it.
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub comment_id: Option<i64>,
    /// The words it quotes (already cut by `rules::notification::preview`), or a server's sentence.
    pub preview: Option<&'a str>,
    /// The recipient knows already (they approved the request it tells of): a new notification
    /// is made read. Joined to an unread one of the day, that one stays unread.
    pub seen: bool,
}

impl<'a> Act<'a> {
    /// An act of `actor` about `target` with nothing else named.
    pub fn new(
        recipient: i64,
        actor: i64,
        kind: NotificationKind,
        target_type: NotificationTargetType,
        target_id: i64,
    ) -> Self {
        Self {
            recipient,
            actor: Some(actor),
            kind,
            target_type,
            target_id,
            post_id: None,
            reel_id: None,
            comment_id: None,
            preview: None,
            seen: false,
        }
    }

    /// What the server tells `recipient` in its own words (a withdrawal decided): no actor.
    pub fn told(
        recipient: i64,
        kind: NotificationKind,
        target_type: NotificationTargetType,
        target_id: i64,
        sentence: &'a str,
    ) -> Self {
        Self {
            actor: None,
            preview: Some(sentence),
            ..Self::new(recipient, 0, kind, target_type, target_id)
        }
    }
}

/// A notification an act made, grew or shrank, to announce once the act commits: its
/// recipient, and its id (`None` when the act took the last actor back and it is gone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notice {
    pub recipient: i64,
    pub id: Option<i64>,
}

/// Writes what `act` tells its recipient, in the act's transaction: nothing for your own act
/// or between two accounts blocked either way; a like or follow joins the recipient's unread
/// notification of the same target from the last 24 hours (a second like by the same person
/// changes nothing); anything else is a new notification.
pub async fn record(tx: &mut Tx, act: &Act<'_>, now: i64) -> Result<Option<Notice>, sqlx::Error> {
    if let Some(actor) = act.actor {
        if actor == act.recipient {
            return Ok(None);
        }
        let (blocked,): (i64,) = sqlx::query_as(concat!("SELECT ", pair_blocked!("$1", "$2")))
            .bind(act.recipient)
            .bind(actor)
            .fetch_one(&mut **tx)
            .await?;
        if blocked == 1 {
            return Ok(None);
        }
    }
    // About a post or reel the recipient may not see (a private account they do not follow,
    // an author blocked either way): nothing, so no picture of it reaches them (issue 39).
    if !may_see_target(tx, act).await? {
        return Ok(None);
    }
    // A kind the recipient switched off is not made at all (no row: the defaults are on).
    if let Some(column) = act.kind.switch() {
        let off: Option<(i64,)> = sqlx::query_as(AssertSqlSafe(format!(
            "SELECT 1 FROM user_settings WHERE user_id = $1 AND {column} = 0"
        )))
        .bind(act.recipient)
        .fetch_optional(&mut **tx)
        .await?;
        if off.is_some() {
            return Ok(None);
        }
    }
    let notice = |id| {
        Ok(Some(Notice {
            recipient: act.recipient,
            id: Some(id),
        }))
    };
    if let (true, Some(actor)) = (act.kind.folds(), act.actor) {
        let unread: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM notifications
             WHERE user_id = $1 AND target_type = $2 AND target_id = $3 AND kind = $4
               AND read_at IS NULL AND created_at > $5
             ORDER BY id DESC LIMIT 1",
        )
        .bind(act.recipient)
        .bind(act.target_type.as_str())
        .bind(act.target_id)
        .bind(act.kind.as_str())
        .bind(now - FOLD_WINDOW_MS)
        .fetch_optional(&mut **tx)
        .await?;
        if let Some((id,)) = unread {
            let joined = sqlx::query(
                "INSERT INTO notification_actors (notification_id, actor_id, created_at)
                 VALUES ($1, $2, $3) ON CONFLICT (notification_id, actor_id) DO NOTHING",
            )
            .bind(id)
            .bind(actor)
            .bind(now)
            .execute(&mut **tx)
            .await?
            .rows_affected();
            if joined == 0 {
                return Ok(None);
            }
            sqlx::query(
                "UPDATE notifications SET actors_count = actors_count + 1, updated_at = $2
                 WHERE id = $1",
            )
            .bind(id)
            .bind(now)
            .execute(&mut **tx)
            .await?;
            return notice(id);
        }
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO notifications (user_id, kind, target_type, target_id, post_id, reel_id,
                                    comment_id, preview, actors_count, read_at, created_at,
                                    updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
    )
    .bind(act.recipient)
    .bind(act.kind.as_str())
    .bind(act.target_type.as_str())
    .bind(act.target_id)
    .bind(act.post_id)
    .bind(act.reel_id)
    .bind(act.comment_id)
    .bind(act.preview)
    .bind(i64::from(act.actor.is_some()))
    .bind(act.seen.then_some(now))
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    if let Some(actor) = act.actor {
        sqlx::query(
            "INSERT INTO notification_actors (notification_id, actor_id, created_at)
             VALUES ($1, $2, $3)",
        )
        .bind(id)
        .bind(actor)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    notice(id)
}

/// Whether `act`'s recipient may see the post and the reel it is about (`may_see!`, the rule
/// of every list); an act about neither passes.
async fn may_see_target(tx: &mut Tx, act: &Act<'_>) -> Result<bool, sqlx::Error> {
    for (id, sql) in [
        (
            act.post_id,
            concat!(
                "SELECT 1 FROM posts p WHERE p.id = $2 AND ",
                may_see!("$1", "p.user_id")
            ),
        ),
        (
            act.reel_id,
            concat!(
                "SELECT 1 FROM reels r WHERE r.id = $2 AND ",
                may_see!("$1", "r.user_id")
            ),
        ),
    ] {
        let Some(id) = id else { continue };
        let seen: Option<(i64,)> = sqlx::query_as(sql)
            .bind(act.recipient)
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
        if seen.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Takes `actor` back out of what their act told `recipient` (an unlike, an unfollow, a
/// withdrawn request): out of a folded notification, which goes when no actor is left, read or
/// not. `None` when there was nothing to take back.
pub async fn retract(
    tx: &mut Tx,
    recipient: i64,
    actor: i64,
    kind: NotificationKind,
    target_type: NotificationTargetType,
    target_id: i64,
) -> Result<Option<Notice>, sqlx::Error> {
    let found: Option<(i64, i64)> = sqlx::query_as(
        "SELECT n.id, n.actors_count FROM notifications n
         JOIN notification_actors a ON a.notification_id = n.id AND a.actor_id = $5
         WHERE n.user_id = $1 AND n.target_type = $2 AND n.target_id = $3 AND n.kind = $4
         ORDER BY n.id DESC LIMIT 1",
    )
    .bind(recipient)
    .bind(target_type.as_str())
    .bind(target_id)
    .bind(kind.as_str())
    .bind(actor)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((id, actors)) = found else {
        return Ok(None);
    };
    if actors <= 1 {
        sqlx::query("DELETE FROM notifications WHERE id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
        return Ok(Some(Notice {
            recipient,
            id: None,
        }));
    }
    sqlx::query("DELETE FROM notification_actors WHERE notification_id = $1 AND actor_id = $2")
        .bind(id)
        .bind(actor)
        .execute(&mut **tx)
        .await?;
    sqlx::query("UPDATE notifications SET actors_count = actors_count - 1 WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(Some(Notice {
        recipient,
        id: Some(id),
    }))
}

/// After a toggle (a like, a follow): `act` recorded when it was set, its actor taken back out
/// when it was cleared.
pub async fn toggled(
    tx: &mut Tx,
    set: bool,
    act: &Act<'_>,
    now: i64,
) -> Result<Option<Notice>, sqlx::Error> {
    match (set, act.actor) {
        (true, _) => record(tx, act, now).await,
        (false, Some(actor)) => {
            retract(
                tx,
                act.recipient,
                actor,
                act.kind,
                act.target_type,
                act.target_id,
            )
            .await
        }
        (false, None) => Ok(None),
    }
}

/// A notification as its recipient sees it, without its actors (`actors`).
#[derive(Debug, Clone, FromRow)]
pub struct NotificationRow {
    pub id: i64,
    #[sqlx(try_from = "String")]
    pub kind: NotificationKind,
    #[sqlx(try_from = "String")]
    pub target_type: NotificationTargetType,
    pub target_id: i64,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub preview: Option<String>,
    pub actors_count: i64,
    pub read: i64,
    pub updated_at: i64,
    /// The post's thumbnail or the reel's poster (a media key), when it is about one.
    pub thumbnail_key: Option<String>,
    /// The username of the account a `user` target is (a profile to open).
    pub target_username: Option<String>,
    #[sqlx(flatten)]
    pub first_image: FirstImage,
}

/// The first image of the post a notification is about (issue 44): all NULL when it is about
/// none; the media columns NULL for an external URL.
#[derive(Debug, Clone, Default, FromRow)]
pub struct FirstImage {
    pub first_image_url: Option<String>,
    /// A media key: the 320 px rendition, or the image itself when it is that small.
    pub first_image_thumbnail_key: Option<String>,
    pub first_image_width: Option<i64>,
    pub first_image_height: Option<i64>,
    pub first_image_blurhash: Option<String>,
    pub first_image_alt: Option<String>,
}

crate::native_row!(FirstImage {
    first_image_url,
    first_image_thumbnail_key,
    first_image_width,
    first_image_height,
    first_image_blurhash,
    first_image_alt,
});

crate::native_row!(NotificationRow {
    id, kind: stored NotificationKind, target_type: stored NotificationTargetType,
    target_id, post_id, reel_id, preview, actors_count, read, updated_at, thumbnail_key,
    target_username, first_image: flatten FirstImage,
});

/// `NotificationRow`'s columns and joins; `$1` is the recipient. A notification shows when the
/// content it is about is not removed and the recipient may see it now (`may_see!` of its post's
/// or reel's author: a private account since unfollowed, a block since, hide it), and it has no
/// actor (the server's) or one the recipient may see: active, and not blocked either way. The
/// post's first image comes with it (`post_media`'s primary key `(post_id, 0)`): no more query.
macro_rules! notification_columns {
    () => {
        concat!(
            "n.id, n.kind, n.target_type, n.target_id, n.post_id, n.reel_id, n.preview,
             n.actors_count,
             CAST(CASE WHEN n.read_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS read,
             n.updated_at,
             COALESCE(COALESCE(pm.thumbnail_key, pm.key), r.poster_key) AS thumbnail_key,
             tu.username AS target_username,
             p.image_url AS first_image_url,
             COALESCE(pm.thumbnail_key, pm.key) AS first_image_thumbnail_key,
             pm.width AS first_image_width, pm.height AS first_image_height,
             pm.blurhash AS first_image_blurhash, pf.alt AS first_image_alt
             FROM notifications n
             LEFT JOIN posts p ON p.id = n.post_id
             LEFT JOIN media pm ON pm.key = p.media_key
             LEFT JOIN post_media pf ON pf.post_id = p.id AND pf.position = 0
             LEFT JOIN reels r ON r.id = n.reel_id
             LEFT JOIN comments c ON c.id = n.comment_id
             LEFT JOIN users tu ON n.target_type = 'user' AND tu.id = n.target_id
             WHERE n.user_id = $1
               AND (n.post_id IS NULL OR (p.removed_at IS NULL AND ",
            may_see!("$1", "p.user_id"),
            "))
               AND (n.reel_id IS NULL OR (r.removed_at IS NULL AND ",
            may_see!("$1", "r.user_id"),
            "))
               AND (n.comment_id IS NULL OR c.removed_at IS NULL)
               AND (n.actors_count = 0 OR EXISTS (
                   SELECT 1 FROM notification_actors na
                   JOIN users au ON au.id = na.actor_id AND au.deactivated_at IS NULL
                   WHERE na.notification_id = n.id AND ",
            not_blocked!("$1", "au.id"),
            "))"
        )
    };
}

/// The recipient's notifications, the latest activity first (keyset on `(updated_at, id)`: the
/// cursor is the last one's id), only the kinds of `filter`.
pub async fn page(
    db: &Db,
    recipient: i64,
    filter: NotificationFilter,
    page: Page,
) -> Result<Vec<NotificationRow>, sqlx::Error> {
    // The filter's kinds as literals of the stored names (never user text).
    let kinds = match filter.kinds() {
        None => String::new(),
        Some(kinds) => {
            let names: Vec<String> = kinds.iter().map(|k| format!("'{}'", k.as_str())).collect();
            format!(" AND n.kind IN ({})", names.join(", "))
        }
    };
    if page.before == i64::MAX {
        let sql = format!(
            "SELECT {}{kinds} ORDER BY n.updated_at DESC, n.id DESC LIMIT $2",
            notification_columns!()
        );
        return fetch_list!(
            db,
            NotificationRow,
            AssertSqlSafe(sql),
            recipient,
            page.fetch_limit()
        );
    }
    let sql = format!(
        "SELECT {}{kinds}
           AND EXISTS (SELECT 1 FROM notifications k WHERE k.id = $3 AND k.user_id = $1
                       AND (n.updated_at < k.updated_at
                            OR (n.updated_at = k.updated_at AND n.id < k.id)))
         ORDER BY n.updated_at DESC, n.id DESC LIMIT $2",
        notification_columns!()
    );
    fetch_list!(
        db,
        NotificationRow,
        AssertSqlSafe(sql),
        recipient,
        page.fetch_limit(),
        page.before
    )
}

/// One notification of the recipient's (as the list shows it), for the live event.
pub async fn find(
    db: &Db,
    recipient: i64,
    id: i64,
) -> Result<Option<NotificationRow>, sqlx::Error> {
    let rows = fetch_list!(
        db,
        NotificationRow,
        concat!("SELECT ", notification_columns!(), " AND n.id = $2"),
        recipient,
        id
    )?;
    Ok(rows.into_iter().next())
}

/// One actor of a notification, as its recipient may see them.
#[derive(Debug, Clone, FromRow)]
pub struct ActorRow {
    pub notification_id: i64,
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
}

/// The newest `ACTORS_SHOWN` actors the recipient may see of each of `ids` (at most a page).
pub async fn actors(db: &Db, recipient: i64, ids: &[i64]) -> Result<Vec<ActorRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // `$3…`: one place per id (a page is at most 100).
    let places: Vec<String> = (0..ids.len()).map(|n| format!("${}", n + 3)).collect();
    let sql = format!(
        "SELECT notification_id, id, username, display_name, profile_image FROM (
             SELECT na.notification_id, au.id, au.username, au.display_name,
                    COALESCE(au.profile_image_small_url, au.profile_image_url) AS profile_image,
                    ROW_NUMBER() OVER (PARTITION BY na.notification_id
                                       ORDER BY na.created_at DESC, au.id DESC) AS place
             FROM notification_actors na
             JOIN users au ON au.id = na.actor_id AND au.deactivated_at IS NULL AND {}
             WHERE na.notification_id IN ({})
         ) AS newest
         WHERE place <= $2
         ORDER BY notification_id, place",
        not_blocked!("$1", "au.id"),
        places.join(", ")
    );
    let mut query = sqlx::query_as::<sqlx::Any, ActorRow>(AssertSqlSafe(sql))
        .bind(recipient)
        .bind(ACTORS_SHOWN as i64);
    for id in ids {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}

/// How many unread notifications the recipient would be shown, at most `UNREAD_COUNT_MAX`.
pub async fn unread_count(db: &Db, recipient: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(concat!(
        "SELECT COUNT(*) FROM (SELECT ",
        notification_columns!(),
        " AND n.read_at IS NULL LIMIT $2) AS unread"
    ))
    .bind(recipient)
    .bind(UNREAD_COUNT_MAX)
    .fetch_one(&db.pool)
    .await?;
    Ok(count)
}

/// Marks the recipient's notifications read: `ids` (others' ids and unknown ones are
/// ignored), or every one when `None`. Answers how many changed.
pub async fn mark_read(
    db: &Db,
    recipient: i64,
    ids: Option<&[i64]>,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let result = match ids {
        None => {
            sqlx::query(
                "UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL",
            )
            .bind(recipient)
            .bind(now)
            .execute(&db.pool)
            .await?
        }
        Some([]) => return Ok(0),
        Some(ids) => {
            let places: Vec<String> = (0..ids.len()).map(|n| format!("${}", n + 3)).collect();
            let sql = format!(
                "UPDATE notifications SET read_at = $2
                 WHERE user_id = $1 AND read_at IS NULL AND id IN ({})",
                places.join(", ")
            );
            let mut query = sqlx::query(AssertSqlSafe(sql)).bind(recipient).bind(now);
            for id in ids {
                query = query.bind(*id);
            }
            query.execute(&db.pool).await?
        }
    };
    Ok(result.rows_affected())
}
