//! Conversations and their members. A one-to-one conversation is the pair (user_a < user_b),
//! unique, so starting one is an insert that finds the existing row under a race; a group
//! (issue 22) has no pair, a name and an owner, and its people are its member rows. A member row
//! puts the conversation in that user's list (ordered by `conversation_members_list_idx`) and
//! is what reading or writing it requires; leaving deletes it. A new message brings a person
//! back into a one-to-one conversation, never into a group.

use sqlx::FromRow;

use super::messages::{SharedView, SystemView, insert_system, shared_item, system_line};
use crate::chat::rules::{GROUP_MEMBERS_MAX, SystemKind};
use crate::fetch_list;
use crate::kernel::page::Page;
use crate::notifications::UNREAD_COUNT_MAX;
use crate::platform::db::native::IdRow;
use crate::platform::db::visibility::{not_blocked, pair_blocked};
use crate::platform::db::{Db, placeholders};

/// The most recently active conversations the Messages badge counts through: a new message
/// brings its conversation to the top, so an unread one is among them unless this many others
/// have moved since.
pub const UNREAD_CONVERSATIONS_READ: i64 = 200;

/// A conversation as one member sees it in their list: its people (both people of a one-to-one
/// conversation here; a group's members come from `group_members`), and the last message.
#[derive(Debug, Clone, FromRow)]
pub struct ConversationView {
    pub id: i64,
    /// The member whose view this is.
    pub member_id: i64,
    pub created_at: i64,
    pub last_activity_at: i64,
    /// `direct` or `group`.
    pub kind: String,
    /// A group's name and picture (a media key); NULL for a one-to-one conversation.
    pub name: Option<String>,
    pub avatar_key: Option<String>,
    /// The pair of a one-to-one conversation; all NULL for a group.
    pub a_id: Option<i64>,
    pub a_username: Option<String>,
    pub a_display_name: Option<String>,
    pub a_profile_image: Option<String>,
    pub a_last_seen_at: Option<i64>,
    pub b_id: Option<i64>,
    pub b_username: Option<String>,
    pub b_display_name: Option<String>,
    pub b_profile_image: Option<String>,
    pub b_last_seen_at: Option<i64>,
    /// Each person's read pointer as the member may see it (issue 22): their own always, the
    /// other's when both have read receipts on (`read_shown!`); null otherwise, or when the
    /// other has left.
    pub a_read: Option<i64>,
    pub b_read: Option<i64>,
    pub last_id: Option<i64>,
    pub last_sender_id: Option<i64>,
    pub last_sender_username: Option<String>,
    pub last_sender_display_name: Option<String>,
    pub last_sender_profile_image: Option<String>,
    pub last_content: Option<String>,
    pub last_message_type: Option<String>,
    pub last_voice_url: Option<String>,
    pub last_duration: Option<i64>,
    pub last_call_outcome: Option<String>,
    pub last_reply_to_id: Option<i64>,
    pub last_created_at: Option<i64>,
    /// When the last message was edited, or unsent by its sender (issue 43).
    pub last_edited_at: Option<i64>,
    pub last_unsent_at: Option<i64>,
    /// 1 while the conversation is a message request for the member (issue 43).
    pub request: i64,
    /// 1 when one of the two blocked the other (readable, nothing can be sent).
    pub is_blocked: i64,
    /// The others' messages after the member's read pointer (issue 21), counted to 100
    /// (`UNREAD_COUNT_MAX`: the pill reads '99+').
    pub unread_count: i64,
    /// The last message's shared post or reel, when it is a share.
    #[sqlx(flatten)]
    pub last_shared: SharedView,
    /// What the last message says happened, when it is a group's system line.
    #[sqlx(flatten)]
    pub last_system: SystemView,
}

crate::native_row!(ConversationView {
    id, member_id, created_at, last_activity_at, kind, name, avatar_key, a_id, a_username,
    a_display_name, a_profile_image, a_last_seen_at, b_id, b_username, b_display_name,
    b_profile_image, b_last_seen_at, a_read, b_read, last_id, last_sender_id,
    last_sender_username, last_sender_display_name, last_sender_profile_image, last_content,
    last_message_type, last_voice_url, last_duration, last_call_outcome, last_reply_to_id,
    last_created_at, last_edited_at, last_unsent_at, request, last_system: flatten SystemView, is_blocked, unread_count,
    last_shared: flatten SharedView,
});

