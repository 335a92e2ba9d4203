//! Voice reactions to posts and reels (issue 43, docs/community-contract.md "Voice reactions").
//! Who hears one: its sender, the item's author, and anyone else only when the sender turned
//! 'Voice Reactions Privacy' off (`user_settings.voice_reactions_privacy = 0`; no row is the
//! default, on). Beside that, the one visibility rule: nothing of someone blocked either way or
//! deactivated, nothing removed by moderation (but for admins), nothing on an item the viewer
//! may not see. A page walks `voice_reactions_post_idx` / `voice_reactions_reel_idx` backwards
//! by id; the counts by emotion read the same index.

use sqlx::FromRow;

use crate::fetch_list;
use crate::kernel::page::Page;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::notifications::{self, Act, Notice};
use crate::platform::db::Db;
use crate::platform::db::visibility::{may_see, not_blocked, shown};
use crate::social::rules::voice_reaction::Emotion;
use crate::social::store::comments::{Item, on_seen_item};

/// A voice reaction as the API shows it, with its sender.
#[derive(Debug, Clone, FromRow)]
pub struct VoiceReactionView {
    pub id: i64,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub user_id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    pub emotion: String,
    pub media_key: String,
    pub duration: i64,
    pub created_at: i64,
}

crate::native_row!(VoiceReactionView {
    id,
    post_id,
    reel_id,
    user_id,
    username,
    display_name,
    profile_image,
    emotion,
    media_key,
    duration,
    created_at,
});

/// `VoiceReactionView`'s columns over `voice_reactions v`; `$1` is the viewer. Reactions of
/// deactivated accounts and of accounts blocked either way drop out (the join).
macro_rules! reaction_view {
    () => {
        concat!(
            "SELECT v.id, v.post_id, v.reel_id, v.user_id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                v.emotion, v.media_key, v.duration, v.created_at
         FROM voice_reactions v
         JOIN users u ON u.id = v.user_id AND u.deactivated_at IS NULL AND ",
            not_blocked!("$1", "u.id"),
            " AND ",
            shown!("$1", "v.removed_at")
        )
    };
}

/// The sender (`v.user_id`) lets others than the author hear it: 'Voice Reactions Privacy' off.
macro_rules! shared_by_sender {
    () => {
        "EXISTS (SELECT 1 FROM user_settings vs WHERE vs.user_id = v.user_id
                 AND vs.voice_reactions_privacy = 0)"
    };
}

/// The author of the post or reel when `viewer` may see it (it exists, was not removed, its
/// author is active, public or followed, and not blocked either way).
pub async fn item_author(db: &Db, viewer: i64, item: Item) -> Result<Option<i64>, sqlx::Error> {
    macro_rules! author_of {
        ($table:literal) => {
            concat!(
                "SELECT i.user_id FROM ",
                $table,
                " i JOIN users u ON u.id = i.user_id AND u.deactivated_at IS NULL
                 WHERE i.id = $1 AND ",
                may_see!("$2", "u.id"),
                " AND ",
                shown!("$2", "i.removed_at")
            )
        };
    }
    let (sql, id) = match item {
        Item::Post(id) => (author_of!("posts"), id),
        Item::Reel(id) => (author_of!("reels"), id),
    };
    let found: Option<(i64,)> = sqlx::query_as(sql)
        .bind(id)
        .bind(viewer)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.map(|(author,)| author))
}

/// A new voice reaction; its recording is stored already (`media_key`).
pub struct NewVoiceReaction<'a> {
    pub item: Item,
    pub user_id: i64,
    pub emotion: Emotion,
    pub media_key: &'a str,
    pub duration: i64,
    pub created_at: i64,
}

/// Stores a voice reaction and tells the item's author (folded like likes), in one write
/// transaction. `None` when the sender may not see the item (no such item, removed, a private
/// account they do not follow, a block either way): nothing is stored.
pub async fn insert(
    db: &Db,
    new: NewVoiceReaction<'_>,
) -> Result<Option<(VoiceReactionView, Option<Notice>)>, sqlx::Error> {
    let Some(author) = item_author(db, new.user_id, new.item).await? else {
        return Ok(None);
    };
    let (post_id, reel_id, target) = match new.item {
        Item::Post(id) => (Some(id), None, NotificationTargetType::Post),
        Item::Reel(id) => (None, Some(id), NotificationTargetType::Reel),
    };
    let mut tx = db.begin_write().await?;
    // The item is checked again in the insert: deleted meanwhile, nothing is stored.
    let inserted: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO voice_reactions (post_id, reel_id, user_id, emotion, media_key, duration,
                                      created_at)
         SELECT $1, $2, $3, $4, $5, $6, $7
         WHERE EXISTS (SELECT 1 FROM posts WHERE id = $1) OR EXISTS (SELECT 1 FROM reels WHERE id = $2)
         RETURNING id",
    )
    .bind(post_id)
    .bind(reel_id)
    .bind(new.user_id)
    .bind(new.emotion.as_str())
    .bind(new.media_key)
    .bind(new.duration)
    .bind(new.created_at)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id,)) = inserted else {
        return Ok(None);
    };
    let item_id = post_id.or(reel_id).unwrap_or_default();
    let mut act = Act::new(
        author,
        new.user_id,
        NotificationKind::VoiceReaction,
        target,
        item_id,
    );
    (act.post_id, act.reel_id) = (post_id, reel_id);
    act.preview = Some(new.emotion.label());
    let notice = notifications::record(&mut tx, &act, new.created_at).await?;
    let view: VoiceReactionView = sqlx::query_as(
        "SELECT v.id, v.post_id, v.reel_id, v.user_id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                v.emotion, v.media_key, v.duration, v.created_at
         FROM voice_reactions v JOIN users u ON u.id = v.user_id WHERE v.id = $1",
    )
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some((view, notice)))
}

