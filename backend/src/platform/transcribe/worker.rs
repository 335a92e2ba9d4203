//! The transcription worker (issue 47): `backend/transcribe/worker.py` (faster-whisper on
//! CTranslate2, from PyPI) in a child process this instance supervises, spoken to in JSON
//! lines over its stdin and stdout, at the lowest CPU priority. One job at a time; a worker
//! that dies, hangs or answers nonsense is killed and started again for the next job.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use serde::Deserialize;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// The worker's source, carried in the binary (run with `python -c`), so a release build
/// needs no file beside it.
const SOURCE: &str = include_str!("../../../transcribe/worker.py");
/// Loading the model takes about a second; a slow disk or a loaded machine, more.
const READY_WITHIN: Duration = Duration::from_secs(120);
/// Five minutes of audio take about 20 s on one core; a job past this is a hung worker.
const JOB_WITHIN: Duration = Duration::from_secs(300);

/// How the worker is started.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    pub python: PathBuf,
    pub model_dir: PathBuf,
    pub threads: u16,
}

/// A worker's answer to one job.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// What was said ("" for silence).
    Text(String),
    /// The audio could not be transcribed (not decodable, too long): trying again won't help.
    Refused(String),
}

pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
}

#[derive(Deserialize)]
struct Answer {
    id: Option<i64>,
    text: Option<String>,
    error: Option<String>,
    ready: Option<bool>,
}

impl Worker {
    /// Starts a worker and waits for its model to be loaded.
    pub async fn start(config: &WorkerConfig) -> anyhow::Result<Self> {
        // At the lowest CPU priority (coreutils' `nice`): a backlog of transcripts takes what
        // the requests leave, never what they need.
        let mut child = Command::new("nice")
            .args(["-n", "19"])
            .arg(&config.python)
            .arg("-c")
            .arg(SOURCE)
            .arg("--model-dir")
            .arg(&config.model_dir)
            .arg("--threads")
            .arg(config.threads.max(1).to_string())
            .env("HF_HUB_OFFLINE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", config.python.display()))?;
        let stdin = child.stdin.take().context("the worker's stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("the worker's stdout")?).lines();
        let mut worker = Self {
            child,
            stdin,
            stdout,
        };
        let ready = tokio::time::timeout(READY_WITHIN, worker.answer())
            .await
            .map_err(|_| anyhow!("the transcription worker did not load its model in time"))??;
        if ready.ready != Some(true) {
            bail!("the transcription worker did not say it was ready");
        }
        Ok(worker)
    }

    /// Transcribes the audio file at `path`. An `Err` means the worker is unusable (dead,
    /// hung, off protocol): drop it and start another.
    pub async fn transcribe(&mut self, id: i64, path: &Path) -> anyhow::Result<Heard> {
        let path = path
            .to_str()
            .context("a temporary path that is not UTF-8")?;
        let mut line = serde_json::to_string(&serde_json::json!({ "id": id, "path": path }))?;
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).await?;
        self.stdin.flush().await?;
        let answer = tokio::time::timeout(JOB_WITHIN, self.answer())
            .await
            .map_err(|_| anyhow!("the transcription worker took over {JOB_WITHIN:?}"))??;
        if answer.id != Some(id) {
            bail!("the transcription worker answered another job");
        }
        match (answer.text, answer.error) {
            (Some(text), None) => Ok(Heard::Text(text)),
            (_, Some(error)) => Ok(Heard::Refused(error)),
            (None, None) => bail!("the transcription worker answered neither text nor error"),
        }
    }

    async fn answer(&mut self) -> anyhow::Result<Answer> {
        let line = self
            .stdout
            .next_line()
            .await?
            .ok_or_else(|| anyhow!("the transcription worker exited"))?;
        serde_json::from_str(&line).with_context(|| format!("the worker said {line:?}"))
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // kill_on_drop reaps it too; this makes the intent plain.
        let _ = self.child.start_kill();
    }
}