impl ConversationView {
    pub fn is_group(&self) -> bool {
        self.kind == "group"
    }
}

/// The read pointer of `$user` (a member row `$alias`) as the member `cm` may see it: their
/// own, or another's when neither of the two turned read receipts off; NULL otherwise.
macro_rules! read_shown {
    ($user:literal, $alias:literal) => {
        concat!(
            "CASE WHEN ",
            $user,
            " = cm.user_id THEN cm.last_read_message_id
                  WHEN NOT EXISTS (SELECT 1 FROM user_settings rs
                                   WHERE rs.user_id IN (cm.user_id, ",
            $user,
            ") AND rs.read_receipts = 0)
                  THEN ",
            $alias,
            ".last_read_message_id END"
        )
    };
}

/// Each row as its member `cm` sees it (the caller picks the rows: a member's list, or every
/// member of one conversation).
macro_rules! conversation_view {
    () => {
        concat!(
            "SELECT c.id, cm.user_id AS member_id, c.created_at, cm.last_activity_at,
                c.kind, c.name, c.avatar_key,
                ua.id AS a_id, ua.username AS a_username, ua.display_name AS a_display_name,
                COALESCE(ua.profile_image_small_url, ua.profile_image_url) AS a_profile_image,
                ua.last_seen_at AS a_last_seen_at,
                ub.id AS b_id, ub.username AS b_username, ub.display_name AS b_display_name,
                COALESCE(ub.profile_image_small_url, ub.profile_image_url) AS b_profile_image,
                ub.last_seen_at AS b_last_seen_at, ",
            read_shown!("c.user_a", "ma"),
            " AS a_read, ",
            read_shown!("c.user_b", "mb"),
            " AS b_read,
                lm.id AS last_id, lm.sender_id AS last_sender_id,
                ls.username AS last_sender_username, ls.display_name AS last_sender_display_name,
                COALESCE(ls.profile_image_small_url, ls.profile_image_url)
                    AS last_sender_profile_image,
                lm.content AS last_content, lm.message_type AS last_message_type,
                lm.voice_url AS last_voice_url, lm.duration AS last_duration,
                lm.call_outcome AS last_call_outcome,
                lm.reply_to_id AS last_reply_to_id, lm.created_at AS last_created_at,
                lm.edited_at AS last_edited_at, lm.unsent_at AS last_unsent_at, cm.request,
                lm.system_kind, ",
            system_line!(columns),
            ", ",
            pair_blocked!("c.user_a", "c.user_b"),
            " AS is_blocked,
                (SELECT COUNT(*) FROM (
                     SELECT 1 FROM messages um
                     WHERE um.conversation_id = c.id AND um.id > cm.last_read_message_id
                       AND um.sender_id <> cm.user_id AND um.created_at >= cm.joined_at
                       AND um.removed_at IS NULL AND um.unsent_at IS NULL
                       AND um.message_type <> 'system'
                     LIMIT 100) AS unread) AS unread_count, ",
            shared_item!(columns),
            " FROM conversation_members cm
         JOIN conversations c ON c.id = cm.conversation_id
         LEFT JOIN users ua ON ua.id = c.user_a
         LEFT JOIN users ub ON ub.id = c.user_b
         LEFT JOIN conversation_members ma ON ma.conversation_id = c.id AND ma.user_id = c.user_a
         LEFT JOIN conversation_members mb ON mb.conversation_id = c.id AND mb.user_id = c.user_b
         LEFT JOIN messages lm ON lm.id = c.last_message_id AND lm.removed_at IS NULL
         LEFT JOIN users ls ON ls.id = lm.sender_id",
            shared_item!(joins "lm", "cm.user_id"),
            system_line!(joins "lm")
        )
    };
}

/// What starting a conversation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Started {
    Created(i64),
    /// It existed (the caller is a member again if they had left).
    Existing(i64),
}

/// Starts the one-to-one conversation of `me` and `other`, or finds it. `None` when `other`
/// does not exist, is deactivated, or the two are blocked either way (an existing conversation
/// stays in both lists, readable).
pub async fn start(db: &Db, me: i64, other: i64, now: i64) -> Result<Option<Started>, sqlx::Error> {
    let (a, b) = (me.min(other), me.max(other));
    let mut tx = db.begin_write().await?;
    // A deactivated account, or one blocked either way, is no one to start a conversation with.
    let other_exists: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT u.id FROM users u WHERE u.id = $1 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$2", "u.id")
    ))
    .bind(other)
    .bind(me)
    .fetch_optional(&mut *tx)
    .await?;
    if other_exists.is_none() {
        return Ok(None);
    }
    let created: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO conversations (user_a, user_b, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_a, user_b) DO NOTHING RETURNING id",
    )
    .bind(a)
    .bind(b)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let started = match created {
        Some((id,)) => {
            // Both people get it in their lists; the other's is a request (issue 43) unless
            // they follow the one who started it (they have written nothing in it yet).
            sqlx::query(
                "INSERT INTO conversation_members (conversation_id, user_id, joined_at,
                                                   last_activity_at, request)
                 VALUES ($1, $2, $3, $3, 0),
                        ($1, $4, $3, $3,
                         CASE WHEN EXISTS (SELECT 1 FROM follows
                                           WHERE follower_id = $4 AND followee_id = $2)
                              THEN 0 ELSE 1 END)",
            )
            .bind(id)
            .bind(me)
            .bind(now)
            .bind(other)
            .execute(&mut *tx)
            .await?;
            Started::Created(id)
        }
        None => {
            let (id,): (i64,) =
                sqlx::query_as("SELECT id FROM conversations WHERE user_a = $1 AND user_b = $2")
                    .bind(a)
                    .bind(b)
                    .fetch_one(&mut *tx)
                    .await?;
            // Back in the caller's list if they had left it; in their inbox if it was a
            // request of theirs: starting it is reaching out (issue 43).
            sqlx::query(
                "INSERT INTO conversation_members (conversation_id, user_id, joined_at,
                                                   last_activity_at)
                 VALUES ($1, $2, $3, $3)
                 ON CONFLICT (conversation_id, user_id) DO UPDATE SET request = 0",
            )
            .bind(id)
            .bind(me)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            Started::Existing(id)
        }
    };
    tx.commit().await?;
    Ok(Some(started))
}

