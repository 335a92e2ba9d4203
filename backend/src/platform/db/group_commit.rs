//! Group commit on SQLite: the hot one-statement writes (a chat message's INSERT) run on one
//! writer thread, as many as are waiting in one transaction.
//!
//! Each write through sqlx's pool was its own transaction on its own connection: a hand-off to
//! that connection's thread and back, the write lock taken (and, with several writers at once,
//! waited for in SQLite's busy handler's sleeps) and a commit writing the same table and index
//! pages to the WAL again for every message. Here the writes queue for one connection; the
//! thread takes every write waiting (up to `BATCH_MAX`), runs them inside one `BEGIN
//! IMMEDIATE … COMMIT`, and answers each once the batch has committed: an answer is never
//! given for a write that could still be rolled back. A statement's own failure (a unique index,
//! a foreign key) undoes that statement only, as SQLite does; a failure that ends the
//! transaction fails every write of the batch so far, and none of them is answered as stored.
//!
//! A write that fails here is the caller's to retry through the pool (`messages::Draft::post`):
//! the writer is a faster path to the same file, not a second source of truth.
//!
//! Checkpoints (copying the WAL back into the database file, with two fsyncs) run on a thread
//! of their own as well, PASSIVE, at most every `CHECKPOINT_EVERY` while writes come in.
//! SQLite's automatic checkpoint runs inside the COMMIT that crosses its threshold (1,000 WAL
//! pages), so that batch, and every write queued behind it, waited for the copy and its fsyncs:
//! the p99 of a chat message at 200 a second was the length of a checkpoint
//! (docs/benchmarks.md). The threshold stays on the writer, since the WAL starts again from its
//! beginning only after a checkpoint that copied every frame, which the checkpointer cannot
//! finish while the writer appends; but by then the checkpointer has copied nearly all of it,
//! so the writer's own checkpoint is short.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};
use tokio::sync::oneshot;

/// Writes taken into one transaction at most: enough to amortise a commit under any load this
/// core can make, few enough that the first of them does not wait long for the last.
const BATCH_MAX: usize = 256;
/// Writes waiting at once; past this, a writer waits for room (back-pressure, not memory).
const QUEUE_MAX: usize = 4_096;
/// How long BEGIN waits for another writer (the sqlx pool's) to finish, as the pool does.
const BUSY_WAIT: Duration = Duration::from_secs(5);
/// Statements kept prepared on the writer's connection (the transaction's own three among them).
const STATEMENTS_KEPT: usize = 24;
/// How often at most the checkpointer copies the WAL back while writes come in: well before
/// the writer's threshold at 1,000 messages a second (~6,000 pages; 250 ms left the writer
/// checkpointing twice a second there, p99 13 ms against 8 ms).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(50);
/// WAL pages past which the writer checkpoints in its own COMMIT (SQLite's default; 10,000
/// let the WAL grow to 40 MB and made the p99 at 1,000 messages a second worse).
const CHECKPOINT_BACKSTOP: u32 = 1_000;

/// Why a write through the writer was not stored.
#[derive(Debug)]
pub enum WriteError {
    /// The write's own statement failed (its transaction went on without it).
    Statement(rusqlite::Error),
    /// Its batch did not commit, or the writer is gone: nothing of it is stored.
    Batch(String),
}

