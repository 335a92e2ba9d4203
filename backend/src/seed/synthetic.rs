//! `atelier seed --synthetic --users N --posts M`: the benchmark data set. Users `user000001`…
//! (password `synthetic-password`, one argon2 hash shared by all so seeding takes seconds),
//! posts with external image URLs, 0–6 likes a post (3 on average; `likes_count` is recounted
//! from the like rows), 0–6 comments a post (3 on average, one in four after a post's first a
//! reply to it; the newest post has 100 more, so its comment pages are full), about 10 follows
//! a user, and one or two live stories for one user in ten (created during the last 23 hours). `user000001` — the first synthetic user —
//! writes one post in twenty, so a profile with many posts exists. Chat: each user starts a
//! one-to-one conversation with each of the next `CHAT_NEIGHBOURS` users (wrapping round), so
//! each is in about four, of 10–30 messages each (a second apart, the newest a second ago),
//! one in six a reply to an earlier message and one in five with reactions. Deterministic:
//! the same arguments on an empty database give the same data.
//!
//! `sign_in` gives every synthetic user a session without argon2, for load generators.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;

use crate::identity::session::{SESSION_TTL_MS, new_token};
use crate::platform::db::{Db, now_ms};
use crate::platform::password::PasswordHasher;
use crate::seed::synthetic_rows as sql;
use crate::seed::synthetic_rows::{
    MAX_ROWS, NewComment, NewMessage, NewPost, NewReaction, NewStory, NewUser,
};
use crate::social::rules::story::STORY_LIFETIME_MS;

/// The password of every synthetic account.
pub const PASSWORD: &str = "synthetic-password";
/// Rows per write transaction (each a few INSERT statements of `MAX_ROWS` rows): few enough
/// commits that the seed is not bound by them, short enough not to hold the write lock long.
const ROWS_PER_TRANSACTION: usize = 10_000;
/// Posts (with their likes) per write transaction.
const POSTS_PER_TRANSACTION: usize = ROWS_PER_TRANSACTION / 2;
/// Follows each synthetic user makes (fewer when there are not that many others).
const FOLLOWS_PER_USER: usize = 10;
/// The most likes a post gets; the count is uniform in 0..=MAX_LIKES.
const MAX_LIKES: u64 = 6;
/// The most comments a post gets; the count is uniform in 0..=MAX_COMMENTS (3 on average, so
/// 100,000 posts carry about 300,000 comments).
const MAX_COMMENTS: u64 = 6;
/// One comment in this many (after a post's first) replies to the post's first comment.
const COMMENT_REPLY_EVERY: usize = 4;
/// Top-level comments of the newest post, so one post's comment pages are full (the bench
/// reads them).
const DISCUSSED_POST_COMMENTS: usize = 100;
/// One post in this many belongs to the first synthetic user.
const PROLIFIC_EVERY: usize = 20;
/// One user in this many has live stories.
const STORYTELLER_EVERY: usize = 10;
/// Conversations each user starts, with the next users by number.
const CHAT_NEIGHBOURS: usize = 2;
/// Messages a conversation gets: uniform in `MIN_MESSAGES..=MAX_MESSAGES` (20 on average).
const MIN_MESSAGES: usize = 10;
const MAX_MESSAGES: usize = 30;
/// One message in this many (after a conversation's first) replies to an earlier one.
const REPLY_EVERY: usize = 6;
/// One message in this many gets reactions.
const REACTED_EVERY: usize = 5;
/// Conversations (with their ~20 messages) per write transaction.
const CONVERSATIONS_PER_TRANSACTION: usize = ROWS_PER_TRANSACTION / 20;
/// Blocks of conversations written between two refreshes of PostgreSQL's statistics
/// (`sql::analyze`), the first before any message.
const ANALYZE_EVERY_BLOCKS: usize = 20;
/// Time between two consecutive messages of the whole data set.
const MESSAGE_GAP_MS: i64 = 1_000;
const EMOJIS: &[&str] = &["👍", "❤️", "😂", "🔥", "👏", "🎨"];

