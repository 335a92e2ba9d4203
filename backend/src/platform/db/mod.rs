//! All SQL lives here, one module per aggregate. One query text serves SQLite and PostgreSQL
//! (sqlx `Any`, `$n` placeholders, BIGINT ids and epoch-millisecond times); this module is the
//! only place that knows which backend is running, and the migrations are the only DDL.

pub mod audit;
pub mod group_commit;
pub mod native;
pub mod per_mask;
pub mod session_cache;
pub mod visibility;

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Connection, Executor};

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// A pooled PostgreSQL connection idle for longer than this is pinged before it is used.
const CHECK_IDLE_AFTER: Duration = Duration::from_secs(5);
/// How much of a SQLite file every connection reads through its mapping (`PRAGMA mmap_size`, 256
/// MiB) instead of copying pages into a cache of its own: the `Any` pool, the sqlx read pool and
/// the native read connections (platform/db/native.rs) alike.
pub const SQLITE_MMAP_SIZE: i64 = 256 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The connection pool and the backend it talks to. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    /// On SQLite, a second pool of native connections for the hot list reads (`fetch_list!`):
    /// their rows decode straight from SQLite's values, without sqlx's `Any` conversion, which
    /// cost as many instructions as the query itself (docs/benchmarks.md).
    pub sqlite_reads: Option<sqlx::SqlitePool>,
    /// On SQLite, the hot list reads stepped on the request's own thread (`fetch_list!`,
    /// platform/db/native.rs); `sqlite_reads` is their fallback when the file is briefly locked.
    pub native_reads: Option<std::sync::Arc<native::NativeReads>>,
    /// On SQLite, the writer thread that batches a chat message's INSERT with the others
    /// waiting (group commit, platform/db/group_commit.rs); the `Any` pool is its fallback.
    pub writer: Option<std::sync::Arc<group_commit::GroupCommit>>,
    pub backend: Backend,
    /// Live sessions looked up in the last few seconds (identity/store/sessions.rs `find_user`).
    pub session_cache: session_cache::SessionCache,
}

/// A write transaction (`Db::begin_write`).
pub type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Milliseconds since the Unix epoch, the unit of every stored time.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// Whether a database error is the violation of the unique index `name`.
pub fn violates(err: &sqlx::Error, name: &str) -> bool {
    match err {
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            // PostgreSQL reports the index as the constraint; SQLite names it in the message
            // ("UNIQUE constraint failed: index 'name'").
            db.constraint() == Some(name) || db.message().contains(&format!("index '{name}'"))
        }
        _ => false,
    }
}

/// Whether a database error is the violation of the unique index `index` over plain columns,
/// one of them `table_column` (`orders.idempotency_key`): PostgreSQL names the index, SQLite
/// names the columns ("UNIQUE constraint failed: orders.buyer_id, orders.idempotency_key").
pub fn violates_unique(err: &sqlx::Error, index: &str, table_column: &str) -> bool {
    violates(err, index)
        || matches!(err, sqlx::Error::Database(db)
            if db.is_unique_violation() && db.message().contains(table_column))
}

impl Db {
    /// `sql` read natively on SQLite (rows by position: `native_row!`); `None` on PostgreSQL, or
    /// when the native read failed (`native::fell_back`), for the caller's sqlx read. A list of
    /// ids goes as one bind (`native::json_ids`, read with `json_each`), so a list of any length
    /// is one prepared statement (issue 45).
    pub fn read_natively<T: native::NativeRow>(
        &self,
        sql: &str,
        binds: &[&dyn rusqlite::types::ToSql],
    ) -> Option<Vec<T>> {
        match self.native_reads.as_ref()?.fetch_all::<T>(sql, binds) {
            Ok(rows) => Some(rows),
            Err(err) => {
                native::fell_back(&err);
                None
            }
        }
    }

    /// Connects, creating a SQLite file (and its folder) when missing, and sets SQLite up as
    /// WAL, synchronous NORMAL, a busy timeout, foreign keys on.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            anyhow::bail!("unsupported database URL {url:?}: use sqlite://path or postgres://…");
        };
        let url = match backend {
            Backend::Sqlite => prepare_sqlite_url(url)?,
            Backend::Postgres => url.to_owned(),
        };
        let options = AnyConnectOptions::from_str(&url).context("parsing the database URL")?;
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 8,
                Backend::Postgres => 16,
            })
            .acquire_timeout(Duration::from_secs(10))
            // sqlx pings every connection it hands out by default: a round trip to the SQLite
            // worker thread or the PostgreSQL server before every query. A SQLite file cannot
            // hang up; a PostgreSQL connection is checked only after sitting idle a while
            // (a server restart, a proxy's idle cut), not between back-to-back queries.
            .test_before_acquire(false)
            .before_acquire(move |conn, meta| {
                Box::pin(async move {
                    if backend == Backend::Postgres && meta.idle_for > CHECK_IDLE_AFTER {
                        conn.ping().await?;
                    }
                    Ok(true)
                })
            })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        // Pages read through the file's mapping, as the read connections do
                        // (below, platform/db/native.rs), instead of copied into each connection's own
                        // cache: eight connections' caches filled to 2 MB each with the pages
                        // that presence and membership reads touch (docs/benchmarks.md).
                        conn.execute(sqlx::AssertSqlSafe(format!(
                            "PRAGMA mmap_size = {SQLITE_MMAP_SIZE}"
                        )))
                        .await?;
                    } else {
                        // Every query here is keyed by ids and served by an index whatever the
                        // values (docs/benchmarks.md shows the plans). PostgreSQL's default
                        // re-plans some prepared statements on every execution (the feed's
                        // planning took twice its execution time); a generic plan is made once
                        // per connection.
                        conn.execute("SET plan_cache_mode = force_generic_plan")
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .with_context(|| format!("connecting to the {backend:?} database"))?;
        // An in-memory database is private to its connection: no second pool can see it.
        let sqlite_reads = match backend {
            Backend::Sqlite if !url.contains(":memory:") => Some(sqlite_read_pool(&url)?),
            _ => None,
        };
        let native_reads = sqlite_reads
            .is_some()
            .then(|| std::sync::Arc::new(native::NativeReads::new(&url)));
        let writer = native_reads
            .as_ref()
            .map(|reads| group_commit::GroupCommit::start(reads.path()).map(std::sync::Arc::new))
            .transpose()
            .context("starting the SQLite writer thread")?;
        Ok(Self {
            pool,
            sqlite_reads,
            native_reads,
            writer,
            backend,
            session_cache: session_cache::SessionCache::default(),
        })
    }

    /// Applies the migrations of this backend.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator
            .run(&self.pool)
            .await
            .context("applying migrations")?;
        Ok(())
    }

    /// A write transaction. On SQLite it begins `IMMEDIATE`: a deferred transaction that
    /// upgrades to a write skips the busy timeout and fails under load.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// `/readyz`: can we run a query?
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }
}

