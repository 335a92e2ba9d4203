//! The synthetic benchmark data set (`atelier seed --synthetic`): multi-row INSERTs inside the
//! caller's write transaction. Every statement stays well under both backends' bind-parameter
//! limits (SQLite 32,766, PostgreSQL 65,535): callers pass at most `MAX_ROWS` rows at a time.

use sqlx::{Any, AssertSqlSafe, Transaction};

use crate::platform::db::{Backend, Db};
use crate::social::rules::tag::{hashtags, search_words};

/// Rows per INSERT statement: 250 rows × at most 5 parameters each (1,250) stays far below
/// SQLite's 32,766 parameters. Bigger statements are slower on SQLite, not faster: binding
/// `$n` looks each parameter's name up in a list, so a statement's bind cost grows with the
/// square of its parameter count (5,000-row statements made the seed three times slower).
pub const MAX_ROWS: usize = 250;

type Tx = Transaction<'static, Any>;

/// A synthetic account; all of them share one password hash.
pub struct NewUser {
    pub username: String,
    pub email: String,
    pub display_name: String,
}

/// A synthetic post with an external image URL and no tags[] entries (its caption has a
/// hashtag).
pub struct NewPost {
    pub user_id: i64,
    pub caption: String,
    pub image_url: String,
    pub created_at: i64,
}

/// `($f+1, $f+2, …), (…)`: `rows` tuples of `width` placeholders numbered after the `first`
/// shared ones, each tuple followed by `tail` (literal SQL or shared placeholders).
fn values(rows: usize, width: usize, first: usize, tail: &str) -> String {
    let mut sql = String::with_capacity(rows * width * 7);
    let mut n = first;
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for col in 0..width {
            if col > 0 {
                sql.push_str(", ");
            }
            n += 1;
            sql.push('$');
            sql.push_str(&n.to_string());
        }
        sql.push_str(tail);
        sql.push(')');
    }
    sql
}

/// Inserts users (`$1` is the shared password hash, `$2` the creation time), verified and past
/// the first run; answers their ids.
pub async fn insert_users(
    tx: &mut Tx,
    users: &[NewUser],
    password_hash: &str,
    created_at: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    debug_assert!(users.len() <= MAX_ROWS);
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "INSERT INTO users (username, email, display_name, password_hash, created_at,
                            email_verified_at, onboarded_at) VALUES {}
         RETURNING id",
        values(users.len(), 3, 2, ", $1, $2, $2, $2")
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql))
        .bind(password_hash)
        .bind(created_at);
    for user in users {
        query = query
            .bind(&user.username)
            .bind(&user.email)
            .bind(&user.display_name);
    }
    let ids: Vec<(i64,)> = query.fetch_all(&mut **tx).await?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// Inserts posts with no likes yet (`recount_likes` then sets their counts and hot scores);
