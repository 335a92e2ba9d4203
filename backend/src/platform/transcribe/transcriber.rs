//! This instance's transcriber (issue 47): the worker process, started for the first job and
//! again after one died, and the drainer's wake. It knows no application state, so the state
//! can hold it (`AppState::transcriber`); the drainer is `platform::transcribe::run`.

use std::path::Path;
use std::sync::Arc;

use tokio::sync::{Mutex, Notify};

use crate::platform::transcribe::worker::{Heard, Worker, WorkerConfig};

/// Present when `--transcribe-model-dir` is set. Cheap to clone.
#[derive(Clone)]
pub struct Transcriber(Arc<Inner>);

struct Inner {
    config: WorkerConfig,
    wake: Notify,
    worker: Mutex<Option<Worker>>,
}

impl Transcriber {
    pub fn new(config: WorkerConfig) -> Self {
        Self(Arc::new(Inner {
            config,
            wake: Notify::new(),
            worker: Mutex::new(None),
        }))
    }

    /// A job was queued: the drainer looks now rather than at its next poll.
    pub fn wake(&self) {
        self.0.wake.notify_one();
    }

    /// What the drainer waits on.
    pub fn wakes(&self) -> &Notify {
        &self.0.wake
    }

    /// Transcribes the audio file at `path` (job `id`), one job at a time; a worker that
    /// failed is dropped, and the next job starts another.
    pub async fn transcribe(&self, id: i64, path: &Path) -> anyhow::Result<Heard> {
        let mut slot = self.0.worker.lock().await;
        if slot.is_none() {
            *slot = Some(Worker::start(&self.0.config).await?);
        }
        let worker = slot.as_mut().expect("a worker was just started");
        match worker.transcribe(id, path).await {
            Ok(heard) => Ok(heard),
            Err(err) => {
                // Dead, hung or off protocol.
                *slot = None;
                Err(err)
            }
        }
    }
}
