//! Live canvases (issue 25, docs/canvas-contract.md): canvases, their invited people, their
//! strokes (the live picture only: an Undo deletes one, a Clear moves the canvas's
//! `cleared_through` and deletes what it covers; issue 39) and
//! who is in each room now (`canvas_presence`, one row per joined socket, with its instance).
//!
//! Who may join a canvas is one condition (`may_join!`): its owner; the people invited; for a
//! followers canvas, the owner's followers — and never someone blocked by, or blocking, the
//! owner, nor anyone while the owner's account is deactivated. Every read of a canvas, its
//! strokes and its room goes through it; the list reads the same three sources.

use sqlx::FromRow;

use crate::canvas::rules::{
    CANVAS_MEMBERS_MAX, CANVAS_POINT_BYTES_MAX, CANVAS_STROKES_MAX, CanvasVisibility, Stroke,
};
use crate::kernel::page::Page;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::notifications::{self, Act, Notice};
use crate::platform::db::visibility::not_blocked;
use crate::platform::db::{Db, placeholders};

/// `viewer` may join the canvas `c` (aliased `c`, its owner joined as `ow`).
macro_rules! may_join {
    ($viewer:literal) => {
        concat!(
            "ow.deactivated_at IS NULL AND (c.owner_id = ",
            $viewer,
            " OR ((EXISTS (SELECT 1 FROM canvas_members cm WHERE cm.canvas_id = c.id AND cm.user_id = ",
            $viewer,
            ") OR (c.visibility = 'followers' AND EXISTS (SELECT 1 FROM follows cf WHERE cf.follower_id = ",
            $viewer,
            " AND cf.followee_id = c.owner_id))) AND ",
            not_blocked!($viewer, "c.owner_id"),
            "))"
        )
    };
}

/// The columns of `CanvasRow`, from `canvases c JOIN users ow`.
macro_rules! canvas_columns {
    () => {
        "c.id, c.title, c.visibility, c.created_at, ow.id AS owner_id, ow.username AS owner_username,
         ow.display_name AS owner_display_name,
         COALESCE(ow.profile_image_small_url, ow.profile_image_url) AS owner_image"
    };
}

/// A canvas as its readers see it (its people come from `members`).
#[derive(Debug, Clone, FromRow)]
pub struct CanvasRow {
    pub id: i64,
    pub title: String,
    #[sqlx(try_from = "String")]
    pub visibility: CanvasVisibility,
    pub created_at: i64,
    pub owner_id: i64,
    pub owner_username: String,
    pub owner_display_name: String,
    pub owner_image: Option<String>,
}

/// Someone on a canvas: one of its invited people, or someone in its room.
#[derive(Debug, Clone, FromRow)]
pub struct PersonRow {
    pub canvas_id: i64,
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
}

/// A live stroke.
#[derive(Debug, Clone, FromRow)]
pub struct StrokeRow {
    /// Its position in the canvas's order (the pages' cursor).
    pub id: i64,
    pub client_id: String,
    pub user_id: i64,
    pub color: String,
    pub width: i64,
    /// The JSON array of `[x, y]` pairs.
    pub points: String,
    pub created_at: i64,
}

/// Makes a canvas; answers its id.
pub async fn create(
    db: &Db,
    owner: i64,
    title: &str,
    visibility: CanvasVisibility,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO canvases (owner_id, title, visibility, created_at)
         VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(owner)
    .bind(title)
    .bind(visibility.as_str())
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// The canvas `id` if `viewer` may join it.
pub async fn find(db: &Db, viewer: i64, id: i64) -> Result<Option<CanvasRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        canvas_columns!(),
        " FROM canvases c JOIN users ow ON ow.id = c.owner_id WHERE c.id = $2 AND ",
        may_join!("$1")
    ))
    .bind(viewer)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// The canvases `viewer` owns, was invited to, or that people they follow opened to their
/// followers, newest first: each source walked down its own index from the cursor, at most a
/// page from each, then the page of their union.
pub async fn list(db: &Db, viewer: i64, page: Page) -> Result<Vec<(i64, CanvasRow)>, sqlx::Error> {
    let rows: Vec<CanvasRow> = sqlx::query_as(concat!(
        "SELECT ",
        canvas_columns!(),
        " FROM canvases c JOIN users ow ON ow.id = c.owner_id
         WHERE c.id IN (
             SELECT id FROM (SELECT o.id FROM canvases o WHERE o.owner_id = $1 AND o.id < $2
                             ORDER BY o.id DESC LIMIT $3) mine
             UNION
             SELECT canvas_id FROM (SELECT m.canvas_id FROM canvas_members m
                                    WHERE m.user_id = $1 AND m.canvas_id < $2
                                    ORDER BY m.canvas_id DESC LIMIT $3) invited
             UNION
             SELECT id FROM (SELECT f2.id FROM follows fl
                             JOIN canvases f2 ON f2.owner_id = fl.followee_id
                             WHERE fl.follower_id = $1 AND f2.visibility = 'followers'
                               AND f2.id < $2
                             ORDER BY f2.id DESC LIMIT $3) followed)
           AND ",
        may_join!("$1"),
        " ORDER BY c.id DESC LIMIT $3"
    ))
    .bind(viewer)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|row| (row.id, row)).collect())
}

