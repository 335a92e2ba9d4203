//! The event hub: which sockets of which users this instance holds, and delivery to them.
//! Handlers write, commit, then publish (`Hub::send`); the frame is serialised once and handed
//! to each socket's bounded queue with `try_send`. A socket whose queue is full has fallen
//! behind: it is cut off (its writer stops and the connection closes) rather than allowed to
//! grow memory or slow anyone else down. At shutdown the hub closes every socket and
//! the server waits (`finished`) for their tasks to say goodbye before closing the database.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::events::to_frame;

/// Frames a socket may have waiting before it counts as fallen behind.
pub const QUEUE_FRAMES: usize = 256;

/// One socket as the hub sees it.
struct Peer {
    id: u64,
    queue: flume::Sender<Utf8Bytes>,
    /// Cancelled when the socket is cut off for falling behind, or its session ended.
    kicked: CancellationToken,
    /// The first 8 bytes of its session's hash (`session_tag`): which sessions' sockets to close.
    session: u64,
}

/// A socket's end of its registration: the frames to write and the signal to stop.
pub struct Registration {
    pub user_id: i64,
    pub id: u64,
    pub frames: flume::Receiver<Utf8Bytes>,
    /// The same queue's sending end, for the socket's own replies (a pong, an error): behind
    /// every event queued before them, with no second queue per socket.
    pub replies: flume::Sender<Utf8Bytes>,
    pub kicked: CancellationToken,
    /// This was the user's first socket on this instance.
    pub first: bool,
}

#[derive(Clone, Default)]
pub struct Hub {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    sockets: RwLock<HashMap<i64, Vec<Peer>>>,
    next_id: AtomicU64,
    /// Sockets cut off for falling behind, since start (a metric and a test hook).
    kicked: AtomicU64,
    /// Cancelled when the server shuts down; every socket's `kicked` is a child of it.
    closing: CancellationToken,
    /// Socket tasks not finished yet (`SocketTask`s alive).
    tasks: AtomicUsize,
    /// Woken when the last socket task finishes.
    tasks_done: Notify,
}

/// Held by a socket's task from the upgrade until its last presence write is done. Upgraded
/// connections are not requests in flight, so the HTTP server's graceful shutdown does not wait
/// for them; the server waits for these instead, before it closes the database.
pub struct SocketTask {
    hub: Hub,
}

impl Drop for SocketTask {
    fn drop(&mut self) {
        if self.hub.inner.tasks.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.hub.inner.tasks_done.notify_waiters();
        }
    }
}

/// A session's tag for the hub: the first 8 bytes of its hex SHA-256 (`auth::session::hash_token`).
pub fn session_tag(session_hash: &str) -> u64 {
    session_hash
        .get(..16)
        .and_then(|hex| u64::from_str_radix(hex, 16).ok())
        .unwrap_or_default()
}

impl Hub {
    /// Adds a socket of `user_id` on the session whose `session_tag` is `session`.
    pub fn register(&self, user_id: i64, session: u64) -> Registration {
        self.register_within(user_id, session, usize::MAX)
            .expect("no cap")
    }

    /// Like `register`, unless the user holds `cap` sockets on this instance already (`None`).
    pub fn register_within(&self, user_id: i64, session: u64, cap: usize) -> Option<Registration> {
        let (queue, frames) = flume::bounded(QUEUE_FRAMES);
        let kicked = self.inner.closing.child_token();
        let mut sockets = self.write();
        let peers = sockets.entry(user_id).or_default();
        if peers.len() >= cap {
            return None;
        }
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let first = peers.is_empty();
        peers.push(Peer {
            id,
            queue: queue.clone(),
            kicked: kicked.clone(),
            session,
        });
        Some(Registration {
            user_id,
            id,
            frames,
            replies: queue,
            kicked,
            first,
        })
    }

    /// Removes a socket; `true` when it was the user's last one on this instance.
    pub fn unregister(&self, user_id: i64, id: u64) -> bool {
        let mut sockets = self.write();
        let Some(peers) = sockets.get_mut(&user_id) else {
            return false;
        };
        peers.retain(|peer| peer.id != id);
        if peers.is_empty() {
            sockets.remove(&user_id);
            true
        } else {
            false
        }
    }

    /// Closes the sockets of `user_id` on this instance whose sessions ended: all of them but
    /// those of the session tagged `keep` (a password change keeps the changing browser's).
    pub fn close_sessions(&self, user_id: i64, keep: Option<u64>) {
        self.close_where(user_id, |session| Some(session) != keep);
    }

    /// Closes the sockets of `user_id` on this instance that live on the session tagged `ended`
    /// (a sign-out).
    pub fn close_session(&self, user_id: i64, ended: u64) {
        self.close_where(user_id, |session| session == ended);
    }

    fn close_where(&self, user_id: i64, ended: impl Fn(u64) -> bool) {
        if let Some(peers) = self.read().get(&user_id) {
            for peer in peers.iter().filter(|peer| ended(peer.session)) {
                peer.kicked.cancel();
            }
        }
    }