const FIRST_NAMES: &[&str] = &[
    "Ada", "Bruno", "Chiara", "Dmitri", "Elena", "Farah", "Goro", "Hana", "Ivo", "Jonas", "Kemi",
    "Luca", "Mira", "Nadia", "Oskar", "Priya", "Quinn", "Rosa", "Sven", "Tara",
];
const LAST_NAMES: &[&str] = &[
    "Abe", "Bianchi", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ito", "Jansen",
    "Kowalski", "Larsen", "Moreau", "Novak", "Okafor", "Petrov", "Rossi", "Silva", "Tanaka",
    "Weber",
];
const WORDS: &[&str] = &[
    "harbour", "study", "light", "sketch", "portrait", "loop", "synth", "grain", "motion",
    "palette", "shader", "ink", "dusk", "type", "clay", "render",
];

/// What a synthetic seed created.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seeded {
    /// The new accounts, in creation order.
    pub user_ids: Vec<i64>,
    pub posts: usize,
    pub likes: usize,
    pub comments: usize,
    pub follows: usize,
    pub stories: usize,
    pub conversations: usize,
    pub messages: usize,
    pub reactions: usize,
}

/// Seeds `users` accounts and `posts` posts (with likes and follows) after whatever exists,
/// their times counted back from `now` (epoch milliseconds; the clock's when `None`).
pub async fn seed(db: &Db, users: usize, posts: usize, now: Option<i64>) -> anyhow::Result<Seeded> {
    anyhow::ensure!(
        users > 0 || posts == 0,
        "posts need authors: pass --users 1 or more"
    );
    let mut rng = SplitMix64(0x5eed_a7e1_1e12);
    let password_hash = PasswordHasher::default().hash(PASSWORD).await?;
    let now = now.unwrap_or_else(now_ms);
    let first_number = sql::user_count(db).await? + 1;

    let mut user_ids = Vec::with_capacity(users);
    let numbers: Vec<i64> = (first_number..).take(users).collect();
    for transaction in numbers.chunks(ROWS_PER_TRANSACTION) {
        let mut tx = db.begin_write().await?;
        for chunk in transaction.chunks(MAX_ROWS) {
            let batch: Vec<NewUser> = chunk.iter().map(|&n| synthetic_user(n)).collect();
            user_ids.extend(sql::insert_users(&mut tx, &batch, &password_hash, now).await?);
        }
        tx.commit().await?;
    }
    tracing::info!(users = user_ids.len(), "synthetic users created");

    let mut seeded = Seeded::default();
    // Posts a minute apart, the newest now: ids and times grow together, as in real use.
    let oldest = now - i64::try_from(posts).unwrap_or(i64::MAX / 60_000) * 60_000;
    for start in (0..posts).step_by(POSTS_PER_TRANSACTION) {
        let end = (start + POSTS_PER_TRANSACTION).min(posts);
        let mut tx = db.begin_write().await?;
        let mut ids = Vec::with_capacity(end - start);
        let batch: Vec<NewPost> = (start..end)
            .map(|i| {
                let author = if i.is_multiple_of(PROLIFIC_EVERY) {
                    user_ids[0]
                } else {
                    user_ids[rng.below(user_ids.len())]
                };
                synthetic_post(i, author, oldest + i as i64 * 60_000, &mut rng)
            })
            .collect();
        for chunk in batch.chunks(MAX_ROWS) {
            ids.extend(sql::insert_posts(&mut tx, chunk).await?);
        }
        let mut likes = Vec::with_capacity(ids.len() * MAX_LIKES as usize / 2);
        for &post in &ids {
            let wanted = (rng.next() % (MAX_LIKES + 1)) as usize;
            for liker in distinct(&mut rng, &user_ids, wanted, None) {
                likes.push((liker, post));
            }
        }
        sql::insert_likes(&mut tx, &likes, now).await?;
        let last_batch = end == posts;
        seeded.comments +=
            seed_comments(&mut tx, &mut rng, &user_ids, &ids, &batch, last_batch).await?;
        if let (Some(&first), Some(&last)) = (ids.iter().min(), ids.iter().max()) {
            sql::recount_likes(&mut tx, first, last).await?;
            sql::recount_comments(&mut tx, first, last).await?;
        }
        tx.commit().await?;
        seeded.posts += ids.len();
        seeded.likes += likes.len();
    }
    tracing::info!(
        posts = seeded.posts,
        likes = seeded.likes,
        comments = seeded.comments,
        "synthetic posts created"
    );

    let mut follows = Vec::with_capacity(user_ids.len() * FOLLOWS_PER_USER);
    for &follower in &user_ids {
        for followee in distinct(&mut rng, &user_ids, FOLLOWS_PER_USER, Some(follower)) {
            follows.push((follower, followee));
        }
    }
    for chunk in follows.chunks(ROWS_PER_TRANSACTION) {
        let mut tx = db.begin_write().await?;
        sql::insert_follows(&mut tx, chunk, now).await?;
        tx.commit().await?;
    }
    seeded.follows = follows.len();

    // Stories of the last 23 hours, so they are all live when the benchmark runs.
    let mut stories = Vec::new();
    for (n, &user_id) in user_ids.iter().enumerate() {
        if !n.is_multiple_of(STORYTELLER_EVERY) {
            continue;
        }
        for _ in 0..1 + rng.below(2) {
            let created_at = now - (rng.next() % 82_800_000) as i64;
            stories.push(NewStory {
                user_id,
                image_url: format!(
                    "https://img.example.com/story/{user_id}-{}.jpg",
                    stories.len()
                ),
                created_at,
                expires_at: created_at + STORY_LIFETIME_MS,
            });
        }
    }
    for chunk in stories.chunks(ROWS_PER_TRANSACTION) {
        let mut tx = db.begin_write().await?;
        sql::insert_stories(&mut tx, chunk).await?;
        tx.commit().await?;
    }
    seeded.stories = stories.len();

    let chat = seed_chat(db, &mut rng, &user_ids, now).await?;
    seeded.conversations = chat.conversations;
    seeded.messages = chat.messages;
    seeded.reactions = chat.reactions;
    tracing::info!(
        conversations = chat.conversations,
        messages = chat.messages,
        "synthetic chat created"
    );
    sql::settle(db).await?;
    seeded.user_ids = user_ids;
    Ok(seeded)
}