/// The invited people of `canvases` (a page's worth of ids), in the order they were invited:
/// one read for the page.
pub async fn members(db: &Db, canvases: &[i64]) -> Result<Vec<PersonRow>, sqlx::Error> {
    if canvases.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT m.canvas_id, u.id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image
         FROM canvas_members m JOIN users u ON u.id = m.user_id
         WHERE m.canvas_id IN ({}) AND u.deactivated_at IS NULL
         ORDER BY m.canvas_id, m.created_at, m.user_id",
        placeholders(1, canvases.len())
    );
    // Only numbered placeholders are formatted in; the ids are bound.
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for id in canvases {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}

/// Why an invitation was refused (nothing changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InviteRefusal {
    /// The canvas is not there for the caller (404).
    NotFound,
    /// The caller may join but does not own it.
    NotOwner,
    /// Someone named does not exist, is deactivated, is the owner, or is not followed by the
    /// owner (the picker offers the people you follow; a block either way ends the follow).
    NotFollowed,
    /// More than `CANVAS_MEMBERS_MAX` people in all.
    TooMany,
}

/// The owner invites `users` (distinct); those already invited stay as they were. Each one
/// newly invited is told ('maya invited you to draw on "Sunset"', issue 43) in the same
/// transaction: the notices to announce once it commits.
pub async fn invite(
    db: &Db,
    owner: i64,
    canvas: i64,
    users: &[i64],
    now: i64,
) -> Result<Result<Vec<Notice>, InviteRefusal>, sqlx::Error> {
    let Some(found) = find(db, owner, canvas).await? else {
        return Ok(Err(InviteRefusal::NotFound));
    };
    if found.owner_id != owner {
        return Ok(Err(InviteRefusal::NotOwner));
    }
    let sql = format!(
        "SELECT u.id FROM users u
         JOIN follows f ON f.follower_id = $1 AND f.followee_id = u.id
         WHERE u.deactivated_at IS NULL AND u.id IN ({})",
        placeholders(2, users.len())
    );
    let mut tx = db.begin_write().await?;
    let mut query = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(sql)).bind(owner);
    for id in users {
        query = query.bind(*id);
    }
    let followed = query.fetch_all(&mut *tx).await?;
    if followed.len() < users.len() {
        return Ok(Err(InviteRefusal::NotFollowed));
    }
    let mut notices = Vec::new();
    for user in users {
        let added = sqlx::query(
            "INSERT INTO canvas_members (canvas_id, user_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (canvas_id, user_id) DO NOTHING",
        )
        .bind(canvas)
        .bind(*user)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if added == 1 {
            let act = Act {
                preview: Some(found.title.as_str()),
                ..Act::new(
                    *user,
                    owner,
                    NotificationKind::CanvasInvite,
                    NotificationTargetType::Canvas,
                    canvas,
                )
            };
            notices.extend(notifications::record(&mut tx, &act, now).await?);
        }
    }
    let (invited,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM canvas_members WHERE canvas_id = $1")
            .bind(canvas)
            .fetch_one(&mut *tx)
            .await?;
    // The owner is the one more.
    if invited + 1 > CANVAS_MEMBERS_MAX as i64 {
        return Ok(Err(InviteRefusal::TooMany));
    }
    tx.commit().await?;
    Ok(Ok(notices))
}

/// What became of deleting a canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CanvasDeleted {
    Done,
    /// Not there for the caller (404): unknown, or not one they may join.
    NotFound,
    /// They may join it but do not own it (403).
    NotOwner,
}

/// The owner deletes their canvas, in one write transaction: its invitations' notifications
/// first (found through its members, `notifications_target_idx`), then the canvas, whose
/// members, strokes and room go with it (ON DELETE CASCADE). A snapshot posted from it is a
/// post of its own and stays.
pub async fn delete(db: &Db, owner: i64, canvas: i64) -> Result<CanvasDeleted, sqlx::Error> {
    let Some(found) = find(db, owner, canvas).await? else {
        return Ok(CanvasDeleted::NotFound);
    };
    if found.owner_id != owner {
        return Ok(CanvasDeleted::NotOwner);
    }
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "DELETE FROM notifications
         WHERE user_id IN (SELECT user_id FROM canvas_members WHERE canvas_id = $1)
           AND target_type = $2 AND target_id = $1 AND kind = $3",
    )
    .bind(canvas)
    .bind(NotificationTargetType::Canvas.as_str())
    .bind(NotificationKind::CanvasInvite.as_str())
    .execute(&mut *tx)
    .await?;
    let gone = sqlx::query("DELETE FROM canvases WHERE id = $1 AND owner_id = $2")
        .bind(canvas)
        .bind(owner)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    Ok(if gone == 1 {
        CanvasDeleted::Done
    } else {
        CanvasDeleted::NotFound
    })
}

