//! Rows that are one user's alone (issue 44: drafts and reel drafts): every read and write is
//! keyed by the owner's id as well as the row's, so someone else's row is simply not there for
//! them. The table and its columns are constants, never input.

use sqlx::any::AnyRow;
use sqlx::{Any, AssertSqlSafe, Executor, FromRow};

use crate::kernel::page::Page;
use crate::platform::db::Db;

/// A table of rows owned through their `user_id`.
pub struct Owned {
    pub table: &'static str,
    /// What `find` and `page` select.
    pub columns: &'static str,
}

impl Owned {
    /// `owner`'s row `id`, or `None`; `lock` ends the query (`" FOR UPDATE"` inside a
    /// PostgreSQL transaction, else empty).
    pub async fn find<'c, T, E>(
        &self,
        conn: E,
        owner: i64,
        id: i64,
        lock: &str,
    ) -> Result<Option<T>, sqlx::Error>
    where
        T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
        E: Executor<'c, Database = Any>,
    {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {} FROM {} WHERE id = $1 AND user_id = $2{lock}",
            self.columns, self.table
        )))
        .bind(id)
        .bind(owner)
        .fetch_optional(conn)
        .await
    }

    /// A page of `owner`'s rows that match `filter` (an SQL condition, or `TRUE`), newest first;
    /// the table's index on `(user_id, id)` walks it.
    pub async fn page<T>(
        &self,
        db: &Db,
        owner: i64,
        filter: &str,
        page: Page,
    ) -> Result<Vec<T>, sqlx::Error>
    where
        T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
    {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {} FROM {} WHERE user_id = $1 AND {filter} AND id < $2
             ORDER BY id DESC LIMIT $3",
            self.columns, self.table
        )))
        .bind(owner)
        .bind(page.before)
        .bind(page.fetch_limit())
        .fetch_all(&db.pool)
        .await
    }

    /// Whether row `id` is `owner`'s.
    pub async fn owns<'c, E>(&self, conn: E, owner: i64, id: i64) -> Result<bool, sqlx::Error>
    where
        E: Executor<'c, Database = Any>,
    {
        let row: Option<(i64,)> = sqlx::query_as(AssertSqlSafe(format!(
            "SELECT id FROM {} WHERE id = $1 AND user_id = $2",
            self.table
        )))
        .bind(id)
        .bind(owner)
        .fetch_optional(conn)
        .await?;
        Ok(row.is_some())
    }

    /// Deletes `owner`'s row `id` (with what cascades from it); `false` when there is none.
    pub async fn delete(&self, db: &Db, owner: i64, id: i64) -> Result<bool, sqlx::Error> {
        let sql = format!("DELETE FROM {} WHERE id = $1 AND user_id = $2", self.table);
        Ok(sqlx::query(AssertSqlSafe(sql))
            .bind(id)
            .bind(owner)
            .execute(&db.pool)
            .await?
            .rows_affected()
            > 0)
    }
}