/// Comments on a batch of posts (`ids`, in the order of `batch`): 0–6 each, a minute or so
/// after the post, one in four after a post's first replying to that first one; the newest
/// post of the data set (the end of the `last` batch) gets `DISCUSSED_POST_COMMENTS` more.
/// Answers how many were written.
async fn seed_comments(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    rng: &mut SplitMix64,
    user_ids: &[i64],
    ids: &[i64],
    batch: &[NewPost],
    last: bool,
) -> anyhow::Result<usize> {
    let comment = |post_id: i64, parent_id, created_at, rng: &mut SplitMix64| NewComment {
        post_id,
        user_id: user_ids[rng.below(user_ids.len())],
        parent_id,
        content: format!(
            "Synthetic comment {} {}",
            WORDS[rng.below(WORDS.len())],
            WORDS[rng.below(WORDS.len())]
        ),
        created_at,
    };
    // Each post's first comment (and the discussed post's extra ones) first, so replies can
    // name it by id; `first[i]` is the index in `top` of post i's first comment.
    let mut wanted = Vec::with_capacity(ids.len());
    let mut first = Vec::with_capacity(ids.len());
    let mut top = Vec::with_capacity(ids.len());
    for (&post_id, post) in ids.iter().zip(batch) {
        let count = (rng.next() % (MAX_COMMENTS + 1)) as usize;
        let extra = if last && Some(&post_id) == ids.last() {
            DISCUSSED_POST_COMMENTS
        } else {
            0
        };
        wanted.push(count);
        first.push(top.len());
        for n in 0..count.min(1) + extra {
            top.push(comment(
                post_id,
                None,
                post.created_at + 500 * (n as i64 + 1),
                rng,
            ));
        }
    }
    let top_ids = sql::insert_comments(tx, &top).await?;
    // The rest of each post's comments: replies to its first, or more top-level ones.
    let mut rest = Vec::new();
    for (i, (&post_id, post)) in ids.iter().zip(batch).enumerate() {
        for n in 1..wanted[i] {
            let parent = n
                .is_multiple_of(COMMENT_REPLY_EVERY)
                .then_some(top_ids[first[i]]);
            rest.push(comment(
                post_id,
                parent,
                post.created_at + 55_000 + n as i64,
                rng,
            ));
        }
    }
    let rest_ids = sql::insert_comments(tx, &rest).await?;
    Ok(top_ids.len() + rest_ids.len())
}

/// What `seed_chat` created.
struct Chat {
    conversations: usize,
    messages: usize,
    reactions: usize,
}