/// The group named `name` that `member` is in, if any (the demo seed makes its group once).
pub async fn group_named(db: &Db, member: i64, name: &str) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT c.id FROM conversation_members cm
         JOIN conversations c ON c.id = cm.conversation_id AND c.kind = 'group' AND c.name = $2
         WHERE cm.user_id = $1 LIMIT 1",
    )
    .bind(member)
    .bind(name)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Whether `user` is a member of `conversation` (may read and write it).
pub async fn is_member(db: &Db, conversation: i64, user: i64) -> Result<bool, sqlx::Error> {
    // Read natively on SQLite (issue 45: every read of a conversation asks it first).
    let rows = fetch_list!(
        db,
        IdRow,
        "SELECT conversation_id AS id FROM conversation_members
         WHERE conversation_id = $1 AND user_id = $2",
        conversation,
        user
    )?;
    Ok(!rows.is_empty())
}

/// One conversation as `member` sees it; `None` when they are not a member.
pub async fn find(
    db: &Db,
    member: i64,
    conversation: i64,
) -> Result<Option<ConversationView>, sqlx::Error> {
    sqlx::query_as(concat!(
        conversation_view!(),
        " WHERE cm.user_id = $1 AND cm.conversation_id = $2"
    ))
    .bind(member)
    .bind(conversation)
    .fetch_optional(&db.pool)
    .await
}

/// `conversation` as each of its members sees it (after a group changed: `conversationUpdated`
/// tells each their own view). One read, a range of the primary key.
pub async fn find_for_members(
    db: &Db,
    conversation: i64,
) -> Result<Vec<ConversationView>, sqlx::Error> {
    sqlx::query_as(concat!(
        conversation_view!(),
        " WHERE cm.conversation_id = $1"
    ))
    .bind(conversation)
    .fetch_all(&db.pool)
    .await
}

