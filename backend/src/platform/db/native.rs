//! The hot list reads on SQLite, run where the request runs: rusqlite connections to the same
//! file (read-only), taken from a small idle list and stepped on the calling thread.
//!
//! sqlx runs each SQLite connection on a thread of its own and hands every row of an answer
//! from that thread to the async task over a channel; with the server on one core, a page of
//! rows was a run of thread switches, and those switches were the largest cost a list had left
//! (docs/benchmarks.md, issue 24). A keyset page (at most `MAX_LIMIT` rows, or a bounded set of
//! ids) is tens of microseconds of SQLite: less than the hand-offs cost, and within what a
//! task may run between awaits. The same SQL text as the `Any` pool's (`fetch_list!`), bound by
//! the same `$n` names; readers never wait for the writer in WAL mode.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::types::ToSql;
use rusqlite::{Connection, OpenFlags};

/// Idle connections kept for reuse (one per runtime thread is all that runs at once).
const IDLE_KEPT: usize = 8;
/// Statements kept prepared per connection: every list query, and room to spare.
const STATEMENTS_KEPT: usize = 64;
/// A read that finds the file locked (only while a checkpoint resets the WAL) waits this long;
/// short, as it waits on the request's thread.
const BUSY_WAIT: Duration = Duration::from_millis(250);

/// `$1` … `$24`: the names a list's binds are given, in order.
const NAMES: [&str; 24] = [
    "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15",
    "$16", "$17", "$18", "$19", "$20", "$21", "$22", "$23", "$24",
];

/// The read connections of one SQLite file.
#[derive(Debug)]
pub struct NativeReads {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

/// A row type read by position: `native_row!` implements it.
pub trait NativeRow: Sized {
    /// Reads this row's columns from `columns`' position on.
    fn read(columns: &mut Columns<'_, '_>) -> rusqlite::Result<Self>;

    fn from_native(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Self::read(&mut Columns { row, next: 0 })
    }
}

/// A row's columns read one after another.
pub struct Columns<'a, 'stmt> {
    row: &'a rusqlite::Row<'stmt>,
    next: usize,
}

impl Columns<'_, '_> {
    /// The next column, which the query names `name` (checked in debug builds, so a test run
    /// catches a query whose columns and row type went out of step).
    pub fn get<T: rusqlite::types::FromSql>(&mut self, name: &str) -> rusqlite::Result<T> {
        let index = self.next;
        debug_assert_eq!(
            self.row.as_ref().column_name(index)?,
            name,
            "column {index}"
        );
        self.next += 1;
        self.row.get(index)
    }

    /// The next column as a stored name of `T` (`TryFrom<String>`).
    pub fn stored<T: TryFrom<String, Error = String>>(
        &mut self,
        name: &str,
    ) -> rusqlite::Result<T> {
        let index = self.next;
        let text: String = self.get(name)?;
        T::try_from(text).map_err(|err| {
            rusqlite::Error::FromSqlConversionFailure(
                index,
                rusqlite::types::Type::Text,
                err.into(),
            )
        })
    }
}

impl NativeReads {
    /// For the file of `url` (`sqlite://path?…`); connections open on first use.
    pub fn new(url: &str) -> Self {
        let rest = url
            .trim_start_matches("sqlite://")
            .trim_start_matches("sqlite:");
        let path = rest.split_once('?').map_or(rest, |(path, _)| path);
        Self {
            path: PathBuf::from(path),
            idle: Mutex::new(Vec::new()),
        }
    }

    /// The database file.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Every row of `sql` with `binds` as `$1`, `$2`, …, each read by `T::from_native`.
    pub fn fetch_all<T: NativeRow>(
        &self,
        sql: &str,
        binds: &[&dyn ToSql],
    ) -> rusqlite::Result<Vec<T>> {
        let conn = self.take()?;
        let rows = Self::run(&conn, sql, binds);
        // A connection whose read failed is dropped rather than kept (it is cheap to open).
        if rows.is_ok() {
            let mut idle = self
                .idle
                .lock()
                .unwrap_or_else(|poison| poison.into_inner());
            if idle.len() < IDLE_KEPT {
                idle.push(conn);
            }
        }
        rows
    }