/// One synthetic conversation while its messages are written.
struct Thread {
    id: i64,
    people: (i64, i64),
    wanted: usize,
    /// Its messages so far, oldest first.
    messages: Vec<i64>,
}

/// Conversations between neighbours by number, then their messages, a block of conversations
/// at a time in rounds: round `k` writes the `k`-th message of every conversation of the block
/// that has that many, so a reply can name any message of an earlier round by id, and ids and
/// times grow together across the data set as they do in real use. Members and
/// `last_message_id` follow each message, through the trigger of migration 0006.
async fn seed_chat(
    db: &Db,
    rng: &mut SplitMix64,
    user_ids: &[i64],
    now: i64,
) -> anyhow::Result<Chat> {
    let mut pairs = Vec::with_capacity(user_ids.len() * CHAT_NEIGHBOURS);
    let mut seen = HashSet::new();
    for (n, &me) in user_ids.iter().enumerate() {
        for step in 1..=CHAT_NEIGHBOURS {
            let other = user_ids[(n + step) % user_ids.len()];
            let pair = (me.min(other), me.max(other));
            if me != other && seen.insert(pair) {
                pairs.push(pair);
            }
        }
    }
    let wanted: Vec<usize> = pairs
        .iter()
        .map(|_| MIN_MESSAGES + rng.below(MAX_MESSAGES - MIN_MESSAGES + 1))
        .collect();
    let total = wanted.iter().sum::<usize>() as i64;
    let mut at = now - total * MESSAGE_GAP_MS;
    let created_at = at - 60_000;

    let mut threads = Vec::with_capacity(pairs.len());
    for transaction in pairs.chunks(ROWS_PER_TRANSACTION) {
        let mut tx = db.begin_write().await?;
        for chunk in transaction.chunks(MAX_ROWS) {
            for (id, a, b) in sql::insert_conversations(&mut tx, chunk, created_at).await? {
                threads.push(Thread {
                    id,
                    people: (a, b),
                    wanted: 0,
                    messages: Vec::new(),
                });
            }
        }
        tx.commit().await?;
    }
    // The counts follow the pairs' order; ids are in the same order whatever RETURNING says.
    let mut by_pair: HashMap<(i64, i64), usize> =
        pairs.iter().zip(wanted).map(|(&p, w)| (p, w)).collect();
    threads.sort_unstable_by_key(|thread| thread.id);
    for thread in &mut threads {
        thread.wanted = by_pair.remove(&thread.people).unwrap_or(0);
    }
    // A conversation's place in its block.
    let index: HashMap<i64, usize> = threads
        .iter()
        .enumerate()
        .map(|(i, thread)| (thread.id, i % CONVERSATIONS_PER_TRANSACTION))
        .collect();

    let mut chat = Chat {
        conversations: threads.len(),
        messages: 0,
        reactions: 0,
    };
    // A transaction writes a block of conversations whole, so each round's index inserts land
    // in one small region of `messages_conversation_id_idx` (rounds over every conversation at
    // once touched all of it each time and made the seed three times slower on SQLite).
    for (n, block) in threads
        .chunks_mut(CONVERSATIONS_PER_TRANSACTION)
        .enumerate()
    {
        if n.is_multiple_of(ANALYZE_EVERY_BLOCKS) {
            sql::analyze(db).await?;
        }
        let mut tx = db.begin_write().await?;
        let mut reactions = Vec::new();
        for round in 0..MAX_MESSAGES {
            let mut batch = Vec::new();
            for thread in block.iter().filter(|thread| thread.wanted > round) {
                let (a, b) = thread.people;
                let reply_to_id = (round > 0 && rng.below(REPLY_EVERY) == 0)
                    .then(|| thread.messages[rng.below(thread.messages.len())]);
                batch.push(NewMessage {
                    conversation_id: thread.id,
                    sender_id: if rng.next() & 1 == 0 { a } else { b },
                    content: format!(
                        "Synthetic message {round}: {} {}",
                        WORDS[rng.below(WORDS.len())],
                        WORDS[rng.below(WORDS.len())]
                    ),
                    reply_to_id,
                    created_at: at,
                });
                at += MESSAGE_GAP_MS;
            }
            let mut written = Vec::with_capacity(batch.len());
            for chunk in batch.chunks(MAX_ROWS) {
                written.extend(sql::insert_messages(&mut tx, chunk).await?);
            }
            written.sort_unstable();
            for &(id, conversation, sender) in &written {
                let thread = &mut block[index[&conversation]];
                thread.messages.push(id);
                if rng.below(REACTED_EVERY) != 0 {
                    continue;
                }
                let (a, b) = thread.people;
                let other = if sender == a { b } else { a };
                // The other person reacts; now and then the sender adds one too.
                let reactors: &[i64] = if rng.below(3) == 0 {
                    &[other, sender]
                } else {
                    &[other]
                };
                for &user_id in reactors {
                    reactions.push(NewReaction {
                        message_id: id,
                        user_id,
                        emoji: EMOJIS[rng.below(EMOJIS.len())],
                        created_at: at,
                    });
                }
            }
            chat.messages += written.len();
        }
        sql::insert_reactions(&mut tx, &reactions).await?;
        chat.reactions += reactions.len();
        tx.commit().await?;
    }
    Ok(chat)
}

