//! A bounded, in-process cache of answer fragments: the part of an item's JSON that is the same
//! for every viewer (a post's images, caption, tags and times), keyed by what the item is and its
//! id, and valid for one revision of it (issue 45). A page copies a fragment's bytes instead of
//! reading those columns and serialising them again for every request.
//!
//! Nothing is invalidated by hand: the row's revision moves on in the transaction that changes
//! what the fragment shows, the page reads the revision with the item, and a fragment of another
//! revision is a miss. So every instance's copy stops matching at the same moment, whoever wrote.
//! Entries leave only by eviction (quick_cache's CLOCK-Pro, past `WEIGHT` bytes).

use std::sync::Arc;

use quick_cache::Weighter;
use quick_cache::sync::Cache;

/// At most this many bytes of fragments are kept (a post's is ~0.5 kB: some 60,000 posts).
pub const WEIGHT: u64 = 32 * 1024 * 1024;

/// What a fragment is of; ids are only unique within one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Post,
}

/// One item's viewer-independent JSON members at one revision, in two parts that the answer's
/// other members go between (`head()`, `tail()`).
#[derive(Debug)]
pub struct Fragment {
    pub revision: i64,
    bytes: Box<[u8]>,
    cut: usize,
}

impl Fragment {
    /// `head` and `tail` (each a run of JSON members without braces) of `revision`.
    pub fn new(revision: i64, mut head: Vec<u8>, tail: &[u8]) -> Self {
        let cut = head.len();
        head.extend_from_slice(tail);
        Self {
            revision,
            bytes: head.into_boxed_slice(),
            cut,
        }
    }

    pub fn head(&self) -> &[u8] {
        &self.bytes[..self.cut]
    }

    pub fn tail(&self) -> &[u8] {
        &self.bytes[self.cut..]
    }
}

/// A fragment weighs its bytes and what keeps it.
#[derive(Clone, Copy)]
struct Bytes;

impl Weighter<(Kind, i64), Arc<Fragment>> for Bytes {
    fn weight(&self, _: &(Kind, i64), fragment: &Arc<Fragment>) -> u64 {
        fragment.bytes.len() as u64 + 64
    }
}

/// Held once, in the application's state.
pub struct Fragments(Cache<(Kind, i64), Arc<Fragment>, Bytes>);

/// The number of fragments `WEIGHT` holds if each is a post's (the cache sizes its table by it).
const ESTIMATED_ITEMS: usize = (WEIGHT / 600) as usize;

impl Default for Fragments {
    fn default() -> Self {
        Self(Cache::with_weighter(ESTIMATED_ITEMS, WEIGHT, Bytes))
    }
}

impl std::fmt::Debug for Fragments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fragments").finish_non_exhaustive()
    }
}

impl Fragments {
    /// The fragment of `id` at `revision`, if kept.
    pub fn get(&self, kind: Kind, id: i64, revision: i64) -> Option<Arc<Fragment>> {
        self.0
            .get(&(kind, id))
            .filter(|fragment| fragment.revision == revision)
    }

    /// Keeps `fragment` for `id` (in place of one of another revision).
    pub fn put(&self, kind: Kind, id: i64, fragment: Arc<Fragment>) {
        self.0.insert((kind, id), fragment);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_of_another_revision_is_a_miss() {
        let fragments = Fragments::default();
        fragments.put(
            Kind::Post,
            7,
            Arc::new(Fragment::new(2, b"\"a\":1".to_vec(), b"\"b\":2")),
        );
        assert!(fragments.get(Kind::Post, 7, 1).is_none());
        assert!(fragments.get(Kind::Post, 8, 2).is_none());
        let kept = fragments.get(Kind::Post, 7, 2).unwrap();
        assert_eq!(kept.head(), b"\"a\":1");
        assert_eq!(kept.tail(), b"\"b\":2");
    }
}