/// A page of the live strokes of `canvas`, oldest first (the replay): those stored after the
/// position `after` (0 for the first page), at most `limit` of them (the caller asks one more
/// to learn whether another page follows). A range of `canvas_strokes_canvas_idx`.
pub async fn strokes(
    db: &Db,
    canvas: i64,
    after: i64,
    limit: i64,
) -> Result<Vec<StrokeRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.id, s.client_id, s.user_id, s.color, s.width, s.points, s.created_at
         FROM canvas_strokes s JOIN canvases c ON c.id = s.canvas_id
         WHERE s.canvas_id = $1 AND s.id > $2 AND s.id > c.cleared_through
         ORDER BY s.id LIMIT $3",
    )
    .bind(canvas)
    .bind(after)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// What storing a stroke came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrokeStored {
    Stored,
    /// A stroke of this id is stored already (a resend): nothing changed.
    Again,
    /// The canvas holds `CANVAS_STROKES_MAX` strokes since its last Clear.
    Full,
    /// The stroke's points would take the canvas past `CANVAS_POINT_BYTES_MAX`.
    NoRoom,
}

/// Stores `stroke` by `user` on `canvas` (`points`, its points as stored): the counts and the
/// row in one transaction.
pub async fn add_stroke(
    db: &Db,
    canvas: i64,
    user: i64,
    stroke: &Stroke,
    points: &str,
    now: i64,
) -> Result<StrokeStored, sqlx::Error> {
    let bytes = points.len() as i64;
    let mut tx = db.begin_write().await?;
    let counted = sqlx::query(
        "UPDATE canvases SET live_strokes = live_strokes + 1,
                             live_point_bytes = live_point_bytes + $3
         WHERE id = $1 AND live_strokes < $2 AND live_point_bytes + $3 <= $4",
    )
    .bind(canvas)
    .bind(CANVAS_STROKES_MAX)
    .bind(bytes)
    .bind(CANVAS_POINT_BYTES_MAX)
    .execute(&mut *tx)
    .await?;
    if counted.rows_affected() == 0 {
        let (strokes,): (i64,) = sqlx::query_as("SELECT live_strokes FROM canvases WHERE id = $1")
            .bind(canvas)
            .fetch_one(&mut *tx)
            .await?;
        return Ok(if strokes >= CANVAS_STROKES_MAX {
            StrokeStored::Full
        } else {
            StrokeStored::NoRoom
        });
    }
    let inserted: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO canvas_strokes (canvas_id, client_id, user_id, color, width, points, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (canvas_id, client_id) DO NOTHING RETURNING id",
    )
    .bind(canvas)
    .bind(&stroke.id)
    .bind(user)
    .bind(&stroke.color)
    .bind(stroke.width)
    .bind(points)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    if inserted.is_none() {
        // Rolled back: the counts stay.
        return Ok(StrokeStored::Again);
    }
    tx.commit().await?;
    Ok(StrokeStored::Stored)
}

/// Undoes `user`'s live stroke `client_id` on `canvas`: the row is deleted and its points no
/// longer count; `false` when there is none.
pub async fn undo(db: &Db, canvas: i64, user: i64, client_id: &str) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let gone: Option<(i64,)> = sqlx::query_as(
        "DELETE FROM canvas_strokes
         WHERE canvas_id = $1 AND client_id = $2 AND user_id = $3
           AND id > (SELECT c.cleared_through FROM canvases c WHERE c.id = $1)
         RETURNING CAST(LENGTH(points) AS BIGINT)",
    )
    .bind(canvas)
    .bind(client_id)
    .bind(user)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((bytes,)) = gone else {
        return Ok(false);
    };
    sqlx::query(
        "UPDATE canvases SET live_point_bytes = CASE WHEN live_point_bytes > $2
                                                     THEN live_point_bytes - $2 ELSE 0 END
         WHERE id = $1",
    )
    .bind(canvas)
    .bind(bytes)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Clears `canvas` if `owner` owns it: every stroke stored so far leaves the picture and is