/// Signs each of `user_ids` in as `auth::session::start` does (a random token; only its SHA-256
/// is stored; the usual lifetime), in a few transactions and without a password: load
/// generators' sessions. Answers `(user_id, token)` pairs.
pub async fn sign_in(db: &Db, user_ids: &[i64]) -> anyhow::Result<Vec<(i64, String)>> {
    let now = now_ms();
    let mut signed_in = Vec::with_capacity(user_ids.len());
    for transaction in user_ids.chunks(ROWS_PER_TRANSACTION) {
        let mut rows = Vec::with_capacity(transaction.len());
        for &user_id in transaction {
            let token = new_token();
            rows.push((token.hash, user_id));
            signed_in.push((user_id, token.token));
        }
        let mut tx = db.begin_write().await?;
        sql::insert_sessions(&mut tx, &rows, now, now + SESSION_TTL_MS).await?;
        tx.commit().await?;
    }
    Ok(signed_in)
}

/// Writes `user_id<TAB>token` lines, readable by the owner only (the tokens open sessions).
pub fn write_sessions(path: &Path, sessions: &[(i64, String)]) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path)?;
    let mut out = std::io::BufWriter::new(file);
    for (user_id, token) in sessions {
        writeln!(out, "{user_id}\t{token}")?;
    }
    out.flush()?;
    Ok(())
}

fn synthetic_user(n: i64) -> NewUser {
    let first = FIRST_NAMES[n as usize % FIRST_NAMES.len()];
    let last = LAST_NAMES[(n as usize / FIRST_NAMES.len()) % LAST_NAMES.len()];
    NewUser {
        username: format!("user{n:06}"),
        email: format!("user{n:06}@synthetic.test"),
        display_name: format!("{first} {last}"),
    }
}

fn synthetic_post(i: usize, user_id: i64, created_at: i64, rng: &mut SplitMix64) -> NewPost {
    let a = WORDS[rng.below(WORDS.len())];
    let b = WORDS[rng.below(WORDS.len())];
    let scheme = if i.is_multiple_of(4) { "http" } else { "https" };
    NewPost {
        user_id,
        caption: format!("Synthetic {a} {b} #{i}"),
        image_url: format!("{scheme}://img.example.com/{i}.jpg"),
        created_at,
    }
}

/// Up to `wanted` distinct ids of `pool`, never `except` (which is one of `pool`).
fn distinct(rng: &mut SplitMix64, pool: &[i64], wanted: usize, except: Option<i64>) -> Vec<i64> {
    let available = pool.len() - usize::from(except.is_some());
    let wanted = wanted.min(available);
    let mut picked = HashSet::with_capacity(wanted);
    while picked.len() < wanted {
        let id = pool[rng.below(pool.len())];
        if Some(id) != except {
            picked.insert(id);
        }
    }
    let mut picked: Vec<i64> = picked.into_iter().collect();
    picked.sort_unstable();
    picked
}

/// A tiny deterministic generator (SplitMix64): the data set is the same on every run.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_never_repeats_and_skips_the_excluded_id() {
        let mut rng = SplitMix64(1);
        let pool = [1, 2, 3, 4];
        let picked = distinct(&mut rng, &pool, 10, Some(2));
        assert_eq!(picked, [1, 3, 4]);
        assert_eq!(distinct(&mut rng, &pool, 2, None).len(), 2);
    }
}
