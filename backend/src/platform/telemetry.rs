//! Structured logs: pretty for people, JSON for machines. `RUST_LOG` overrides the levels.
//! Lines are formatted on the calling thread and appended to a shared in-memory batch; a
//! background thread writes the batch to stdout every `FLUSH_EVERY` (one `write` for many
//! lines), so a request never waits on stdout and never wakes another thread. If the writer
//! falls behind by more than `BATCH_LIMIT` bytes, lines are dropped (and counted) rather than
//! stalling requests or growing memory.
//!
//! Why not tracing-appender's non-blocking writer (used until 2026-11-23): it wakes its thread
//! for every line and flushes whenever its queue empties, so under load each request paid a
//! thread wake-up and a `write` syscall (11 % of `/healthz`'s profile; docs/benchmarks.md).

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

use crate::platform::config::LogFormat;

/// How long a line may wait in memory before it is written.
const FLUSH_EVERY: Duration = Duration::from_millis(50);
/// Bytes held in memory at most (about 40,000 request lines); past it lines are dropped.
const BATCH_LIMIT: usize = 8 * 1024 * 1024;

/// Installs the global subscriber. Keep the guard for the life of the process: dropping it
/// writes the lines still held and stops the writer thread.
#[must_use = "dropping the guard stops the log writer"]
pub fn init(format: LogFormat) -> LogGuard {
    let (writer, guard) = BatchWriter::spawn(io::stdout(), FLUSH_EVERY, BATCH_LIMIT);
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(io::stdout().is_terminal())
        .with_writer(writer);
    match format {
        LogFormat::Pretty => builder.compact().init(),
        LogFormat::Json => builder.json().flatten_event(true).init(),
    }
    guard
}

struct Shared {
    batch: Mutex<Vec<u8>>,
    limit: usize,
    dropped: AtomicU64,
    stopping: AtomicBool,
    stop: Condvar,
}

/// A `MakeWriter` whose writes append to the shared batch. Cheap to clone.
#[derive(Clone)]
pub struct BatchWriter {
    shared: Arc<Shared>,
}

/// Stops the writer thread when dropped, after it has written everything held.
pub struct LogGuard {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl BatchWriter {
    /// A writer and the guard of its thread, which writes to `out` every `every`.
    pub fn spawn<W: Write + Send + 'static>(
        mut out: W,
        every: Duration,
        limit: usize,
    ) -> (Self, LogGuard) {
        let shared = Arc::new(Shared {
            batch: Mutex::new(Vec::with_capacity(64 * 1024)),
            limit,
            dropped: AtomicU64::new(0),
            stopping: AtomicBool::new(false),
            stop: Condvar::new(),
        });
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("log-writer".into())
                .spawn(move || {
                    let mut spare = Vec::with_capacity(64 * 1024);
                    loop {
                        let stopping = {
                            let batch = shared.batch.lock().unwrap_or_else(PoisonError::into_inner);
                            let (mut batch, _) = shared
                                .stop
                                .wait_timeout_while(batch, every, |_| {
                                    !shared.stopping.load(Ordering::Acquire)
                                })
                                .unwrap_or_else(PoisonError::into_inner);
                            std::mem::swap(&mut *batch, &mut spare);
                            shared.stopping.load(Ordering::Acquire)
                        };
                        let dropped = shared.dropped.swap(0, Ordering::Relaxed);
                        if dropped > 0 {
                            let _ = writeln!(
                                spare,
                                "log writer: {dropped} lines dropped (stdout too slow)"
                            );
                        }
                        if !spare.is_empty() {
                            // Nowhere to report a failing stdout; the lines are lost either way.
                            let _ = out.write_all(&spare).and_then(|()| out.flush());
                            spare.clear();
                        }
                        if stopping {
                            return;
                        }
                    }
                })
                .expect("spawning the log writer thread")
        };
        (
            Self {
                shared: Arc::clone(&shared),
            },
            LogGuard {
                shared,
                thread: Some(thread),
            },
        )
    }
}

impl Write for BatchWriter {
    fn write(&mut self, line: &[u8]) -> io::Result<usize> {
        let mut batch = self
            .shared
            .batch
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if batch.len() + line.len() > self.shared.limit {
            self.shared.dropped.fetch_add(1, Ordering::Relaxed);
        } else {
            batch.extend_from_slice(line);
        }
        Ok(line.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for BatchWriter {
    type Writer = BatchWriter;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

impl Drop for LogGuard {
    fn drop(&mut self) {
        self.shared.stopping.store(true, Ordering::Release);
        // Taking the lock orders the store before the writer's next check of the condition.
        drop(self.shared.batch.lock());
        self.shared.stop.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Write` that records into a shared buffer.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_wait_in_memory_until_the_period_or_the_stop() {
        let sink = Sink::default();
        let (writer, guard) = BatchWriter::spawn(sink.clone(), Duration::from_secs(3600), 1 << 20);
        let mut line = writer.make_writer();
        line.write_all(b"one\n").unwrap();
        line.write_all(b"two\n").unwrap();
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            sink.0.lock().unwrap().is_empty(),
            "nothing is written on the caller's thread"
        );
        drop(guard);
        assert_eq!(&*sink.0.lock().unwrap(), b"one\ntwo\n");
    }

    #[test]
    fn the_thread_writes_the_batch_every_period() {
        let sink = Sink::default();
        let (writer, _guard) = BatchWriter::spawn(sink.clone(), Duration::from_millis(10), 1 << 20);
        writer.make_writer().write_all(b"one\n").unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while sink.0.lock().unwrap().is_empty() && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(&*sink.0.lock().unwrap(), b"one\n");
    }

    #[test]
    fn past_the_limit_lines_are_dropped_and_counted() {
        let sink = Sink::default();
        let (writer, guard) = BatchWriter::spawn(sink.clone(), Duration::from_secs(3600), 8);
        let mut line = writer.make_writer();
        line.write_all(b"1234\n").unwrap();
        line.write_all(b"5678\n").unwrap();
        line.write_all(b"9\n").unwrap();
        drop(guard);
        assert_eq!(
            String::from_utf8(sink.0.lock().unwrap().clone()).unwrap(),
            "1234\n9\nlog writer: 1 lines dropped (stdout too slow)\n"
        );
    }
}
