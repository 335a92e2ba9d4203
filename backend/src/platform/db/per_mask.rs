//! One statement over several ranges of one index: the skill matcher's and 'People to follow''s
//! read of each skill combination (`users_skill_mask_idx`, `users_skill_followers_idx`). Each
//! range is its own `SELECT … LIMIT`, so the cost follows what is shown, not how many members
//! there are.

use sqlx::any::AnyRow;

use crate::platform::db::Db;

/// Runs `one` once per mask of `masks`, joined by `UNION ALL`: in `one`, `$MASK` is where the
/// mask goes, `$1` is `viewer` and `$2` is `per_mask` (the rows each range may give).
pub async fn fetch_per_mask<R>(
    db: &Db,
    one: &'static str,
    viewer: i64,
    masks: &[i64],
    per_mask: i64,
) -> Result<Vec<R>, sqlx::Error>
where
    R: for<'r> sqlx::FromRow<'r, AnyRow> + Send + Unpin,
{
    if masks.is_empty() {
        return Ok(Vec::new());
    }
    let sql = masks
        .iter()
        .enumerate()
        .map(|(n, _)| {
            format!(
                "SELECT * FROM ({}) AS m{n}",
                one.replace("$MASK", &format!("${}", n + 3))
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    // Audited: built from a constant text and numbered placeholders only; the masks are bound.
    let mut query = sqlx::query_as::<_, R>(sqlx::AssertSqlSafe(sql))
        .bind(viewer)
        .bind(per_mask);
    for mask in masks {
        query = query.bind(*mask);
    }
    query.fetch_all(&db.pool).await
}
