//! Explore's search over posts: every word of the query (the last as a prefix) must be among
//! a post's search words (caption, location and tags, as `domain::tag::words` cuts them), best
//! match first, ties newest first. One query, the posts with their authors and the viewer's
//! like and bookmark state joined in (the post view). The one place where the backends'
//! full-text SQL differs: FTS5's `MATCH` ranked by `bm25` on SQLite (lower is better),
//! `@@` on the GIN-indexed `search_vector` ranked by `ts_rank` on PostgreSQL. `ts_rank`'s
//! normalisation 1 divides by the log of the document's length, so a shorter post ranks
//! above a longer one with the same matches, as bm25 ranks it. Users and tags have their own
//! lists (`db::users::search`, `db::tags::by_prefix`).
//!
//! Ranking needs every match (a common word matches most posts), so the ranking step reads
//! only the index and the rows' ids, authors and text; the post view (media, the viewer's like
//! and bookmark) is joined to the best `limit` alone (half the time of joining every match
//! before sorting, on 10,000 matches).

use super::posts::{PostView, post_view_columns};
use super::{Backend, Db};
use crate::domain::SearchQuery;
use crate::fetch_list;

/// The best `limit` posts matching `query` as `viewer` sees them (none for a query without
/// words).
pub async fn posts(
    db: &Db,
    viewer: i64,
    query: &SearchQuery,
    limit: i64,
) -> Result<Vec<PostView>, sqlx::Error> {
    match db.backend {
        Backend::Sqlite => {
            let Some(fts) = query.fts5() else {
                return Ok(Vec::new());
            };
            fetch_list!(
                db,
                PostView,
                concat!(
                    "SELECT p.id AS cursor, ",
                    post_view_columns!(),
                    " JOIN (SELECT f.rowid AS id, f.rank AS score FROM posts_search f
                            JOIN posts sp ON sp.id = f.rowid
                            JOIN users su ON su.id = sp.user_id AND su.deactivated_at IS NULL
                            WHERE posts_search MATCH $2
                            ORDER BY f.rank, f.rowid DESC LIMIT $3) s ON s.id = p.id
                     ORDER BY s.score, p.id DESC"
                ),
                viewer,
                fts,
                limit
            )
        }
        Backend::Postgres => {
            let Some(tsquery) = query.tsquery() else {
                return Ok(Vec::new());
            };
            fetch_list!(
                db,
                PostView,
                concat!(
                    "SELECT p.id AS cursor, ",
                    post_view_columns!(),
                    " JOIN (SELECT sp.id,
                                   ts_rank(sp.search_vector, to_tsquery('simple', $2), 1) AS score
                            FROM posts sp
                            JOIN users su ON su.id = sp.user_id AND su.deactivated_at IS NULL
                            WHERE sp.search_vector @@ to_tsquery('simple', $2)
                            ORDER BY score DESC, sp.id DESC LIMIT $3) s ON s.id = p.id
                     ORDER BY s.score DESC, p.id DESC"
                ),
                viewer,
                tsquery,
                limit
            )
        }
    }
}