/// A member of a group as its participants list shows them, with what the receipts rule needs.
#[derive(Debug, Clone, FromRow)]
pub struct GroupMember {
    pub conversation_id: i64,
    pub user_id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    pub last_seen_at: Option<i64>,
    /// `owner` or `member`.
    pub role: String,
    pub last_read_message_id: i64,
    /// 0 when they turned read receipts off.
    pub read_receipts: i64,
}

impl GroupMember {
    pub fn is_owner(&self) -> bool {
        self.role == "owner"
    }
}

/// The members of the groups among `conversations` (a page of a list: at most a page's worth of
/// ids), the owner first, then by when they joined: one read for the whole page.
pub async fn group_members(
    db: &Db,
    conversations: &[i64],
) -> Result<Vec<GroupMember>, sqlx::Error> {
    if conversations.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT gm.conversation_id, u.id AS user_id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                u.last_seen_at, gm.role, gm.last_read_message_id,
                COALESCE((SELECT rs.read_receipts FROM user_settings rs WHERE rs.user_id = u.id),
                         1) AS read_receipts
         FROM conversation_members gm
         JOIN users u ON u.id = gm.user_id
         WHERE gm.conversation_id IN ({})
         ORDER BY gm.conversation_id, CASE WHEN gm.role = 'owner' THEN 0 ELSE 1 END,
                  gm.joined_at, gm.user_id",
        placeholders(1, conversations.len())
    );
    // Only numbered placeholders are formatted in; the ids are bound.
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for id in conversations {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}

/// Why a group change was refused (nothing changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupRefusal {
    /// The caller is not a member (404: outsiders learn nothing).
    NotMember,
    /// A one-to-one conversation has no name, picture or members to manage.
    NotGroup,
    /// Only the owner adds and removes people.
    NotOwner,
    /// Someone to add does not exist or is deactivated.
    UnknownUser,
    /// Someone to add blocked the caller, or the caller blocked them.
    Blocked,
    /// Someone to add is in the group already.
    AlreadyIn,
    /// More than `GROUP_MEMBERS_MAX` people in all.
    TooMany,
    /// The person to remove is not in the group.
    NotInGroup,
}

/// Whether every one of `users` exists, is active, and is not blocked either way by `actor`.
async fn addable(
    conn: &mut sqlx::AnyConnection,
    actor: i64,
    users: &[i64],
) -> Result<Result<(), GroupRefusal>, sqlx::Error> {
    let sql = format!(
        concat!(
            "SELECT u.id, CASE WHEN ",
            not_blocked!("$1", "u.id"),
            " THEN 0 ELSE 1 END AS blocked
             FROM users u WHERE u.deactivated_at IS NULL AND u.id IN ({})"
        ),
        placeholders(2, users.len())
    );
    let mut query = sqlx::query_as::<_, (i64, i64)>(sqlx::AssertSqlSafe(sql)).bind(actor);
    for id in users {
        query = query.bind(*id);
    }
    let found = query.fetch_all(&mut *conn).await?;
    if found.len() < users.len() {
        return Ok(Err(GroupRefusal::UnknownUser));
    }
    if found.iter().any(|&(_, blocked)| blocked != 0) {
        return Ok(Err(GroupRefusal::Blocked));
    }
    Ok(Ok(()))
}

/// Makes a group named `name` of `owner` and `others` (distinct, without the owner, 2 to 31 of
/// them: the caller's checks) with its 'created' line, in one transaction; answers the group
/// and its lines.
pub async fn create_group(
    db: &Db,
    owner: i64,
    others: &[i64],
    name: &str,
    now: i64,
) -> Result<Result<(i64, Vec<i64>), GroupRefusal>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if let Err(refusal) = addable(&mut tx, owner, others).await? {
        return Ok(Err(refusal));
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO conversations (kind, name, created_at) VALUES ('group', $1, $2) RETURNING id",
    )
    .bind(name)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at,
                                           role)
         VALUES ($1, $2, $3, $3, 'owner')",
    )
    .bind(id)
    .bind(owner)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    join(&mut tx, id, others, now).await?;
    let mut said = Narrator::new(id, owner, now);
    said.say(&mut tx, SystemKind::Created, None, name).await?;
    tx.commit().await?;
    Ok(Ok((id, said.lines)))
}