/// deleted. The canvas's row is written first, so a stroke being stored meanwhile is either
/// covered (and deleted) or after it.
pub async fn clear(db: &Db, canvas: i64, owner: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let owned = sqlx::query(
        "UPDATE canvases SET live_strokes = 0, live_point_bytes = 0
         WHERE id = $1 AND owner_id = $2",
    )
    .bind(canvas)
    .bind(owner)
    .execute(&mut *tx)
    .await?;
    if owned.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE canvases SET cleared_through = (SELECT COALESCE(MAX(s.id), cleared_through)
                                                FROM canvas_strokes s WHERE s.canvas_id = $1)
         WHERE id = $1",
    )
    .bind(canvas)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM canvas_strokes
         WHERE canvas_id = $1 AND id <= (SELECT c.cleared_through FROM canvases c WHERE c.id = $1)",
    )
    .bind(canvas)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// A socket joined `canvas`'s room (joining twice changes nothing).
pub async fn enter(
    db: &Db,
    canvas: i64,
    instance: &str,
    socket: u64,
    user: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO canvas_presence (canvas_id, instance, socket_id, user_id, joined_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (canvas_id, instance, socket_id) DO NOTHING",
    )
    .bind(canvas)
    .bind(instance)
    .bind(socket_number(socket))
    .bind(user)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// A socket left `canvas`'s room; `false` when it was not in it (a block had taken it out).
pub async fn exit(db: &Db, canvas: i64, instance: &str, socket: u64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM canvas_presence WHERE instance = $1 AND socket_id = $2 AND canvas_id = $3",
    )
    .bind(instance)
    .bind(socket_number(socket))
    .bind(canvas)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// A socket closed: it leaves every room it was in.
pub async fn exit_all(db: &Db, instance: &str, socket: u64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM canvas_presence WHERE instance = $1 AND socket_id = $2")
        .bind(instance)
        .bind(socket_number(socket))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Who is in `canvas`'s room, with the instance holding each socket (the caller keeps those
/// of live instances).
pub async fn room(db: &Db, canvas: i64) -> Result<Vec<(PersonRow, String)>, sqlx::Error> {
    #[derive(FromRow)]
    struct Row {
        #[sqlx(flatten)]
        person: PersonRow,
        instance: String,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT p.canvas_id, u.id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                p.instance
         FROM canvas_presence p JOIN users u ON u.id = p.user_id
         WHERE p.canvas_id = $1
         ORDER BY p.joined_at, p.user_id",
    )
    .bind(canvas)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.person, r.instance)).collect())
}

/// `a` and `b` parted (a block, either way): each one's sockets leave the rooms of the
/// canvases the other owns. Answers who left which room, `(canvas, user)`, each once.
pub async fn evict_pair(db: &Db, a: i64, b: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    let mut left: Vec<(i64, i64)> = sqlx::query_as(
        "DELETE FROM canvas_presence
         WHERE (user_id = $2 AND canvas_id IN (SELECT id FROM canvases WHERE owner_id = $1))
            OR (user_id = $1 AND canvas_id IN (SELECT id FROM canvases WHERE owner_id = $2))
         RETURNING canvas_id, user_id",
    )
    .bind(a)
    .bind(b)
    .fetch_all(&db.pool)
    .await?;
    left.sort_unstable();
    left.dedup();
    Ok(left)
}

/// The users with a socket in `canvas`'s room, each once, and whether the socket `socket` of
/// `instance` is still among them (it is not once a block took its user out).
pub async fn room_users_with(
    db: &Db,
    canvas: i64,
    instance: &str,
    socket: u64,
) -> Result<(Vec<i64>, bool), sqlx::Error> {
    let rows: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT user_id, instance, socket_id FROM canvas_presence WHERE canvas_id = $1",
    )
    .bind(canvas)
    .fetch_all(&db.pool)
    .await?;
    let me = socket_number(socket);
    let here = rows.iter().any(|(_, i, s)| i == instance && *s == me);
    let mut users: Vec<i64> = rows.into_iter().map(|(user, _, _)| user).collect();
    users.sort_unstable();
    users.dedup();
    Ok((users, here))
}

/// The rooms the socket `socket` of `instance` is in.
pub async fn rooms_of(db: &Db, instance: &str, socket: u64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT canvas_id FROM canvas_presence WHERE instance = $1 AND socket_id = $2",
    )
    .bind(instance)
    .bind(socket_number(socket))
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Forgets the sockets of `instances` (gone: their heartbeats stopped) in every room.
pub async fn sweep(db: &Db, instances: &[String]) -> Result<(), sqlx::Error> {
    for instance in instances {
        sqlx::query("DELETE FROM canvas_presence WHERE instance = $1")
            .bind(instance)
            .execute(&db.pool)
            .await?;
    }
    Ok(())
}

/// A socket's id as stored (ids count up from 0 in a process: never past `i64::MAX`).
fn socket_number(socket: u64) -> i64 {
    i64::try_from(socket).unwrap_or(i64::MAX)
}