impl WriteError {
    /// Whether the statement met the unique index or constraint on `columns` (SQLite's message
    /// names them: "UNIQUE constraint failed: messages.sender_id, messages.client_key").
    pub fn violates_unique(&self, columns: &str) -> bool {
        match self {
            Self::Statement(rusqlite::Error::SqliteFailure(err, Some(message))) => {
                err.code == rusqlite::ErrorCode::ConstraintViolation
                    && message.starts_with("UNIQUE")
                    && message.contains(columns)
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Statement(err) => write!(f, "{err}"),
            Self::Batch(why) => write!(f, "the batch did not commit: {why}"),
        }
    }
}

/// What a write does once its batch has ended: `Ok` when the batch committed (or the write ran
/// alone), the reason otherwise.
type Finish = Box<dyn FnOnce(Result<(), &str>) + Send>;
/// A write: runs its statement on the writer's connection (`None`: the file could not be
/// opened), then waits for the batch's end.
type Job = Box<dyn FnOnce(Option<&Connection>) -> Finish + Send>;

/// The writer of one SQLite file. Dropping the last handle ends its thread once the queue is
/// empty.
#[derive(Debug)]
pub struct GroupCommit {
    jobs: flume::Sender<Job>,
}

impl GroupCommit {
    /// Starts the writer thread of the file at `path` (created and migrated already); its
    /// connection opens on the first write.
    pub fn start(path: &Path) -> std::io::Result<Self> {
        let (jobs, queue) = flume::bounded::<Job>(QUEUE_MAX);
        // One pending wake-up at most: the writer never waits for the checkpointer.
        let (committed, commits) = flume::bounded::<()>(1);
        let writer_path = path.to_owned();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer(&writer_path, &queue, &committed))?;
        let checkpointer_path = path.to_owned();
        std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || checkpointer(&checkpointer_path, &commits))?;
        Ok(Self { jobs })
    }

    /// Runs `write` in the next batch and answers once that batch has committed. `write` is one
    /// statement: a failing statement is undone alone (SQLite's statement rollback), so a
    /// write of several would need a SAVEPOINT of its own to fail whole.
    pub async fn write<R: Send + 'static>(
        &self,
        write: impl FnOnce(&Connection) -> rusqlite::Result<R> + Send + 'static,
    ) -> Result<R, WriteError> {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |conn| {
            let result = conn.map(write);
            Box::new(move |batch: Result<(), &str>| {
                let outcome = match (result, batch) {
                    (None, batch) => Err(WriteError::Batch(batch.err().unwrap_or("").to_owned())),
                    (Some(Err(err)), _) => Err(WriteError::Statement(err)),
                    (Some(Ok(_)), Err(why)) => Err(WriteError::Batch(why.to_owned())),
                    (Some(Ok(value)), Ok(())) => Ok(value),
                };
                // The caller may have gone (a dropped request): the write stands all the same.
                let _ = answer.send(outcome);
            })
        });
        self.jobs
            .send_async(job)
            .await
            .map_err(|_| WriteError::Batch("the writer has stopped".into()))?;
        answered
            .await
            .map_err(|_| WriteError::Batch("the writer has stopped".into()))?
    }
}

/// The writer thread: a batch of every job waiting, until every handle is dropped. After each
/// batch it wakes the checkpointer.
fn writer(path: &Path, queue: &flume::Receiver<Job>, committed: &flume::Sender<()>) {
    let mut conn: Option<Connection> = None;
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(BATCH_MAX - 1));
        if conn.is_none() {
            match open(path) {
                Ok(opened) => conn = Some(opened),
                Err(err) => {
                    tracing::warn!(error = %err, "the SQLite writer could not open the file");
                    let why = err.to_string();
                    for job in batch {
                        // Nothing to run them on: each fails unrun (its caller retries).
                        job(None)(Err(&why));
                    }
                    continue;
                }
            }
        }
        if let Some(conn) = &conn {
            run_batch(conn, batch);
            // Full: a wake-up is pending already.
            let _ = committed.try_send(());
        }
    }
}

/// The checkpointer thread: a PASSIVE checkpoint after writes, at most every
/// `CHECKPOINT_EVERY`, until the writer ends. PASSIVE never waits for the writer or a reader:
/// it copies what it can, and the writer goes on appending meanwhile.
fn checkpointer(path: &Path, commits: &flume::Receiver<()>) {
    let mut conn: Option<Connection> = None;
    while commits.recv().is_ok() {
        if conn.is_none() {
            conn = open(path)
                .inspect_err(|err| tracing::warn!(error = %err, "the SQLite checkpointer could not open the file"))
                .ok();
        }
        if let Some(conn) = &conn {
            let copied = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
                Ok((row.get::<_, i64>(1)?, row.get::<_, i64>(2)?))
            });
            match copied {
                Ok((frames, copied)) => {
                    tracing::trace!(frames, copied, "checkpoint");
                }
                Err(err) => tracing::debug!(error = %err, "a checkpoint failed"),
            }
        }
        std::thread::sleep(CHECKPOINT_EVERY);
    }
}

fn open(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(BUSY_WAIT)?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "wal_autocheckpoint", CHECKPOINT_BACKSTOP)?;
    conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
    Ok(conn)
}

/// Runs one of the transaction's own statements, prepared once per connection (issue 45:
/// `execute_batch` parsed `BEGIN IMMEDIATE` and `COMMIT` again for each batch, ~18k
/// instructions of a chat message's write).
fn control(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(|_| ())
}