    /// Whether `user_id` has a socket open on this instance.
    pub fn is_connected(&self, user_id: i64) -> bool {
        self.read().contains_key(&user_id)
    }

    /// How many users have a socket open on this instance.
    pub fn connected_count(&self) -> usize {
        self.read().len()
    }

    /// Sends `event` to every socket of each of `users` on this instance.
    pub fn send(&self, users: &[i64], event: &impl serde::Serialize) {
        self.deliver(users, Utf8Bytes::from(to_frame(event)));
    }

    /// Hands an already serialised frame to the sockets of `users`.
    pub fn deliver(&self, users: &[i64], frame: Utf8Bytes) {
        self.deliver_except(users, frame, None);
    }

    /// Like `deliver`, skipping the socket `except` (a registration id).
    pub fn deliver_except(&self, users: &[i64], frame: Utf8Bytes, except: Option<u64>) {
        let mut behind = Vec::new();
        {
            let sockets = self.read();
            for user in users {
                let peers = sockets.get(user).into_iter().flatten();
                for peer in peers.filter(|peer| Some(peer.id) != except) {
                    match peer.queue.try_send(frame.clone()) {
                        Ok(()) => {}
                        Err(flume::TrySendError::Full(_)) => behind.push((*user, peer.id)),
                        // The socket is closing; its own task unregisters it.
                        Err(flume::TrySendError::Disconnected(_)) => {}
                    }
                }
            }
        }
        for (user, id) in behind {
            self.kick(user, id);
        }
    }

    /// Cuts a socket off: its writer stops, which closes the connection.
    fn kick(&self, user_id: i64, id: u64) {
        let sockets = self.read();
        if let Some(peer) = sockets
            .get(&user_id)
            .and_then(|peers| peers.iter().find(|peer| peer.id == id))
        {
            peer.kicked.cancel();
            self.inner.kicked.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(user_id, socket = id, "socket fell behind; closed");
        }
    }

    /// Counts a socket's task until the returned guard is dropped.
    pub fn task(&self) -> SocketTask {
        self.inner.tasks.fetch_add(1, Ordering::AcqRel);
        SocketTask { hub: self.clone() }
    }

    /// Waits until every socket task has finished, at most `within`; `false` if some had not.
    pub async fn finished(&self, within: Duration) -> bool {
        tokio::time::timeout(within, async {
            loop {
                // Registered before the check, so a task finishing in between still wakes it.
                let done = self.inner.tasks_done.notified();
                if self.inner.tasks.load(Ordering::Acquire) == 0 {
                    return;
                }
                done.await;
            }
        })
        .await
        .is_ok()
    }

    /// Closes every socket (the server is shutting down).
    pub fn close_all(&self) {
        self.inner.closing.cancel();
    }

    /// Whether the server is shutting down.
    pub fn is_closing(&self) -> bool {
        self.inner.closing.is_cancelled()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<i64, Vec<Peer>>> {
        self.inner
            .sockets
            .read()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<i64, Vec<Peer>>> {
        self.inner
            .sockets
            .write()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::realtime::events::SocketEvent;

    #[test]
    fn frames_reach_every_socket_of_the_named_users_only() {
        let hub = Hub::default();
        let a1 = hub.register(1, 0);
        let a2 = hub.register(1, 0);
        let b = hub.register(2, 0);
        assert!(a1.first && !a2.first && b.first);
        hub.send(&[1], &SocketEvent::Pong);
        assert_eq!(a1.frames.try_recv().unwrap().as_str(), r#"{"type":"pong"}"#);
        assert!(a2.frames.try_recv().is_ok());
        assert!(b.frames.try_recv().is_err());
        assert!(!hub.unregister(1, a1.id));
        assert!(hub.unregister(1, a2.id));
        assert!(!hub.is_connected(1) && hub.is_connected(2));
    }

    #[test]
    fn a_socket_that_falls_behind_is_cut_off_and_the_others_keep_receiving() {
        let hub = Hub::default();
        let slow = hub.register(1, 0);
        let fast = hub.register(1, 0);
        for _ in 0..=QUEUE_FRAMES {
            hub.send(&[1], &SocketEvent::Pong);
            while fast.frames.try_recv().is_ok() {}
        }
        assert!(slow.kicked.is_cancelled());
        assert!(!fast.kicked.is_cancelled());
        hub.send(&[1], &SocketEvent::Pong);
        assert!(fast.frames.try_recv().is_ok());
    }

    #[tokio::test]
    async fn finished_waits_for_the_last_socket_task_and_gives_up_after_its_bound() {
        let hub = Hub::default();
        assert!(
            hub.finished(Duration::ZERO).await,
            "no tasks: finished at once"
        );
        let first = hub.task();
        let second = hub.task();
        assert!(!hub.finished(Duration::from_millis(20)).await);
        drop(first);
        let waiting = tokio::spawn({
            let hub = hub.clone();
            async move { hub.finished(Duration::from_secs(10)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting.is_finished());
        drop(second);
        assert!(waiting.await.unwrap());
    }
}
