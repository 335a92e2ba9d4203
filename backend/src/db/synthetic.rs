//! The synthetic benchmark data set (`atelier seed --synthetic`): multi-row INSERTs inside the
//! caller's write transaction. Every statement stays well under both backends' bind-parameter
//! limits (SQLite 32,766, PostgreSQL 65,535): callers pass at most `MAX_ROWS` rows at a time.

use sqlx::{Any, AssertSqlSafe, Transaction};

use super::{Backend, Db};

/// Rows per INSERT statement: 250 rows × at most 4 parameters each (1,000) stays far below
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

/// A synthetic post with an external image URL and no tags.
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

/// Inserts users (`$1` is the shared password hash, `$2` the creation time); answers their ids.
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
        "INSERT INTO users (username, email, display_name, password_hash, created_at) VALUES {}
         RETURNING id",
        values(users.len(), 3, 2, ", $1, $2")
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
    let sql = format!(
        "INSERT INTO posts (user_id, caption, image_url, created_at, tags) VALUES {} RETURNING id",
        values(posts.len(), 4, 0, ", '[]'")
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql));
    for post in posts {
        query = query
            .bind(post.user_id)
            .bind(&post.caption)
            .bind(&post.image_url)
            .bind(post.created_at);
    }
    let ids: Vec<(i64,)> = query.fetch_all(&mut **tx).await?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
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
/// hot score to match (db/posts.rs).
pub async fn recount_likes(tx: &mut Tx, first: i64, last: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE posts SET likes_count =
           (SELECT COUNT(*) FROM post_likes l WHERE l.post_id = posts.id)
         WHERE id BETWEEN $1 AND $2",
    )
    .bind(first)
    .bind(last)
    .execute(&mut **tx)
    .await?;
    sqlx::query(concat!(
        "UPDATE posts SET hot_score = ",
        crate::hot_score!("likes_count", "bookmarks_count", "created_at"),
        " WHERE id BETWEEN $1 AND $2"
    ))
    .bind(first)
    .bind(last)
    .execute(&mut **tx)
    .await?;
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