/// Adds `users` to group `conversation` as members (the caller's transaction).
async fn join(
    conn: &mut sqlx::AnyConnection,
    conversation: i64,
    users: &[i64],
    now: i64,
) -> Result<(), sqlx::Error> {
    for &user in users {
        sqlx::query(
            "INSERT INTO conversation_members (conversation_id, user_id, joined_at,
                                               last_activity_at)
             VALUES ($1, $2, $3, $3)",
        )
        .bind(conversation)
        .bind(user)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The caller's standing in a conversation, read in a write transaction; `kind` and `role`.
async fn standing(
    conn: &mut sqlx::AnyConnection,
    conversation: i64,
    member: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.kind, cm.role FROM conversation_members cm
         JOIN conversations c ON c.id = cm.conversation_id
         WHERE cm.conversation_id = $1 AND cm.user_id = $2",
    )
    .bind(conversation)
    .bind(member)
    .fetch_optional(&mut *conn)
    .await
}

/// A group's new name and picture (each when given), by any member, each with its line;
/// answers the lines (`Lines`).
pub async fn update_group(
    db: &Db,
    conversation: i64,
    member: i64,
    name: Option<&str>,
    avatar_key: Option<&str>,
    now: i64,
) -> Result<Result<Lines, GroupRefusal>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    match standing(&mut tx, conversation, member).await? {
        None => return Ok(Err(GroupRefusal::NotMember)),
        Some((kind, _)) if kind != "group" => return Ok(Err(GroupRefusal::NotGroup)),
        Some(_) => {}
    }
    let mut said = Narrator::new(conversation, member, now);
    if let Some(name) = name {
        sqlx::query("UPDATE conversations SET name = $2 WHERE id = $1")
            .bind(conversation)
            .bind(name)
            .execute(&mut *tx)
            .await?;
        said.say(&mut tx, SystemKind::Renamed, None, name).await?;
    }
    if let Some(key) = avatar_key {
        sqlx::query("UPDATE conversations SET avatar_key = $2 WHERE id = $1")
            .bind(conversation)
            .bind(key)
            .execute(&mut *tx)
            .await?;
        said.say(&mut tx, SystemKind::Avatar, None, "").await?;
    }
    tx.commit().await?;
    Ok(Ok(said.lines))
}

/// The owner adds `users` (distinct, not the owner) to a group of at most
/// `GROUP_MEMBERS_MAX`, each with an 'added' line; answers the lines.
pub async fn add_members(
    db: &Db,
    conversation: i64,
    owner: i64,
    users: &[i64],
    now: i64,
) -> Result<Result<Lines, GroupRefusal>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    // Taking the conversation's row first (an UPDATE that changes nothing) makes two owners'
    // devices adding at once wait for each other on PostgreSQL, so the count below holds;
    // SQLite's write transaction is one at a time already.
    sqlx::query("UPDATE conversations SET kind = kind WHERE id = $1")
        .bind(conversation)
        .execute(&mut *tx)
        .await?;
    match standing(&mut tx, conversation, owner).await? {
        None => return Ok(Err(GroupRefusal::NotMember)),
        Some((kind, _)) if kind != "group" => return Ok(Err(GroupRefusal::NotGroup)),
        Some((_, role)) if role != "owner" => return Ok(Err(GroupRefusal::NotOwner)),
        Some(_) => {}
    }
    let current: Vec<(i64,)> =
        sqlx::query_as("SELECT user_id FROM conversation_members WHERE conversation_id = $1")
            .bind(conversation)
            .fetch_all(&mut *tx)
            .await?;
    if users
        .iter()
        .any(|user| current.iter().any(|(id,)| id == user))
    {
        return Ok(Err(GroupRefusal::AlreadyIn));
    }
    if current.len() + users.len() > GROUP_MEMBERS_MAX {
        return Ok(Err(GroupRefusal::TooMany));
    }
    if let Err(refusal) = addable(&mut tx, owner, users).await? {
        return Ok(Err(refusal));
    }
    join(&mut tx, conversation, users, now).await?;
    let mut said = Narrator::new(conversation, owner, now);
    for &user in users {
        said.say(&mut tx, SystemKind::Added, Some(user), "").await?;
    }
    tx.commit().await?;
    Ok(Ok(said.lines))
}

