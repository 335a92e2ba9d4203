//! A short-lived, bounded, in-process cache of live sessions: token hash → user and expiry
//! (moka). It saves the session lookup (a query, and on SQLite two thread hand-offs) on almost
//! every signed-in request. `sessions` keeps it honest on this instance: deleting a session
//! evicts it at once, and a change to a user's row evicts that user's entries. Another
//! instance's logout or profile change is seen here at most `TTL` later (docs/decisions.md,
//! issue 5 performance). An entry never outlives its session's own expiry.

use std::time::{Duration, Instant};

use moka::sync::Cache;

use crate::kernel::user::UserRow;

/// How long a looked-up session is trusted without asking the database again.
pub const TTL: Duration = Duration::from_secs(5);
/// At most this many sessions are kept (moka evicts the least used past it).
pub const CAPACITY: u64 = 10_000;

#[derive(Clone)]
struct Entry {
    user: UserRow,
    expires_at: i64,
    /// When the database confirmed it; a slid expiry keeps this, so `TTL` is not restarted.
    cached_at: Instant,
}

/// Cheap to clone; every clone sees the same entries.
#[derive(Clone)]
pub struct SessionCache(Cache<String, Entry>);

impl Default for SessionCache {
    fn default() -> Self {
        Self(
            Cache::builder()
                .max_capacity(CAPACITY)
                .time_to_live(TTL)
                .support_invalidation_closures()
                .build(),
        )
    }
}

impl std::fmt::Debug for SessionCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionCache").finish_non_exhaustive()
    }
}

impl SessionCache {
    /// The user and expiry of `token_hash` if cached within `TTL` and unexpired at `now_ms`.
    pub fn get(&self, token_hash: &str, now_ms: i64) -> Option<(UserRow, i64)> {
        let entry = self.0.get(token_hash)?;
        (entry.cached_at.elapsed() < TTL && entry.expires_at > now_ms)
            .then_some((entry.user, entry.expires_at))
    }

    /// Remembers a session the database has just confirmed.
    pub fn put(&self, token_hash: &str, user: &UserRow, expires_at: i64) {
        let entry = Entry {
            user: user.clone(),
            expires_at,
            cached_at: Instant::now(),
        };
        self.0.insert(token_hash.to_owned(), entry);
    }

    /// Records a slid expiry without restarting the entry's `TTL`.
    pub fn set_expiry(&self, token_hash: &str, expires_at: i64) {
        if let Some(mut entry) = self.0.get(token_hash) {
            entry.expires_at = expires_at;
            self.0.insert(token_hash.to_owned(), entry);
        }
    }

    /// Forgets one session (it was deleted).
    pub fn forget(&self, token_hash: &str) {
        self.0.invalidate(token_hash);
    }

    /// Forgets every session of `user_id` (their row changed).
    pub fn forget_user(&self, user_id: i64) {
        // Registered predicates are checked on every read, so this takes effect at once.
        self.0
            .invalidate_entries_if(move |_, entry| entry.user.id == user_id)
            .expect("invalidation closures are enabled");
    }

    /// Forgets everything.
    pub fn clear(&self) {
        self.0.invalidate_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: i64) -> UserRow {
        UserRow {
            id,
            username: format!("user{id}"),
            email: format!("user{id}@example.com"),
            display_name: "User".into(),
            bio: None,
            profile_image_url: None,
            is_admin: 0,
            created_at: 0,
            email_verified_at: Some(0),
        }
    }

    #[test]
    fn a_cached_session_is_found_until_it_expires() {
        let cache = SessionCache::default();
        cache.put("a", &user(1), 1_000);
        assert_eq!(cache.get("a", 999).map(|(u, _)| u.id), Some(1));
        assert!(cache.get("a", 1_000).is_none());
        assert!(cache.get("b", 0).is_none());
    }

    #[test]
    fn forgetting_a_session_or_its_user_evicts_at_once() {
        let cache = SessionCache::default();
        cache.put("a", &user(1), 1_000);
        cache.put("b", &user(1), 1_000);
        cache.put("c", &user(2), 1_000);
        cache.forget("a");
        assert!(cache.get("a", 0).is_none());
        cache.forget_user(1);
        assert!(cache.get("b", 0).is_none());
        assert!(cache.get("c", 0).is_some());
    }
}