/// What `viewer` may hear of an item's voice reactions, and how many there are.
pub struct Heard {
    /// A page of the reactions the viewer may hear, newest first.
    pub rows: Vec<VoiceReactionView>,
    /// Every reaction on the item by emotion (blocked and deactivated senders aside), heard or
    /// not: the card shows them to everyone, as it shows likes.
    pub counts: Vec<(String, i64)>,
}

/// A page of the item's voice reactions that `viewer` may hear, with the counts by emotion;
/// `None` when the viewer may not see the item.
pub async fn page(
    db: &Db,
    viewer: i64,
    item: Item,
    page: Page,
) -> Result<Option<Heard>, sqlx::Error> {
    let Some(author) = item_author(db, viewer, item).await? else {
        return Ok(None);
    };
    // One query per item kind: each keeps its own partial index.
    macro_rules! heard_page {
        ($column:literal) => {
            concat!(
                reaction_view!(),
                " WHERE v.",
                $column,
                " = $2 AND v.id < $3 AND ($4 = 1 OR v.user_id = $1 OR ",
                shared_by_sender!(),
                ") ORDER BY v.id DESC LIMIT $5"
            )
        };
    }
    macro_rules! counts {
        ($column:literal) => {
            concat!(
                "SELECT v.emotion, COUNT(*) FROM voice_reactions v
                 JOIN users u ON u.id = v.user_id AND u.deactivated_at IS NULL AND ",
                not_blocked!("$1", "u.id"),
                " WHERE v.",
                $column,
                " = $2 AND v.removed_at IS NULL GROUP BY v.emotion"
            )
        };
    }
    let (list_sql, count_sql, id) = match item {
        Item::Post(id) => (heard_page!("post_id"), counts!("post_id"), id),
        Item::Reel(id) => (heard_page!("reel_id"), counts!("reel_id"), id),
    };
    let is_author = i64::from(author == viewer);
    let rows = fetch_list!(
        db,
        VoiceReactionView,
        list_sql,
        viewer,
        id,
        page.before,
        is_author,
        page.fetch_limit()
    )?;
    let counts: Vec<(String, i64)> = sqlx::query_as(count_sql)
        .bind(viewer)
        .bind(id)
        .fetch_all(&db.pool)
        .await?;
    Ok(Some(Heard { rows, counts }))
}

/// A voice reaction with the people who may delete it.
#[derive(Debug, Clone, FromRow)]
pub struct Owners {
    pub sender_id: i64,
    pub author_id: i64,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
}

/// The voice reaction `id` as `viewer` may hear it (its sender and the item's author); `None`
/// when it does not exist or the viewer may not hear it.
pub async fn find(db: &Db, viewer: i64, id: i64) -> Result<Option<Owners>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT v.user_id AS sender_id, a.id AS author_id, v.post_id, v.reel_id
         FROM voice_reactions v",
        on_seen_item!("v"),
        " AND ",
        shown!("$2", "v.removed_at"),
        " AND (a.id = $2 OR v.user_id = $2 OR ",
        shared_by_sender!(),
        " OR EXISTS (SELECT 1 FROM users adm WHERE adm.id = $2 AND adm.is_admin = 1))"
    ))
    .bind(id)
    .bind(viewer)
    .fetch_optional(&db.pool)
    .await
}

/// Deletes the voice reaction; its sender leaves the author's notification when it was their
/// last reaction on the item. `None` when it was gone already.
pub async fn delete(
    db: &Db,
    id: i64,
    owners: &Owners,
) -> Result<Option<Option<Notice>>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let deleted = sqlx::query("DELETE FROM voice_reactions WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted == 0 {
        return Ok(None);
    }
    let (left_sql, target, item_id) = match (owners.post_id, owners.reel_id) {
        (Some(post), _) => (
            "SELECT 1 FROM voice_reactions WHERE post_id = $1 AND user_id = $2 LIMIT 1",
            NotificationTargetType::Post,
            post,
        ),
        (None, reel) => (
            "SELECT 1 FROM voice_reactions WHERE reel_id = $1 AND user_id = $2 LIMIT 1",
            NotificationTargetType::Reel,
            reel.unwrap_or_default(),
        ),
    };
    let left: Option<(i64,)> = sqlx::query_as(left_sql)
        .bind(item_id)
        .bind(owners.sender_id)
        .fetch_optional(&mut *tx)
        .await?;
    let notice = if left.is_none() {
        notifications::retract(
            &mut tx,
            owners.author_id,
            owners.sender_id,
            NotificationKind::VoiceReaction,
            target,
            item_id,
        )
        .await?
    } else {
        None
    };
    tx.commit().await?;
    Ok(Some(notice))
}

/// The sender of voice reaction `id`, if it is still there.
pub async fn sender_of(db: &Db, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT user_id FROM voice_reactions WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}
