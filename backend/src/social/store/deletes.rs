//! Deleting a post, reel or story (issue 43): its author's act, or an admin's. The row goes,
//! and what hangs on it goes by the foreign keys' cascade in the same statement: likes, saves,
//! comments (with their likes and mentions), tags (their counts follow, migration 0018's
//! triggers), a story's views (the strip's `story_authors` row follows, migration 0031), and
//! every notification naming it. A chat message that shared it keeps its words and loses the
//! card (`shared_post_id` / `shared_reel_id` SET NULL: the chat shows 'Post unavailable'); a
//! tip or an earning credit made on it stays, without the link.
//!
//! The stored media objects stay: media keys are content hashes that other rows may share
//! (the same image posted twice, a story of a post's picture), and the store keeps no count of
//! their users (docs/decisions.md).

use crate::platform::db::Db;

/// What is deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    Post,
    Reel,
    Story,
}

impl Content {
    fn owner_sql(self) -> &'static str {
        match self {
            Self::Post => "SELECT user_id FROM posts WHERE id = $1",
            Self::Reel => "SELECT user_id FROM reels WHERE id = $1",
            Self::Story => "SELECT user_id FROM stories WHERE id = $1",
        }
    }

    fn delete_sql(self) -> &'static str {
        match self {
            Self::Post => "DELETE FROM posts WHERE id = $1",
            Self::Reel => "DELETE FROM reels WHERE id = $1",
            Self::Story => "DELETE FROM stories WHERE id = $1",
        }
    }
}

/// What became of a delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deleted {
    /// Gone; `owner` wrote it.
    Done {
        owner: i64,
    },
    NotFound,
    /// The actor is neither its author nor an admin.
    Forbidden,
}

/// Deletes `id` for `actor` when they are its author or an admin, in one write transaction.
/// Moderation's removal does not stop its author deleting it for good.
pub async fn delete(
    db: &Db,
    content: Content,
    id: i64,
    actor: i64,
    actor_is_admin: bool,
) -> Result<Deleted, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let owner: Option<(i64,)> = sqlx::query_as(content.owner_sql())
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some((owner,)) = owner else {
        return Ok(Deleted::NotFound);
    };
    if !(actor_is_admin || actor == owner) {
        return Ok(Deleted::Forbidden);
    }
    let gone = sqlx::query(content.delete_sql())
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    Ok(if gone == 1 {
        Deleted::Done { owner }
    } else {
        Deleted::NotFound
    })
}
