//! Explore's search over posts: every word of the query (the last as a prefix) must be among
//! a post's search words (caption, location and tags, as `rules::tag::words` cuts them), best
//! match first, ties newest first.
//!
//! The last word, as someone types it, stands for the words that begin with it: its most used
//! `MAX_COMPLETIONS` completions (`completions`, from `search_terms`, which migration 0022's
//! triggers keep with the posts), searched as whole words, any of them, as Elasticsearch's
//! `max_expansions` bounds a prefix. FTS5 has no prefix index here, and both FTS5 and GIN
//! gather every post holding any word that begins so before they walk (work that grows with
//! the site); whole words stream in FTS5's rowid order. A completion used by few posts, when
//! more than `MAX_COMPLETIONS` others are used by more, is not searched until more letters
//! narrow the prefix.
//!
//! Then two reads. The first finds the `CANDIDATES` newest matches the viewer may see, with
//! their search words: FTS5's `MATCH` walked in rowid order on SQLite, `@@` on the GIN-indexed
//! `search_vector` on PostgreSQL (`postgres_candidates`; the one place where the backends' SQL
//! differs). The server ranks those by `SearchQuery::score` (the same arithmetic for both
//! backends, so they agree to the post) and the second read joins the post card (author,
//! counts, the viewer's like and bookmark) to the best `limit` alone.
//!
//! No score needs to read every post that holds a word (bm25's and other inverse document
//! frequencies do), so ranking is bounded by the window (docs/benchmarks.md, 2026-11-27).

use super::posts::{PostCard, post_card_select};
use crate::fetch_list;
use crate::platform::db::visibility::may_see;
use crate::platform::db::{Backend, Db};
use crate::social::rules::tag::SearchQuery;

/// How many of the newest matches are ranked.
pub const CANDIDATES: i64 = 100;
/// The most words the last word of a search stands for.
pub const MAX_COMPLETIONS: i64 = 50;
/// How many of the words beginning with the last word are read (in code point order) to find
/// its most used: bounds the read for a prefix of one or two letters on a big site.
const COMPLETIONS_READ: i64 = 2_000;
/// The most posts one search answers (the post view's `IN` list has this many places).
pub const MAX_POSTS: usize = 20;

/// The best `limit` (at most `MAX_POSTS`) posts matching `query` as `viewer` sees them (none
/// for a query without words).
pub async fn posts(
    db: &Db,
    viewer: i64,
    query: &SearchQuery,
    limit: usize,
) -> Result<Vec<PostCard>, sqlx::Error> {
    let limit = limit.min(MAX_POSTS);
    let Some(prefix) = query.prefix() else {
        return Ok(Vec::new());
    };
    let completions = completions(db, prefix).await?;
    let candidates: Vec<(i64, String)> = match db.backend {
        Backend::Sqlite => {
            let Some(fts) = query.fts5(&completions) else {
                return Ok(Vec::new());
            };
            fetch_list!(
                db,
                (i64, String),
                concat!(
                    "SELECT p.id, p.search_words
                     FROM posts_search f
                     JOIN posts p ON p.id = f.rowid
                     JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND ",
                    may_see!("$1", "u.id"),
                    " WHERE posts_search MATCH $2
                     ORDER BY f.rowid DESC LIMIT $3"
                ),
                viewer,
                fts,
                CANDIDATES
            )?
        }
        Backend::Postgres => {
            let Some(tsquery) = query.tsquery(&completions) else {
                return Ok(Vec::new());
            };
            postgres_candidates(db, viewer, &tsquery).await?
        }
    };
    let best = rank(query, candidates, limit);
    if best.is_empty() {
        return Ok(Vec::new());
    }
    // The best ids in the `IN` list's places; the rest are 0, which is no post's id.
    let mut places = [0_i64; MAX_POSTS];
    places[..best.len()].copy_from_slice(&best);
    let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t] = places;
    let mut cards = fetch_list!(
        db,
        PostCard,
        post_card_select!(
            db,
            "p.id",
            " WHERE p.id IN ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
                             $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
        ),
        viewer,
        a,
        b,
        c,
        d,
        e,
        f,
        g,
        h,
        i,
        j,
        k,
        l,
        m,
        n,
        o,
        p,
        q,
        r,
        s,
        t
    )?;
    cards.sort_by_key(|card| best.iter().position(|&id| id == card.id));
    Ok(cards)
}

