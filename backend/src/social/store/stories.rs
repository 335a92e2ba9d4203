//! Stories and their views. The strip is one query: the groups (at most `MAX_GROUPS` users with
//! live stories, ranked) are picked from `story_authors` (one row per author, kept by triggers),
//! then joined to their authors and the viewer's `story_seen` mark, and put in the strip's
//! order here (`strip_order`). A group's stories are a second read, when it is opened (`of_user`).
//! Every time here comes from the caller (the injected clock), never from the database.

use sqlx::FromRow;

use crate::fetch_list;
use crate::kernel::page::Page;
use crate::kernel::user::UserBrief;
use crate::platform::db::visibility::{follow_state, may_see, not_blocked, not_muted, shown};
use crate::platform::db::{Backend, Db};
use crate::social::rules::story::STORY_LIFETIME_MS;

/// The most story groups the strip shows.
pub const MAX_GROUPS: i64 = 50;

/// One live story as one viewer sees it (its author is named by the group it is in).
#[derive(Debug, Clone, FromRow)]
pub struct StoryView {
    pub id: i64,
    pub user_id: i64,
    pub image_url: String,
    pub kind: String,
    pub caption: Option<String>,
    pub views_count: i64,
    pub viewed_by_me: i64,
    pub created_at: i64,
    pub expires_at: i64,
}

crate::native_row!(StoryView {
    id,
    user_id,
    image_url,
    kind,
    caption,
    views_count,
    viewed_by_me,
    created_at,
    expires_at,
});

pub struct NewStory<'a> {
    pub user_id: i64,
    pub image_url: &'a str,
    pub media_key: Option<&'a str>,
    /// `image` or `video`.
    pub kind: &'a str,
    pub caption: Option<&'a str>,
    pub created_at: i64,
    pub expires_at: i64,
}

/// Everything of `StoryView`; `$1` is the viewer.
macro_rules! story_view_columns {
    () => {
        "s.id, s.user_id, s.image_url, s.kind, s.caption, s.views_count,
         CAST(CASE WHEN EXISTS (SELECT 1 FROM story_views v
                                WHERE v.story_id = s.id AND v.viewer_id = $1)
              THEN 1 ELSE 0 END AS BIGINT) AS viewed_by_me,
         s.created_at, s.expires_at"
    };
}

/// Inserts a story; answers its id.
pub async fn insert(db: &Db, new: NewStory<'_>) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO stories (user_id, image_url, media_key, kind, caption, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(new.user_id)
    .bind(new.image_url)
    .bind(new.media_key)
    .bind(new.kind)
    .bind(new.caption)
    .bind(new.created_at)
    .bind(new.expires_at)
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// One story as `viewer` sees it at `now`; `None` when unknown, expired, or of an account
/// blocked either way.
pub async fn find(
    db: &Db,
    viewer: i64,
    story_id: i64,
    now: i64,
) -> Result<Option<StoryView>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        story_view_columns!(),
        " FROM stories s JOIN users u ON u.id = s.user_id AND u.deactivated_at IS NULL
         WHERE s.id = $2 AND s.expires_at > $3 AND ",
        may_see!("$1", "s.user_id"),
        " AND ",
        shown!("$1", "s.removed_at")
    ))
    .bind(viewer)
    .bind(story_id)
    .bind(now)
    .fetch_optional(&db.pool)
    .await
}

/// One of the strip's groups as `viewer` sees it: the author, their latest live story's time
/// and whether it is later than the latest of theirs `viewer` saw (`story_seen`).
#[derive(Debug, Clone, FromRow)]
pub struct StripGroup {
    pub user_id: i64,
    /// The strip's rank: 0 the viewer's own, 1 followed, 2 everyone else.
    pub rnk: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    pub latest_at: i64,
    pub unseen: i64,
}

crate::native_row!(StripGroup {
    user_id,
    rnk,
    username,
    display_name,
    profile_image,
    latest_at,
    unseen,
});

/// An author's row as the strip names them, from `story_authors a` joined to `users au`.
macro_rules! strip_author_columns {
    ($rank:literal) => {
        concat!(
            "a.user_id, ",
            $rank,
            " AS rnk, au.username, au.display_name,
             COALESCE(au.profile_image_small_url, au.profile_image_url) AS profile_image,
             a.latest_at"
        )
    };
}