/// What taking someone out of a conversation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Removed {
    /// The caller left a one-to-one conversation (it leaves their list; a new message brings it
    /// back).
    LeftDirect,
    /// Someone is out of a group: the caller left, or the owner removed them; the lines.
    Group(Lines),
}

/// The ids of the system lines a group change wrote, oldest first: the members hear each as
/// `newMessage`.
pub type Lines = Vec<i64>;

/// Writes one actor's system lines into a conversation (the caller's transaction) and keeps
/// their ids, in order, for the announcement after the commit.
struct Narrator {
    conversation: i64,
    actor: i64,
    now: i64,
    lines: Lines,
}

impl Narrator {
    fn new(conversation: i64, actor: i64, now: i64) -> Self {
        Self {
            conversation,
            actor,
            now,
            lines: Vec::new(),
        }
    }

    async fn say(
        &mut self,
        conn: &mut sqlx::AnyConnection,
        kind: SystemKind,
        user: Option<i64>,
        content: &str,
    ) -> Result<(), sqlx::Error> {
        let line = insert_system(
            conn,
            self.conversation,
            self.actor,
            kind,
            user,
            content,
            self.now,
        )
        .await?;
        self.lines.push(line);
        Ok(())
    }
}

/// `actor` takes `target` out of `conversation`: themselves (leaving), or as a group's owner
/// another member. When a group's owner leaves, the longest-standing member becomes owner.
pub async fn remove_member(
    db: &Db,
    conversation: i64,
    actor: i64,
    target: i64,
    now: i64,
) -> Result<Result<Removed, GroupRefusal>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let Some((kind, role)) = standing(&mut tx, conversation, actor).await? else {
        return Ok(Err(GroupRefusal::NotMember));
    };
    let leaving = target == actor;
    if kind != "group" {
        if !leaving {
            return Ok(Err(GroupRefusal::NotGroup));
        }
        delete_member(&mut tx, conversation, actor).await?;
        tx.commit().await?;
        return Ok(Ok(Removed::LeftDirect));
    }
    if !leaving && role != "owner" {
        return Ok(Err(GroupRefusal::NotOwner));
    }
    if !delete_member(&mut tx, conversation, target).await? {
        return Ok(Err(GroupRefusal::NotInGroup));
    }
    let mut said = Narrator::new(conversation, actor, now);
    if leaving {
        said.say(&mut tx, SystemKind::Left, None, "").await?;
        if role == "owner" {
            let heir: Option<(i64,)> = sqlx::query_as(
                "SELECT user_id FROM conversation_members WHERE conversation_id = $1
                 ORDER BY joined_at, user_id LIMIT 1",
            )
            .bind(conversation)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some((heir,)) = heir {
                sqlx::query(
                    "UPDATE conversation_members SET role = 'owner'
                     WHERE conversation_id = $1 AND user_id = $2",
                )
                .bind(conversation)
                .bind(heir)
                .execute(&mut *tx)
                .await?;
                said.say(&mut tx, SystemKind::Owner, Some(heir), "").await?;
            }
        }
    } else {
        said.say(&mut tx, SystemKind::Removed, Some(target), "")
            .await?;
    }
    tx.commit().await?;
    Ok(Ok(Removed::Group(said.lines)))
}

async fn delete_member(
    conn: &mut sqlx::AnyConnection,
    conversation: i64,
    member: i64,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM conversation_members WHERE conversation_id = $1 AND user_id = $2")
            .bind(conversation)
            .bind(member)
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() > 0)
}

