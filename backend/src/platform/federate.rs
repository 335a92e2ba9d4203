//! What the areas tell federation (issue 46) after they wrote: a post published, edited or
//! deleted, a follow, a like, a comment. Federation is the area above them (it calls their
//! services for what arrives from other servers), so they cannot name it; they tell this
//! trait instead, which the application fills with federation's sender (`federation::Sender`)
//! when federation is on. Telling queues the deliveries in the database before it returns, so
//! an act's answer comes after its activities are safe in the outbox.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// An act that may concern other servers. The federation side decides whether it does (a
/// post of a private account goes only to approved followers, a like of a local post nowhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A post went out (published now, or from a draft or a schedule).
    Published { post: i64 },
    /// A post's caption or images changed.
    Edited { post: i64 },
    /// A post was deleted (its row is gone: only its ids are left).
    Deleted { post: i64, author: i64 },
    /// `follower` follows `followee` now, or asked to.
    Followed { follower: i64, followee: i64 },
    /// `follower` stopped following `followee`, or took back a request.
    Unfollowed { follower: i64, followee: i64 },
    /// The owner of a private account answered `requester`'s request.
    Answered {
        owner: i64,
        requester: i64,
        approved: bool,
    },
    /// `user` liked (or unliked) `post`.
    Liked { user: i64, post: i64, liked: bool },
    /// A comment was written.
    Commented { comment: i64 },
    /// Report `report` was made, and its reporter asked for it to go to the server of the
    /// account it is about too (when that account is another server's).
    Reported { report: i64 },
}

/// The receiver of changes.
pub trait Federate: Send + Sync + 'static {
    fn changed(&self, change: Change) -> Pin<Box<dyn Future<Output = ()> + Send + '_>>;

    /// The receiver itself, for the area that made it (its handlers reach their sender so).
    fn as_any(&self) -> &dyn Any;
}

/// Federation's receiver, or nobody (federation off). Cheap to clone.
#[derive(Clone, Default)]
pub struct Federator(Option<Arc<dyn Federate>>);

impl Federator {
    pub fn new(receiver: Arc<dyn Federate>) -> Self {
        Self(Some(receiver))
    }

    /// Tells federation of `change` (nothing when it is off); returns once its deliveries are
    /// queued.
    pub async fn tell(&self, change: Change) {
        if let Some(receiver) = &self.0 {
            receiver.changed(change).await;
        }
    }

    /// The receiver as its own type (the federation area's sender).
    pub fn receiver<T: 'static>(&self) -> Option<&T> {
        self.0.as_ref()?.as_any().downcast_ref()
    }
}