/// One transaction for `batch`; each job answered after its end.
fn run_batch(conn: &Connection, batch: Vec<Job>) {
    if let Err(err) = control(conn, "BEGIN IMMEDIATE") {
        // No transaction (the lock held past the busy wait): each write alone, as autocommit.
        tracing::debug!(error = %err, "a batch ran without a transaction");
        for job in batch {
            job(Some(conn))(Ok(()));
        }
        return;
    }
    let mut done: Vec<Finish> = Vec::with_capacity(batch.len());
    for job in batch {
        if conn.is_autocommit() {
            // The transaction ended under an earlier job: the rest run alone.
            job(Some(conn))(Ok(()));
            continue;
        }
        let finish = job(Some(conn));
        if conn.is_autocommit() {
            // This job's failure (I/O, a full disk) rolled the transaction back: the writes
            // before it are undone. Its own answer is its error.
            let why = "the transaction was rolled back by a later write's failure";
            for earlier in done.drain(..) {
                earlier(Err(why));
            }
            finish(Ok(()));
            continue;
        }
        done.push(finish);
    }
    if conn.is_autocommit() {
        return;
    }
    match control(conn, "COMMIT") {
        Ok(()) => done.into_iter().for_each(|finish| finish(Ok(()))),
        Err(err) => {
            let _ = control(conn, "ROLLBACK");
            let why = err.to_string();
            done.into_iter().for_each(|finish| finish(Err(&why)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file with one table whose `name` is unique, and its writer.
    fn writer_of_a_new_file() -> (tempfile::TempDir, GroupCommit) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("test.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);",
        )
        .unwrap();
        let writer = GroupCommit::start(&path).unwrap();
        (dir, writer)
    }

    fn insert(writer: &GroupCommit, name: &str) -> impl Future<Output = Result<i64, WriteError>> {
        let name = name.to_owned();
        writer.write(move |conn| {
            conn.prepare_cached("INSERT INTO t (name) VALUES ($1) RETURNING id")?
                .query_row([name], |row| row.get(0))
        })
    }

    fn stored(dir: &tempfile::TempDir) -> Vec<String> {
        let conn = Connection::open(dir.path().join("test.db")).unwrap();
        let mut statement = conn.prepare("SELECT name FROM t ORDER BY id").unwrap();
        statement
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[tokio::test]
    async fn writes_sent_together_are_each_answered_and_stored() {
        let (dir, writer) = writer_of_a_new_file();
        let names: Vec<String> = (0..500).map(|n| format!("n{n}")).collect();
        let ids =
            futures_util::future::join_all(names.iter().map(|name| insert(&writer, name))).await;
        let ids: Vec<i64> = ids.into_iter().map(Result::unwrap).collect();
        assert_eq!(ids, (1..=500).collect::<Vec<_>>());
        assert_eq!(stored(&dir), names);
    }

    #[tokio::test]
    async fn a_failed_statement_fails_alone_and_its_batch_commits() {
        let (dir, writer) = writer_of_a_new_file();
        let (a, taken, b) = tokio::join!(
            insert(&writer, "a"),
            insert(&writer, "a"),
            insert(&writer, "b")
        );
        assert!(a.is_ok() && b.is_ok());
        let taken = taken.unwrap_err();
        assert!(taken.violates_unique("t.name"), "{taken}");
        assert!(!taken.violates_unique("t.other"));
        assert_eq!(stored(&dir), ["a", "b"]);
    }

    #[tokio::test]
    async fn the_checkpointer_copies_writes_into_the_database_file() {
        let (dir, writer) = writer_of_a_new_file();
        for name in ["a", "b", "c"] {
            insert(&writer, name).await.unwrap();
        }
        // Three rows are far below the writer's own checkpoint threshold: only the
        // checkpointer puts them in the file itself, which a copy without its WAL shows.
        let copy = dir.path().join("copy.db");
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            std::fs::copy(dir.path().join("test.db"), &copy).unwrap();
            let conn = Connection::open(&copy).unwrap();
            let rows: i64 = conn
                .query_row("SELECT COUNT(*) FROM t", [], |row| row.get(0))
                .unwrap();
            drop(conn);
            if rows == 3 {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{rows} rows in the file"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    #[tokio::test]
    async fn a_file_that_cannot_be_opened_fails_the_write() {
        let dir = tempfile::tempdir().unwrap();
        let writer = GroupCommit::start(&dir.path().join("missing/test.db")).unwrap();
        let err = insert(&writer, "a").await.unwrap_err();
        assert!(matches!(err, WriteError::Batch(_)), "{err}");
    }
}