/// The words some post holds that begin with `prefix`: the word itself first, then the most
/// used, at most `MAX_COMPLETIONS`, from the first `COMPLETIONS_READ` of them in code point
/// order (a range of `search_terms`' primary key: words compare by code point on both
/// backends, and every character is below U+10FFFF).
pub async fn completions(db: &Db, prefix: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT term FROM (
             SELECT term, posts_count FROM search_terms
             WHERE term >= $1 AND term < $2 ORDER BY term LIMIT $3
         ) AS range_read
         WHERE posts_count > 0
         ORDER BY CASE WHEN term = $1 THEN 0 ELSE 1 END, posts_count DESC, term LIMIT $4",
    )
    .bind(prefix)
    .bind(format!("{prefix}\u{10FFFF}"))
    .bind(COMPLETIONS_READ)
    .bind(MAX_COMPLETIONS)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(term,)| term).collect())
}

/// How far below the newest post PostgreSQL's first walk looks.
const POSTGRES_NEWEST: i64 = 2_000;

/// The candidates' query on PostgreSQL with one more condition and the order it walks in.
macro_rules! postgres_candidates_sql {
    ($condition:literal, $order:literal) => {
        concat!(
            "SELECT p.id, p.search_words
             FROM posts p
             JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND ",
            may_see!("$1", "u.id"),
            " WHERE p.search_vector @@ (SELECT to_tsquery('simple', $2)) AND ",
            $condition,
            " ORDER BY ",
            $order,
            " DESC LIMIT $3"
        )
    };
}

/// The newest `CANDIDATES` posts matching `tsquery` that `viewer` may see, on PostgreSQL. One
/// query ordered by id lets the planner walk the primary key backwards, testing each post,
/// whenever it guesses the words are common, and a word no post has then reads every post (22
/// ms at 100,000 posts, against 0.1 ms through the GIN index). So two reads, each bounded: the
/// newest 2,000 posts walked by the primary key (a common word's newest 100 matches are there:
/// 0.6 ms), then, only when they hold fewer, every match through the GIN index (`p.id + 0`
/// cannot walk the primary key), whose work grows with the matches, not the posts (a word no
/// post has: 0.1 ms; a word pair in one post of 125: 5 ms). Both are prepared statements with
/// the connection's generic plan (platform/db/mod.rs), which these shapes keep whatever the words; the
/// tsquery is a sub-select, so it is made once per read, not once per post tested (1.9 ms
/// against 0.6 ms for the first read at 100,000 posts, docs/benchmarks.md 2026-11-27).
async fn postgres_candidates(
    db: &Db,
    viewer: i64,
    tsquery: &str,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let newest = sqlx::query_as::<sqlx::Any, (i64, String)>(postgres_candidates_sql!(
        "p.id > (SELECT COALESCE(MAX(id), 0) FROM posts) - $4",
        "p.id"
    ))
    .bind(viewer)
    .bind(tsquery)
    .bind(CANDIDATES)
    .bind(POSTGRES_NEWEST)
    .fetch_all(&db.pool)
    .await?;
    if newest.len() as i64 >= CANDIDATES {
        return Ok(newest);
    }
    sqlx::query_as::<sqlx::Any, (i64, String)>(postgres_candidates_sql!("TRUE", "p.id + 0"))
        .bind(viewer)
        .bind(tsquery)
        .bind(CANDIDATES)
        .fetch_all(&db.pool)
        .await
}

/// The ids of the best `limit` of `candidates` (id and search words), best first, ties newest
/// (highest id) first.
fn rank(query: &SearchQuery, candidates: Vec<(i64, String)>, limit: usize) -> Vec<i64> {
    if candidates.is_empty() {
        return Vec::new();
    }
    let words: usize = candidates
        .iter()
        .map(|(_, text)| text.split_whitespace().count())
        .sum();
    let average = words as f64 / candidates.len() as f64;
    let mut scored: Vec<(f64, i64)> = candidates
        .iter()
        .map(|(id, text)| (query.score(text, average), *id))
        .collect();
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(y.1.cmp(&x.1)));
    scored.into_iter().take(limit).map(|(_, id)| id).collect()
}