/// The strip's candidates: each of the three ranks, in order within itself, picks at most
/// `MAX_GROUPS` authors from `story_authors` (one row per author, their latest story) with the
/// names the strip shows and the viewer's `story_seen` mark. The viewer's own row by its key;
/// the followed from the viewer's follows (followed, so in their audience: blocks and mutes
/// alone are asked); everyone else from `story_authors_latest_idx` read backwards (it holds
/// `expires_at`) until enough pass, a private account left out. "Everyone else" does not ask
/// whether the viewer follows each candidate (a follows probe each, a third of the statement
/// on the synthetic set): the followed it meets are in the followed rank too and `strip` drops
/// them, and `MAX_GROUPS` of them are enough however many it drops. Nor is the union ordered
/// or cut here (SQLite sorted its ≤ 101 rows through two temporary B-trees, half of the
/// statement): `strip` does both. On SQLite the privacy probe is a `LEFT JOIN`, whose cursor
/// stays open across candidates (as the pages of posts); PostgreSQL keeps the `EXISTS` form its
/// planner turns into index probes.
macro_rules! strip_select {
    (joined) => {
        strip_select!(
            @ "LEFT JOIN user_settings ps ON ps.user_id = a.user_id
               WHERE ps.private_account IS DISTINCT FROM 1 AND "
        )
    };
    (exists) => {
        strip_select!(
            @ "WHERE NOT EXISTS (SELECT 1 FROM user_settings ps
                                 WHERE ps.user_id = a.user_id AND ps.private_account = 1) AND "
        )
    };
    (@ $others_where:literal) => {
        concat!(
            "SELECT grp.user_id, grp.rnk, grp.username, grp.display_name, grp.profile_image,
                    grp.latest_at,
                    CAST(CASE WHEN seen.seen_at IS NULL OR seen.seen_at < grp.latest_at
                              THEN 1 ELSE 0 END AS BIGINT) AS unseen
             FROM (
               SELECT * FROM (
                 SELECT ",
            strip_author_columns!("0"),
            " FROM story_authors a JOIN users au ON au.id = a.user_id
                 WHERE a.user_id = $1 AND a.expires_at > $2
               ) own
               UNION ALL
               SELECT * FROM (
                 SELECT ",
            strip_author_columns!("1"),
            " FROM follows f
                 JOIN story_authors a ON a.user_id = f.followee_id
                 JOIN users au ON au.id = a.user_id AND au.deactivated_at IS NULL
                 WHERE f.follower_id = $1 AND a.user_id <> $1 AND a.expires_at > $2 AND ",
            not_blocked!("$1", "a.user_id"),
            " AND ",
            not_muted!("$1", "a.user_id"),
            "
                 ORDER BY a.latest_at DESC, a.user_id DESC
                 LIMIT $3
               ) followed
               UNION ALL
               SELECT * FROM (
                 SELECT ",
            strip_author_columns!("2"),
            " FROM story_authors a
                 JOIN users au ON au.id = a.user_id AND au.deactivated_at IS NULL ",
            $others_where,
            "a.user_id <> $1 AND a.expires_at > $2 AND ",
            not_blocked!("$1", "a.user_id"),
            " AND ",
            not_muted!("$1", "a.user_id"),
            "
                 ORDER BY a.latest_at DESC, a.user_id DESC
                 LIMIT $3
               ) others
             ) grp
             LEFT JOIN story_seen seen ON seen.viewer_id = $1 AND seen.author_id = grp.user_id"
        )
    };
}

/// The strip's groups in the strip's order: `viewer`'s own group first, then the users
/// `viewer` follows by their latest story, then everyone else by their latest story (none of
/// accounts blocked either way or muted); at most `MAX_GROUPS`. No story is read: a group's
/// stories come with `of_user` when it is opened (issue 45: the strip of every live story of
/// 50 groups was 1.8M instructions a request).
pub async fn strip(db: &Db, viewer: i64, now: i64) -> Result<Vec<StripGroup>, sqlx::Error> {
    let sql = match db.backend {
        Backend::Sqlite => strip_select!(joined),
        Backend::Postgres => strip_select!(exists),
    };
    let rows = fetch_list!(db, StripGroup, sql, viewer, now, MAX_GROUPS)?;
    Ok(strip_order(rows))
}