/// `member`'s conversations in their inbox (`requests` false) or their message requests
/// (issue 43), most recent activity first. The cursor is a conversation id; the next page
/// continues below that conversation's (current) activity time.
pub async fn list(
    db: &Db,
    member: i64,
    requests: bool,
    page: Page,
) -> Result<Vec<ConversationView>, sqlx::Error> {
    let request = i64::from(requests);
    if page.before == i64::MAX {
        return fetch_list!(
            db,
            ConversationView,
            concat!(
                conversation_view!(),
                " WHERE cm.user_id = $1 AND cm.request = $3
                  ORDER BY cm.last_activity_at DESC, cm.conversation_id DESC LIMIT $2"
            ),
            member,
            page.fetch_limit(),
            request
        );
    }
    fetch_list!(
        db,
        ConversationView,
        concat!(
            conversation_view!(),
            " JOIN conversation_members cur ON cur.user_id = $1 AND cur.conversation_id = $3
          WHERE cm.user_id = $1 AND cm.request = $4
            AND (cm.last_activity_at < cur.last_activity_at
                 OR (cm.last_activity_at = cur.last_activity_at
                     AND cm.conversation_id < cur.conversation_id))
          ORDER BY cm.last_activity_at DESC, cm.conversation_id DESC LIMIT $2"
        ),
        member,
        page.fetch_limit(),
        page.before,
        request
    )
}

/// What moving a read pointer found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadTo {
    /// The pointer is at the message now (`true`: it moved there), or was beyond it already.
    Done(bool),
    /// The reader is not a member of the conversation.
    NotMember,
    /// No such message in that conversation.
    NotThere,
}

/// Moves `member`'s read pointer in `conversation` forward to `message` (never back).
pub async fn read_to(
    db: &Db,
    conversation: i64,
    member: i64,
    message: i64,
) -> Result<ReadTo, sqlx::Error> {
    if !is_member(db, conversation, member).await? {
        return Ok(ReadTo::NotMember);
    }
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM messages WHERE id = $1 AND conversation_id = $2")
            .bind(message)
            .bind(conversation)
            .fetch_optional(&db.pool)
            .await?;
    if found.is_none() {
        return Ok(ReadTo::NotThere);
    }
    let moved = sqlx::query(
        "UPDATE conversation_members SET last_read_message_id = $3
         WHERE conversation_id = $1 AND user_id = $2 AND last_read_message_id < $3",
    )
    .bind(conversation)
    .bind(member)
    .bind(message)
    .execute(&db.pool)
    .await?
    .rows_affected()
        > 0;
    Ok(ReadTo::Done(moved))
}

/// Who is told that `reader` read on in `conversation` (the `read` event): the other members
/// with read receipts on, none when the reader turned them off.
pub async fn receipt_recipients(
    db: &Db,
    conversation: i64,
    reader: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT cm.user_id FROM conversation_members cm
         WHERE cm.conversation_id = $1 AND cm.user_id <> $2
           AND NOT EXISTS (SELECT 1 FROM user_settings rs
                           WHERE rs.user_id IN (cm.user_id, $2) AND rs.read_receipts = 0)",
    )
    .bind(conversation)
    .bind(reader)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// How many of the others' messages `member` has not read (message requests aside), over their
/// `UNREAD_CONVERSATIONS_READ` most recently active conversations (a new message makes its
/// conversation the most recent), counted to `UNREAD_COUNT_MAX`: the Messages tab's badge.
pub async fn unread_total(db: &Db, member: i64) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM (
             SELECT 1 FROM (
                 SELECT conversation_id, last_read_message_id, joined_at
                 FROM conversation_members WHERE user_id = $1 AND request = 0
                 ORDER BY last_activity_at DESC, conversation_id DESC LIMIT $2
             ) AS cm
             JOIN messages um ON um.conversation_id = cm.conversation_id
                             AND um.id > cm.last_read_message_id
             WHERE um.sender_id <> $1 AND um.created_at >= cm.joined_at
               AND um.removed_at IS NULL AND um.unsent_at IS NULL
               AND um.message_type <> 'system'
             LIMIT $3
         ) AS unread",
    )
    .bind(member)
    .bind(UNREAD_CONVERSATIONS_READ)
    .bind(UNREAD_COUNT_MAX)
    .fetch_one(&db.pool)
    .await?;
    Ok(total)
}

/// Who is in `conversation` now (a one-to-one conversation's people who have not left it, a
/// group's members): typing, reactions and a group's messages go to them. A range of the
/// primary key.
pub async fn members(db: &Db, conversation: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT user_id FROM conversation_members WHERE conversation_id = $1")
            .bind(conversation)
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Whether one of the conversation's two people blocked the other (`visibility::pair_blocked!`):
/// it stays readable and takes nothing new, reactions included.
pub async fn is_blocked(db: &Db, conversation: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT ",
        pair_blocked!("c.user_a", "c.user_b"),
        " FROM conversations c WHERE c.id = $1"
    ))
    .bind(conversation)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some_and(|(blocked,)| blocked != 0))
}