    fn run<T: NativeRow>(
        conn: &Connection,
        sql: &str,
        binds: &[&dyn ToSql],
    ) -> rusqlite::Result<Vec<T>> {
        let mut statement = conn.prepare_cached(sql)?;
        for (name, value) in NAMES.iter().zip(binds) {
            // A bind the text does not use is left out, as sqlx leaves it.
            if let Some(index) = statement.parameter_index(name)? {
                statement.raw_bind_parameter(index, value)?;
            }
        }
        debug_assert!(binds.len() <= NAMES.len(), "more binds than names");
        let mut rows = statement.raw_query();
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(T::from_native(row)?);
        }
        Ok(out)
    }

    fn take(&self) -> rusqlite::Result<Connection> {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .pop();
        match idle {
            Some(conn) => Ok(conn),
            None => self.open(),
        }
    }

    fn open(&self) -> rusqlite::Result<Connection> {
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(BUSY_WAIT)?;
        conn.pragma_update(None, "mmap_size", super::SQLITE_MMAP_SIZE)?;
        conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        Ok(conn)
    }
}

/// A search's candidates: an id and its words.
impl NativeRow for (i64, String) {
    fn read(columns: &mut Columns<'_, '_>) -> rusqlite::Result<Self> {
        Ok((columns.get("id")?, columns.get("search_words")?))
    }
}

/// A list's SQL: a static text, or one formatted from static parts (`AssertSqlSafe`).
pub trait SqlText {
    fn text(&self) -> &str;
}

impl SqlText for &'static str {
    fn text(&self) -> &str {
        self
    }
}

impl SqlText for sqlx::AssertSqlSafe<String> {
    fn text(&self) -> &str {
        &self.0
    }
}

/// `ids` as one bind for `json_each($n)`: `IN (SELECT value FROM json_each($n))` reads a list
/// of any length with one prepared statement, each id still by its index.
pub fn json_ids(ids: &[i64]) -> String {
    serde_json::Value::from(ids).to_string()
}

/// A native read failed and the list is read through sqlx instead. Only a locked file is
/// expected here (a checkpoint resetting the WAL); anything else is a bug a test should see.
pub fn fell_back(err: &rusqlite::Error) {
    let busy = matches!(
        err.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    );
    debug_assert!(busy, "a native read failed: {err}");
    tracing::warn!(error = %err, "a native read failed; read through sqlx instead");
}

/// `impl NativeRow` for a row struct: its fields in the order of the query's columns (the
/// order written here, whatever the struct's). `field: stored Type` reads a stored name
/// (`TryFrom<String>`); `field: flatten Type` reads a nested row type's columns in place.
#[macro_export]
macro_rules! native_row {
    ($row:ty { $($fields:tt)* }) => {
        impl $crate::platform::db::native::NativeRow for $row {
            fn read(
                columns: &mut $crate::platform::db::native::Columns<'_, '_>,
            ) -> rusqlite::Result<Self> {
                Ok($crate::native_row!(@fields columns [] $($fields)*))
            }
        }
    };
    (@fields $c:ident [$($done:tt)*]) => {
        Self { $($done)* }
    };
    (@fields $c:ident [$($done:tt)*] $field:ident : flatten $nested:ty $(, $($rest:tt)*)?) => {
        $crate::native_row!(@fields $c [$($done)*
            $field: <$nested as $crate::platform::db::native::NativeRow>::read($c)?,] $($($rest)*)?)
    };
    (@fields $c:ident [$($done:tt)*] $field:ident : stored $kind:ty $(, $($rest:tt)*)?) => {
        $crate::native_row!(@fields $c [$($done)*
            $field: $c.stored::<$kind>(stringify!($field))?,] $($($rest)*)?)
    };
    (@fields $c:ident [$($done:tt)*] $field:ident $(, $($rest:tt)*)?) => {
        $crate::native_row!(@fields $c [$($done)*
            $field: $c.get(stringify!($field))?,] $($($rest)*)?)
    };
}

// The one user shape other answers embed, read natively where a list names its people.
crate::native_row!(crate::kernel::user::UserBrief {
    id,
    username,
    display_name,
    profile_image,
});

/// A row that is only an id: what an "is it there for this viewer" check reads natively (a
/// conversation's membership, a post's or a comment's visibility; issue 45).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IdRow {
    pub id: i64,
}

crate::native_row!(IdRow { id });