/// The candidates → the strip: by rank, then latest story, then id, newest first; an author
/// "everyone else" met who is in the followed rank leaves it; the first `MAX_GROUPS`.
fn strip_order(mut rows: Vec<StripGroup>) -> Vec<StripGroup> {
    rows.sort_unstable_by(|a, b| {
        (a.rnk, b.latest_at, b.user_id).cmp(&(b.rnk, a.latest_at, a.user_id))
    });
    let followed: Vec<i64> = rows
        .iter()
        .filter(|row| row.rnk == 1)
        .map(|row| row.user_id)
        .collect();
    rows.retain(|row| row.rnk != 2 || !followed.contains(&row.user_id));
    rows.truncate(MAX_GROUPS as usize);
    rows
}

/// `user`'s live stories as `viewer` sees them, oldest first (by time, then id): none when
/// `user` is private and not followed by `viewer` (`may_see!`); a removed one for an admin
/// only. The caller has checked that `user` exists for `viewer` (`owner_of_group`).
pub async fn of_user(
    db: &Db,
    viewer: i64,
    user: i64,
    now: i64,
) -> Result<Vec<StoryView>, sqlx::Error> {
    fetch_list!(
        db,
        StoryView,
        concat!(
            "SELECT ",
            story_view_columns!(),
            " FROM stories s
         WHERE s.user_id = $2 AND s.expires_at > $3 AND ",
            may_see!("$1", "s.user_id"),
            " AND ",
            shown!("$1", "s.removed_at"),
            " ORDER BY s.created_at, s.id"
        ),
        viewer,
        user,
        now
    )
}

/// A story group's owner as `viewer` may name them: `None` when unknown, deactivated or in a
/// block with `viewer` either way.
pub async fn owner_of_group(
    db: &Db,
    viewer: i64,
    user: i64,
) -> Result<Option<UserBrief>, sqlx::Error> {
    let rows = fetch_list!(
        db,
        UserBrief,
        concat!(
            "SELECT u.id, u.username, u.display_name,
                    COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image
             FROM users u WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
            not_blocked!("$1", "u.id")
        ),
        viewer,
        user
    )?;
    Ok(rows.into_iter().next())
}

/// What recording a view found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewed {
    /// The story is live; its count after this view, and its author.
    Counted { views_count: i64, author: i64 },
    /// No such story, or it expired.
    NotFound,
}

/// Records that `viewer` saw the story, in one short write transaction: the view row is
/// inserted once per viewer (a repeat changes nothing), and the count moves only when the row
/// is new and the viewer is not the author. A story of an account blocked either way is not
/// found.
pub async fn record_view(
    db: &Db,
    viewer: i64,
    story_id: i64,
    now: i64,
) -> Result<Viewed, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let inserted = sqlx::query(concat!(
        "INSERT INTO story_views (story_id, viewer_id, created_at)
         SELECT id, $2, $3 FROM stories WHERE id = $1 AND expires_at > $3 AND ",
        may_see!("$2", "stories.user_id"),
        " AND ",
        shown!("$2", "stories.removed_at"),
        " ON CONFLICT (story_id, viewer_id) DO NOTHING"
    ))
    .bind(story_id)
    .bind(viewer)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if inserted {
        sqlx::query(
            "UPDATE stories SET views_count = views_count + 1 WHERE id = $1 AND user_id <> $2",
        )
        .bind(story_id)
        .bind(viewer)
        .execute(&mut *tx)
        .await?;
        // The strip's ring (migration 0058): the latest of this author's stories seen.
        sqlx::query(
            "INSERT INTO story_seen (viewer_id, author_id, seen_at)
             SELECT $2, user_id, created_at FROM stories WHERE id = $1
             ON CONFLICT (viewer_id, author_id) DO UPDATE SET
                 seen_at = CASE WHEN excluded.seen_at > story_seen.seen_at
                                THEN excluded.seen_at ELSE story_seen.seen_at END",
        )
        .bind(story_id)
        .bind(viewer)
        .execute(&mut *tx)
        .await?;
    }
    let count: Option<(i64, i64)> = sqlx::query_as(concat!(
        "SELECT views_count, user_id FROM stories WHERE id = $1 AND expires_at > $2 AND ",
        may_see!("$3", "stories.user_id"),
        " AND ",
        shown!("$3", "stories.removed_at")
    ))
    .bind(story_id)
    .bind(now)
    .bind(viewer)
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(match count {
        Some((views_count, author)) => Viewed::Counted {
            views_count,
            author,
        },
        None => Viewed::NotFound,
    })
}