/// Whether `a` and `b` (two different users) share a conversation, whoever has left it since.
pub async fn shared(db: &Db, a: i64, b: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM conversations WHERE user_a = $1 AND user_b = $2")
            .bind(a.min(b))
            .bind(a.max(b))
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.is_some())
}

/// Everyone who shares a conversation with `user` (presence goes to them), each once: the
/// other person of each one-to-one conversation, whoever has left it, and the members of the
/// groups `user` is in; never someone blocked by, or blocking, `user` (issue 39: presence does
/// not cross a block, either way).
pub async fn contacts(db: &Db, user: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(concat!(
        "SELECT k.id FROM (
             SELECT user_b AS id FROM conversations WHERE user_a = $1
             UNION SELECT user_a FROM conversations WHERE user_b = $1
             UNION SELECT o.user_id FROM conversation_members m
                   JOIN conversations c ON c.id = m.conversation_id AND c.kind = 'group'
                   JOIN conversation_members o ON o.conversation_id = m.conversation_id
                   WHERE m.user_id = $1 AND o.user_id <> $1
         ) k WHERE ",
        not_blocked!("$1", "k.id")
    ))
    .bind(user)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Who hears `user` typing in `conversation`: its other members, but those blocked by, or
/// blocking, `user` (a group can hold both of a blocked pair). `None` when `user` is not a
/// member. One read of the conversation's member rows.
pub async fn typing_audience(
    db: &Db,
    conversation: i64,
    user: i64,
) -> Result<Option<Vec<i64>>, sqlx::Error> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(concat!(
        "SELECT cm.user_id, ",
        pair_blocked!("cm.user_id", "$2"),
        " FROM conversation_members cm WHERE cm.conversation_id = $1"
    ))
    .bind(conversation)
    .bind(user)
    .fetch_all(&db.pool)
    .await?;
    if !rows.iter().any(|(id, _)| *id == user) {
        return Ok(None);
    }
    Ok(Some(
        rows.into_iter()
            .filter(|(id, blocked)| *id != user && *blocked == 0)
            .map(|(id, _)| id)
            .collect(),
    ))
}

/// What answering a message request did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestAnswer {
    /// It was a request of the member's, and is answered now.
    Done,
    /// The member has no such conversation (404).
    NotMember,
    /// The conversation is in the member's inbox, not their requests.
    NotRequest,
}

/// `member` accepts the message request `conversation` (issue 43): it moves to their inbox.
pub async fn accept_request(
    db: &Db,
    conversation: i64,
    member: i64,
) -> Result<RequestAnswer, sqlx::Error> {
    answer_request(
        db,
        conversation,
        member,
        "UPDATE conversation_members SET request = 0
         WHERE conversation_id = $1 AND user_id = $2 AND request = 1",
    )
    .await
}

/// `member` deletes the message request `conversation` (issue 43): it leaves their list as
/// leaving would; a later message from the other person brings it back as a request.
pub async fn delete_request(
    db: &Db,
    conversation: i64,
    member: i64,
) -> Result<RequestAnswer, sqlx::Error> {
    answer_request(
        db,
        conversation,
        member,
        "DELETE FROM conversation_members
         WHERE conversation_id = $1 AND user_id = $2 AND request = 1",
    )
    .await
}

/// Runs `statement` (on `member`'s row of `conversation` while it is a request) and says what
/// it did: done, or why not.
async fn answer_request(
    db: &Db,
    conversation: i64,
    member: i64,
    statement: &'static str,
) -> Result<RequestAnswer, sqlx::Error> {
    let done = sqlx::query(statement)
        .bind(conversation)
        .bind(member)
        .execute(&db.pool)
        .await?
        .rows_affected()
        > 0;
    Ok(if done {
        RequestAnswer::Done
    } else if is_member(db, conversation, member).await? {
        RequestAnswer::NotRequest
    } else {
        RequestAnswer::NotMember
    })
}
