//! The loop of an outbox's drainer (Web Push's and mail's): a pass at start (rows a restart
//! left), then one whenever woken, when the next row is due by the clock, or every `poll` (rows
//! another instance queued, whose wake reached its own drainer only); until aborted.

use std::future::Future;
use std::time::Duration;

use tokio::sync::Notify;

use crate::platform::clock::Clock;

/// Runs `pass` (send every due row) and sleeps until `next_due` (the earliest row's time), a
/// wake or `poll`, forever. `outbox` names it in the log.
pub async fn drive<Pass, PassFuture, Next, NextFuture>(
    outbox: &'static str,
    wake: &Notify,
    clock: &Clock,
    poll: Duration,
    mut pass: Pass,
    mut next_due: Next,
) where
    Pass: FnMut() -> PassFuture,
    PassFuture: Future<Output = Result<(), sqlx::Error>>,
    Next: FnMut() -> NextFuture,
    NextFuture: Future<Output = Result<Option<i64>, sqlx::Error>>,
{
    loop {
        let wait = match pass().await {
            Ok(()) => match next_due().await {
                Ok(Some(at)) => {
                    let ms = u64::try_from(at - clock.now_ms()).unwrap_or(0);
                    Duration::from_millis(ms).min(poll)
                }
                Ok(None) => poll,
                Err(err) => {
                    tracing::warn!(outbox, error = %err, "reading an outbox failed");
                    poll
                }
            },
            Err(err) => {
                tracing::warn!(outbox, error = %err, "draining an outbox failed");
                Duration::from_secs(5)
            }
        };
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(wait) => {}
        }
    }
}