/// Native SQLite connections for reads, set up as the `Any` ones are (WAL is the file's mode
/// already; the busy timeout and foreign keys are per connection). Opened lazily: the file is
/// created, and the migrations applied, through the `Any` pool first.
fn sqlite_read_pool(url: &str) -> anyhow::Result<sqlx::SqlitePool> {
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions, SqliteSynchronous};
    let options = SqliteConnectOptions::from_str(url)
        .context("parsing the SQLite URL")?
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true)
        .pragma("mmap_size", SQLITE_MMAP_SIZE.to_string());
    Ok(SqlitePoolOptions::new()
        .max_connections(8)
        .acquire_timeout(Duration::from_secs(10))
        .test_before_acquire(false)
        .connect_lazy_with(options))
}

/// Runs a list query (`fetch_all` of `$row`s): on SQLite stepped on the calling thread
/// (platform/db/native.rs; `$row` implements `NativeRow` too), falling back to the native sqlx pool when
/// the file is briefly locked; on PostgreSQL through the `Any` pool. The same SQL text and
/// binds either way. Use it for the bounded hot reads (a page, a handful of ids); everything
/// else goes through `db.pool`.
#[macro_export]
macro_rules! fetch_list {
    ($db:expr, $row:ty, $sql:expr, $($bind:expr),* $(,)?) => {{
        let db: &$crate::platform::db::Db = $db;
        let sql = $sql;
        let native = db.native_reads.as_ref().map(|reads| {
            reads.fetch_all::<$row>(
                $crate::platform::db::native::SqlText::text(&sql),
                &[$(&$bind as &dyn rusqlite::types::ToSql),*],
            )
        });
        match (native, &db.sqlite_reads) {
            (Some(Ok(rows)), _) => Ok(rows),
            (native, Some(pool)) => {
                if let Some(Err(err)) = native {
                    $crate::platform::db::native::fell_back(&err);
                }
                sqlx::query_as::<sqlx::Sqlite, $row>(sql)
                    $(.bind($bind))*
                    .fetch_all(pool)
                    .await
            }
            (_, None) => {
                sqlx::query_as::<sqlx::Any, $row>(sql)
                    $(.bind($bind))*
                    .fetch_all(&db.pool)
                    .await
            }
        }
    }};
}

/// `sqlite://data/atelier.db` → create `data/` and ask SQLite to create the file.
fn prepare_sqlite_url(url: &str) -> anyhow::Result<String> {
    let rest = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let parent = std::path::Path::new(path).parent();
    if path != ":memory:"
        && let Some(parent) = parent.filter(|p| !p.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating the database folder {parent:?}"))?;
    }
    let query = if query.contains("mode=") {
        query.to_owned()
    } else if query.is_empty() {
        "mode=rwc".to_owned()
    } else {
        format!("{query}&mode=rwc")
    };
    Ok(format!("sqlite://{path}?{query}"))
}

/// `%`, `_` and `\` match themselves in a LIKE pattern with `ESCAPE '\'`.
pub fn escape_like(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// `$first`, `$first + 1`, … : `count` numbered placeholders for an IN list.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rows of `sql` for a set of `ids` (at most a page's worth): `sql` writes `{ids}` where
/// the set goes (`WHERE u.id IN ({ids})`) and binds `leading` as `$1`, `$2`, … before it. On
/// SQLite the set is one JSON array read with `json_each`, so every size is the same prepared
/// statement, read natively (issue 45); elsewhere, or when the native read fell back, numbered
/// placeholders.
pub async fn fetch_for_ids<T>(
    db: &Db,
    sql: &str,
    leading: &[i64],
    ids: &[i64],
) -> Result<Vec<T>, sqlx::Error>
where
    T: native::NativeRow + for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let set_at = leading.len() + 1;
    if db.native_reads.is_some() {
        let native = sql.replace("{ids}", &format!("SELECT value FROM json_each(${set_at})"));
        let set = native::json_ids(ids);
        let mut binds: Vec<&dyn rusqlite::types::ToSql> = leading
            .iter()
            .map(|id| id as &dyn rusqlite::types::ToSql)
            .collect();
        binds.push(&set);
        if let Some(rows) = db.read_natively(&native, &binds) {
            return Ok(rows);
        }
    }
    let listed = sql.replace("{ids}", &placeholders(set_at, ids.len()));
    // Only numbered placeholders are formatted in; every value is bound.
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(listed));
    for id in leading.iter().chain(ids) {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}