/// Deletes the stories expired at `now`, their views and the rings' marks they alone kept;
/// answers how many stories went.
pub async fn delete_expired(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "DELETE FROM story_views
         WHERE story_id IN (SELECT id FROM stories WHERE expires_at <= $1)",
    )
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM stories WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    // A ring's mark older than a story's life covers only expired stories: it says nothing.
    sqlx::query("DELETE FROM story_seen WHERE seen_at <= $1")
        .bind(now - STORY_LIFETIME_MS)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(deleted)
}

/// How many live stories `user` has at `now` (the demo seed tops them up).
pub async fn live_count(db: &Db, user: i64, now: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM stories WHERE user_id = $1 AND expires_at > $2")
            .bind(user)
            .bind(now)
            .fetch_one(&db.pool)
            .await?;
    Ok(count)
}

/// Someone who saw a story (or who follows, or is followed by, an account: social/store/follows.rs
/// reads the same shape), with when.
#[derive(Debug, Clone, FromRow)]
pub struct PersonSeen {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    /// When they saw it (followed), epoch milliseconds.
    pub at: i64,
    /// 1 when the reader follows them; 1 when the reader asked to and waits.
    pub is_following: i64,
    pub is_requested: i64,
}

/// The story's author, when it is live at `now` and `viewer` may see it (`find`'s rule).
pub async fn author_of(
    db: &Db,
    viewer: i64,
    story_id: i64,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    Ok(find(db, viewer, story_id, now)
        .await?
        .map(|story| story.user_id))
}

/// A page of who saw `story_id`, the latest first (keyset on `(created_at, viewer_id)`, the
/// cursor being the last one's user id; `story_views_story_idx`): never its author, nor an
/// account deactivated or blocked either way with `reader` (the author). `reader`'s follow
/// state of each comes along (the list's Follow buttons).
pub async fn viewers(
    db: &Db,
    reader: i64,
    story_id: i64,
    page: Page,
) -> Result<Vec<PersonSeen>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT u.id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                v.created_at AS at, ",
        follow_state!("$1", "u.id"),
        " FROM story_views v
         JOIN users u ON u.id = v.viewer_id AND u.deactivated_at IS NULL
         WHERE v.story_id = $2 AND v.viewer_id <> $1 AND ",
        not_blocked!("$1", "u.id"),
        " AND ($3 = $4 OR EXISTS (
               SELECT 1 FROM story_views k WHERE k.story_id = $2 AND k.viewer_id = $3
                 AND (v.created_at < k.created_at
                      OR (v.created_at = k.created_at AND v.viewer_id < k.viewer_id))))
         ORDER BY v.created_at DESC, v.viewer_id DESC LIMIT $5"
    ))
    .bind(reader)
    .bind(story_id)
    .bind(page.before)
    .bind(i64::MAX)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(user_id: i64, rnk: i64, latest_at: i64) -> StripGroup {
        StripGroup {
            user_id,
            rnk,
            username: String::new(),
            display_name: String::new(),
            profile_image: None,
            latest_at,
            unseen: 1,
        }
    }

    fn ids(rows: Vec<StripGroup>) -> Vec<(i64, i64)> {
        rows.iter().map(|row| (row.user_id, row.rnk)).collect()
    }

    #[test]
    fn the_strip_is_own_then_followed_then_others_newest_first_without_repeats() {
        // In any order, as a union may answer: 7 and 8 are followed, and "everyone else" met 8.
        let rows = vec![
            row(9, 2, 500),
            row(8, 2, 400),
            row(7, 1, 100),
            row(5, 2, 500),
            row(8, 1, 400),
            row(1, 0, 50),
        ];
        assert_eq!(
            ids(strip_order(rows)),
            [(1, 0), (8, 1), (7, 1), (9, 2), (5, 2)],
            "ties by id, newest first"
        );
    }

    #[test]
    fn the_strip_keeps_its_first_fifty() {
        let mut rows: Vec<StripGroup> = (1..=50).map(|id| row(id, 2, id)).collect();
        rows.push(row(100, 1, 0));
        rows.push(row(50, 1, 50));
        let strip = strip_order(rows);
        assert_eq!(strip.len(), MAX_GROUPS as usize);
        assert_eq!(ids(strip[..3].to_vec()), [(50, 1), (100, 1), (49, 2)]);
        assert_eq!(
            strip.last().unwrap().user_id,
            2,
            "the oldest other left out"
        );
    }
}