/// answers their ids.
pub async fn insert_posts(tx: &mut Tx, posts: &[NewPost]) -> Result<Vec<i64>, sqlx::Error> {
    debug_assert!(posts.len() <= MAX_ROWS);
    if posts.is_empty() {
        return Ok(Vec::new());
    }
    // Searchable and tagged as a post written through the API is (its caption's hashtags).
    let tags: Vec<Vec<String>> = posts.iter().map(|post| hashtags(&post.caption)).collect();
    let sql = format!(
        "INSERT INTO posts (user_id, caption, image_url, created_at, search_words, tags)
         VALUES {} RETURNING id",
        values(posts.len(), 5, 0, ", '[]'")
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql));
    for (post, tags) in posts.iter().zip(&tags) {
        query = query
            .bind(post.user_id)
            .bind(&post.caption)
            .bind(&post.image_url)
            .bind(post.created_at)
            .bind(search_words(&post.caption, None, tags));
    }
    let ids: Vec<i64> = query
        .fetch_all(&mut **tx)
        .await?
        .into_iter()
        .map(|(id,)| id)
        .collect();
    // Each post's one image is its first item (issue 44), as the API writes it.
    let sql = format!(
        "INSERT INTO post_media (post_id, image_url, position) VALUES {}",
        values(ids.len(), 2, 0, ", 0")
    );
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for (id, post) in ids.iter().zip(posts) {
        query = query.bind(id).bind(&post.image_url);
    }
    query.execute(&mut **tx).await?;
    let rows: Vec<(&str, i64)> = ids
        .iter()
        .zip(&tags)
        .flat_map(|(&id, tags)| tags.iter().map(move |tag| (tag.as_str(), id)))
        .collect();
    for chunk in rows.chunks(MAX_ROWS) {
        let sql = format!(
            "INSERT INTO post_tags (tag, post_id) VALUES {}",
            values(chunk.len(), 2, 0, "")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for &(tag, post) in chunk {
            query = query.bind(tag).bind(post);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(ids)
}

/// A synthetic story with an external image URL.
pub struct NewStory {
    pub user_id: i64,
    pub image_url: String,
    pub created_at: i64,
    pub expires_at: i64,
}

/// Inserts stories in statements of at most `MAX_ROWS` rows.
pub async fn insert_stories(tx: &mut Tx, stories: &[NewStory]) -> Result<(), sqlx::Error> {
    for chunk in stories.chunks(MAX_ROWS) {
        let sql = format!(
            "INSERT INTO stories (user_id, image_url, created_at, expires_at) VALUES {}",
            values(chunk.len(), 4, 0, "")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for story in chunk {
            query = query
                .bind(story.user_id)
                .bind(&story.image_url)
                .bind(story.created_at)
                .bind(story.expires_at);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Inserts `(user_id, post_id)` likes (`$1` is their time); duplicates are skipped.
pub async fn insert_likes(
    tx: &mut Tx,
    likes: &[(i64, i64)],
    created_at: i64,
) -> Result<(), sqlx::Error> {
    insert_pairs(
        tx,
        "INSERT INTO post_likes (user_id, post_id, created_at) VALUES ",
        " ON CONFLICT (user_id, post_id) DO NOTHING",
        likes,
        created_at,
    )
    .await
}

/// Inserts `(follower_id, followee_id)` follows (`$1` is their time); duplicates are skipped.
pub async fn insert_follows(
    tx: &mut Tx,
    follows: &[(i64, i64)],
    created_at: i64,
) -> Result<(), sqlx::Error> {
    insert_pairs(
        tx,
        "INSERT INTO follows (follower_id, followee_id, created_at) VALUES ",
        " ON CONFLICT (follower_id, followee_id) DO NOTHING",
        follows,
        created_at,
    )
    .await
}

async fn insert_pairs(
    tx: &mut Tx,
    head: &str,
    tail: &str,
    pairs: &[(i64, i64)],
    created_at: i64,
) -> Result<(), sqlx::Error> {
    for chunk in pairs.chunks(MAX_ROWS) {
        let sql = format!("{head}{}{tail}", values(chunk.len(), 2, 1, ", $1"));
        let mut query = sqlx::query(AssertSqlSafe(sql)).bind(created_at);
        for &(a, b) in chunk {
            query = query.bind(a).bind(b);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Sets `likes_count` of the posts with ids in `first..=last` to their number of like rows
/// (one index range count per post), so the counters hold whatever the inserts did, and their
/// hot score to match (social/store/posts.rs).
pub async fn recount_likes(tx: &mut Tx, first: i64, last: i64) -> Result<(), sqlx::Error> {
    over_range(
        tx,
        "UPDATE posts SET likes_count =
           (SELECT COUNT(*) FROM post_likes l WHERE l.post_id = posts.id)
         WHERE id BETWEEN $1 AND $2",
        (first, last),
    )
    .await?;
    over_range(
        tx,
        concat!(
            "UPDATE posts SET hot_score = ",
            crate::hot_score!("likes_count", "bookmarks_count", "created_at"),
            " WHERE id BETWEEN $1 AND $2"
        ),
        (first, last),
    )
    .await
}

/// Runs a statement over the ids `$1..=$2`.
async fn over_range(
    tx: &mut Tx,
    sql: &'static str,
    (first, last): (i64, i64),
) -> Result<(), sqlx::Error> {
    sqlx::query(sql)
        .bind(first)
        .bind(last)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A synthetic comment on a post: top-level, or a reply to a top-level comment of that post.
pub struct NewComment {
    pub post_id: i64,
    pub user_id: i64,
    pub parent_id: Option<i64>,
    pub content: String,
    pub created_at: i64,
}

/// Inserts comments (counts untouched: `recount_comments` sets them); answers their ids in
/// order.
pub async fn insert_comments(
    tx: &mut Tx,
    comments: &[NewComment],
) -> Result<Vec<i64>, sqlx::Error> {
    let mut ids = Vec::with_capacity(comments.len());
    for chunk in comments.chunks(MAX_ROWS) {
        let sql = format!(
            "INSERT INTO comments (post_id, user_id, parent_id, content, created_at) VALUES {}
             RETURNING id",
            values(chunk.len(), 5, 0, "")
        );
        let mut query = sqlx::query_as(AssertSqlSafe(sql));
        for comment in chunk {
            query = query
                .bind(comment.post_id)
                .bind(comment.user_id)
                .bind(comment.parent_id)
                .bind(&comment.content)
                .bind(comment.created_at);
        }
        let rows: Vec<(i64,)> = query.fetch_all(&mut **tx).await?;
        ids.extend(rows.into_iter().map(|(id,)| id));
    }
    Ok(ids)
}

/// Sets `comments_count` of the posts with ids in `first..=last`, and `replies_count` of their
/// top-level comments, to what the rows hold (one index range count each).
pub async fn recount_comments(tx: &mut Tx, first: i64, last: i64) -> Result<(), sqlx::Error> {
    over_range(
        tx,
        "UPDATE posts SET comments_count =
           (SELECT COUNT(*) FROM comments c WHERE c.post_id = posts.id)
         WHERE id BETWEEN $1 AND $2",
        (first, last),
    )
    .await?;
    over_range(
        tx,
        "UPDATE comments SET replies_count =
           (SELECT COUNT(*) FROM comments r WHERE r.parent_id = comments.id)
         WHERE post_id BETWEEN $1 AND $2 AND parent_id IS NULL",
        (first, last),
    )
    .await
}

/// Inserts one-to-one conversations of `(user_a, user_b)` pairs (`user_a < user_b`, `$1` is
/// their creation time) with no members or messages yet; answers `(id, user_a, user_b)` of each.
pub async fn insert_conversations(
    tx: &mut Tx,
    pairs: &[(i64, i64)],
    created_at: i64,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    debug_assert!(pairs.len() <= MAX_ROWS);
    if pairs.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "INSERT INTO conversations (user_a, user_b, created_at) VALUES {}
         RETURNING id, user_a, user_b",
        values(pairs.len(), 2, 1, ", $1")
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql)).bind(created_at);
    for &(a, b) in pairs {
        query = query.bind(a).bind(b);
    }
    query.fetch_all(&mut **tx).await
}

/// A synthetic text message; `reply_to_id` names an earlier message of the same conversation.
pub struct NewMessage {
    pub conversation_id: i64,
    pub sender_id: i64,
    pub content: String,
    pub reply_to_id: Option<i64>,
    pub created_at: i64,
}

/// Inserts text messages (the trigger of migration 0006 moves their conversations along, as for
/// any message); answers `(id, conversation_id, sender_id)` of each, in no particular order.
pub async fn insert_messages(
    tx: &mut Tx,
    messages: &[NewMessage],
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    debug_assert!(messages.len() <= MAX_ROWS);
    if messages.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "INSERT INTO messages (conversation_id, sender_id, content, reply_to_id, created_at)
         VALUES {} RETURNING id, conversation_id, sender_id",
        values(messages.len(), 5, 0, "")
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql));
    for message in messages {
        query = query
            .bind(message.conversation_id)
            .bind(message.sender_id)
            .bind(&message.content)
            .bind(message.reply_to_id)
            .bind(message.created_at);
    }
    query.fetch_all(&mut **tx).await
}

/// A reaction: `user_id` reacted to `message_id` with `emoji`.
pub struct NewReaction {
    pub message_id: i64,
    pub user_id: i64,
    pub emoji: &'static str,
    pub created_at: i64,
}

/// Inserts reactions in statements of at most `MAX_ROWS` rows; duplicates are skipped.
pub async fn insert_reactions(tx: &mut Tx, reactions: &[NewReaction]) -> Result<(), sqlx::Error> {
    for chunk in reactions.chunks(MAX_ROWS) {
        let sql = format!(
            "INSERT INTO message_reactions (message_id, user_id, emoji, created_at) VALUES {}
             ON CONFLICT (message_id, user_id, emoji) DO NOTHING",
            values(chunk.len(), 4, 0, "")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for reaction in chunk {
            query = query
                .bind(reaction.message_id)
                .bind(reaction.user_id)
                .bind(reaction.emoji)
                .bind(reaction.created_at);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Inserts sessions of `(token_hash, user_id)` (`$1` their creation time, `$2` their expiry),
/// as `db::sessions::insert` does one at a time at sign-in, each with a public id of its own.
pub async fn insert_sessions(
    tx: &mut Tx,
    sessions: &[(String, i64)],
    created_at: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    for chunk in sessions.chunks(MAX_ROWS) {
        let sql = format!(
            "INSERT INTO sessions (token_hash, user_id, public_id, created_at, expires_at,
                                   last_seen_at) VALUES {}",
            values(chunk.len(), 3, 2, ", $1, $2, $1")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql))
            .bind(created_at)
            .bind(expires_at);
        for (hash, user_id) in chunk {
            query = query
                .bind(hash)
                .bind(*user_id)
                .bind(crate::identity::session::new_public_id());
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// After a bulk load on PostgreSQL: fresh planner statistics and visibility maps (what
/// autovacuum would do some time later), so the first queries are planned on the real data.
/// SQLite's planner needs no statistics for these queries.
pub async fn settle(db: &Db) -> Result<(), sqlx::Error> {
    if db.backend == Backend::Postgres {
        sqlx::query("VACUUM ANALYZE").execute(&db.pool).await?;
    }
    Ok(())
}

/// During a bulk load on PostgreSQL: planner statistics of the rows so far. The machine's
/// PostgreSQL may run no autovacuum (CI's does not), and the statements of the messages'
/// trigger (migration 0006) planned on tables never analysed took over 18 s for one batch of a
/// 50,000-user seed, against ~2,000 messages a second once analysed (issue 45). SQLite's
/// planner needs none.
pub async fn analyze(db: &Db) -> Result<(), sqlx::Error> {
    if db.backend == Backend::Postgres {
        sqlx::query("ANALYZE").execute(&db.pool).await?;
    }
    Ok(())
}

/// How many accounts exist: synthetic usernames are numbered after them.
pub async fn user_count(db: &Db) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users")
        .fetch_one(&db.pool)
        .await?;
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::values;

    #[test]
    fn values_numbers_placeholders_after_the_shared_ones() {
        assert_eq!(values(2, 2, 1, ", $1"), "($2, $3, $1), ($4, $5, $1)");
        assert_eq!(values(1, 3, 0, ""), "($1, $2, $3)");
    }
}
