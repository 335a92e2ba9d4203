//! Scale-out with Redis (`REDIS_URL`): events cross instances on one pub/sub channel
//! (one subscription per instance, not per socket), and presence is counted across instances.
//!
//! Presence keys (under the configured prefix, `atelier` by default): `atelier:presence:{user}` is the set of instances holding a socket of the
//! user; `atelier:members:{instance}` the users an instance holds; `atelier:instance:{id}` an
//! instance's heartbeat, expiring after `INSTANCE_TTL_SECS`. An instance counts only while its
//! heartbeat lives, so one that dies does not leave its users online: the next heartbeat of a
//! surviving instance finds it gone, takes its users out, and reports those who went offline.
//!
//! Sockets per user (issue 39): `atelier:sockets:{user}` is the set of `{instance}/{socket}` a
//! user holds. A socket is admitted by `SOCKET_ADMIT_SCRIPT`, atomically: members of instances
//! whose heartbeat is gone are dropped first (a crashed instance holds nobody's places longer than
//! `INSTANCE_TTL_SECS`), then the socket joins if fewer than the cap remain. The set expires a day
//! after its latest admission, so a user who vanishes leaves nothing behind.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;
use std::time::Duration;

use anyhow::Context;
use axum::extract::ws::Utf8Bytes;
use futures_util::StreamExt;
use redis::AsyncCommands;
use redis::aio::ConnectionManager;
use tokio::sync::mpsc;

use super::hub::Hub;

/// An instance is alive while its heartbeat key is; it is renewed every `HEARTBEAT_EVERY`.
const INSTANCE_TTL_SECS: u64 = 30;
pub const HEARTBEAT_EVERY: Duration = Duration::from_secs(10);
/// Events waiting to be published; past it they are dropped (and logged) rather than queued
/// without bound while Redis is unreachable.
const OUTBOX: usize = 65_536;

/// KEYS[1]: a user's socket set; ARGV[1]: the new member, ARGV[2]: the cap, ARGV[3]: the
/// prefix of instances' heartbeat keys, ARGV[4]: the set's lifetime in seconds. Answers 1 when
/// the member joined, 0 when the user holds the cap already. (The heartbeat keys are read by
/// name: a single Redis server or a replicated one, not Redis Cluster.)
const SOCKET_ADMIT_SCRIPT: &str = r"
local live = 0
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local instance = string.match(member, '^([^/]+)/')
  if instance and redis.call('EXISTS', ARGV[3] .. instance) == 1 then
    live = live + 1
  else
    redis.call('SREM', KEYS[1], member)
  end
end
if live >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
return 1
";
/// A Lua script run by its SHA-1 (`EVALSHA`), sent whole (`EVAL`, which also caches it) only
/// when Redis answers `NOSCRIPT` (after a restart or a `SCRIPT FLUSH`): one round trip a run.
pub struct Script {
    source: &'static str,
    sha: String,
}

impl Script {
    pub fn new(source: &'static str) -> Self {
        use sha1::Digest;
        Self {
            source,
            sha: hex::encode(sha1::Sha1::digest(source.as_bytes())),
        }
    }

    /// Runs the script on `keys` and `args`.
    pub async fn run<T: redis::FromRedisValue>(
        &self,
        conn: &mut ConnectionManager,
        keys: &[&str],
        args: &[&str],
    ) -> redis::RedisResult<T> {
        let by_sha = redis::cmd("EVALSHA")
            .arg(&self.sha)
            .arg(keys.len())
            .arg(keys)
            .arg(args)
            .query_async(conn)
            .await;
        match by_sha {
            Err(err)
                if err.kind() == redis::ErrorKind::Server(redis::ServerErrorKind::NoScript) =>
            {
                redis::cmd("EVAL")
                    .arg(self.source)
                    .arg(keys.len())
                    .arg(keys)
                    .arg(args)
                    .query_async(conn)
                    .await
            }
            other => other,
        }
    }
}

/// How long a user's socket set outlives its latest admission.
const SOCKETS_TTL_SECS: u64 = 24 * 3600;

/// One event on the channel, as text: the publishing instance (which has delivered it to its
/// own sockets already), the users it is for, and its frame, serialised once. Three lines; a
/// frame is JSON, which never holds a raw line break.
fn envelope(from: &str, users: &[i64], frame: &str) -> String {
    let users: Vec<String> = users.iter().map(i64::to_string).collect();
    format!("{from}\n{}\n{frame}", users.join(","))
}

/// `(from, users, frame)` of an envelope.
fn open_envelope(text: &str) -> Option<(&str, Vec<i64>, &str)> {
    let mut parts = text.splitn(3, '\n');
    let from = parts.next()?;
    let users = parts
        .next()?
        .split(',')
        .filter(|id| !id.is_empty())
        .map(str::parse)
        .collect::<Result<Vec<i64>, _>>()
        .ok()?;
    Some((from, users, parts.next()?))
}

/// 16 hex digits, random: a new name each time a process starts.
pub fn random_instance_id() -> anyhow::Result<String> {
    let mut id = [0u8; 8];
    getrandom::fill(&mut id).context("an instance id")?;
    Ok(hex::encode(id))
}

pub struct Cluster {
    /// Every key and the channel start with it (`atelier` unless configured), so deployments or
    /// test runs can share one Redis.
    prefix: String,
    instance: String,
    commands: ConnectionManager,
    outbox: mpsc::Sender<String>,
}

impl Cluster {
    /// Connects, registers this instance and starts the publisher and the subscriber (which
    /// hands other instances' events to `hub`).
    pub async fn start(url: &str, prefix: &str, hub: Hub) -> anyhow::Result<Self> {
        let client = redis::Client::open(url).context("parsing REDIS_URL")?;
        let commands = ConnectionManager::new(client.clone())
            .await
            .with_context(|| format!("connecting to Redis at {url}"))?;
        let instance = random_instance_id()?;

        let cluster_outbox = mpsc::channel(OUTBOX);
        let cluster = Self {
            prefix: prefix.to_owned(),
            instance: instance.clone(),
            commands: commands.clone(),
            outbox: cluster_outbox.0,
        };
        cluster.beat().await.context("registering with Redis")?;
        tokio::spawn(publisher(commands, cluster.channel(), cluster_outbox.1));
        tokio::spawn(subscriber(client, cluster.channel(), instance, hub));
        Ok(cluster)
    }

    /// A handle on the commands connection (shared rate limits use it).
    pub fn commands(&self) -> ConnectionManager {
        self.commands.clone()
    }

    /// The prefix of every key.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// This instance's id.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    fn channel(&self) -> String {
        format!("{}:events", self.prefix)
    }

    fn instances_key(&self) -> String {
        format!("{}:instances", self.prefix)
    }

    fn presence_key(&self, user: i64) -> String {
        format!("{}:presence:{user}", self.prefix)
    }

    fn members_key(&self, instance: &str) -> String {
        format!("{}:members:{instance}", self.prefix)
    }

    fn instance_key(&self, instance: &str) -> String {
        format!("{}:instance:{instance}", self.prefix)
    }

    /// Sends an event, already delivered on this instance, to the other instances.
    pub fn forward(&self, users: &[i64], frame: &str) {
        if self
            .outbox
            .try_send(envelope(&self.instance, users, frame))
            .is_err()
        {
            tracing::warn!("Redis outbox full: an event was not sent to the other instances");
        }
    }

    /// How many users have a socket open on any live instance (the admin's tile): the union
    /// of the live instances' member sets, in two round trips whatever the number of users.
    pub async fn online_count(&self) -> redis::RedisResult<usize> {
        let mut conn = self.commands.clone();
        let known: HashSet<String> = conn.smembers(self.instances_key()).await?;
        let alive = self.alive(known).await?;
        if alive.is_empty() {
            return Ok(0);
        }
        let keys: Vec<String> = alive.iter().map(|id| self.members_key(id)).collect();
        let users: HashSet<i64> = conn.sunion(keys).await?;
        Ok(users.len())
    }

    /// Renews this instance's heartbeat.
    async fn beat(&self) -> redis::RedisResult<()> {
        let mut conn = self.commands.clone();
        redis::pipe()
            .set_ex(self.instance_key(&self.instance), 1, INSTANCE_TTL_SECS)
            .ignore()
            .sadd(self.instances_key(), &self.instance)
            .ignore()
            .exec_async(&mut conn)
            .await
    }

    /// Which of `instances` are alive (this one always is).
    pub async fn alive(&self, instances: HashSet<String>) -> redis::RedisResult<HashSet<String>> {
        let others: Vec<String> = instances
            .iter()
            .filter(|id| **id != self.instance)
            .cloned()
            .collect();
        let mut alive: HashSet<String> = instances
            .into_iter()
            .filter(|id| *id == self.instance)
            .collect();
        if !others.is_empty() {
            let mut conn = self.commands.clone();
            let mut pipe = redis::pipe();
            for id in &others {
                pipe.exists(self.instance_key(id));
            }
            let exists: Vec<bool> = pipe.query_async(&mut conn).await?;
            alive.extend(
                others
                    .into_iter()
                    .zip(exists)
                    .filter_map(|(id, live)| live.then_some(id)),
            );
        }
        Ok(alive)
    }

    fn sockets_key(&self, user: i64) -> String {
        format!("{}:sockets:{user}", self.prefix)
    }

    fn socket_member(&self, socket: u64) -> String {
        format!("{}/{socket}", self.instance)
    }

    /// Admits socket `socket` of `user` unless they hold `cap` sockets on the live instances
    /// already (`false`).
    pub async fn admit_socket(
        &self,
        user: i64,
        socket: u64,
        cap: usize,
    ) -> redis::RedisResult<bool> {
        let mut conn = self.commands.clone();
        static SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(SOCKET_ADMIT_SCRIPT));
        let admitted: i64 = SCRIPT
            .run(
                &mut conn,
                &[&self.sockets_key(user)],
                &[
                    &self.socket_member(socket),
                    &cap.to_string(),
                    &format!("{}:instance:", self.prefix),
                    &SOCKETS_TTL_SECS.to_string(),
                ],
            )
            .await?;
        Ok(admitted == 1)
    }

    /// Socket `socket` of `user` closed: its place is free.
    pub async fn release_socket(&self, user: i64, socket: u64) -> redis::RedisResult<()> {
        let mut conn = self.commands.clone();
        conn.srem(self.sockets_key(user), self.socket_member(socket))
            .await
    }

    /// A user's first socket on this instance opened: `true` when they were offline on every
    /// other instance (so they just came online).
    pub async fn arrived(&self, user: i64) -> redis::RedisResult<bool> {
        let mut conn = self.commands.clone();
        let (holders,): (HashSet<String>,) = redis::pipe()
            .sadd(self.presence_key(user), &self.instance)
            .ignore()
            .sadd(self.members_key(&self.instance), user)
            .ignore()
            .smembers(self.presence_key(user))
            .query_async(&mut conn)
            .await?;
        Ok(self.alive(holders).await?.len() == 1)
    }

    /// A user's last socket on this instance closed: `true` when no other instance holds one
    /// (so they just went offline).
    pub async fn left(&self, user: i64) -> redis::RedisResult<bool> {
        let mut conn = self.commands.clone();
        let (holders,): (HashSet<String>,) = redis::pipe()
            .srem(self.presence_key(user), &self.instance)
            .ignore()
            .srem(self.members_key(&self.instance), user)
            .ignore()
            .smembers(self.presence_key(user))
            .query_async(&mut conn)
            .await?;
        Ok(self.alive(holders).await?.is_empty())
    }

    /// Those of `users` with a socket open on any live instance.
    pub async fn online_among(&self, users: &[i64]) -> redis::RedisResult<HashSet<i64>> {
        if users.is_empty() {
            return Ok(HashSet::new());
        }
        let mut conn = self.commands.clone();
        let mut pipe = redis::pipe();
        for user in users {
            pipe.smembers(self.presence_key(*user));
        }
        let holders: Vec<HashSet<String>> = pipe.query_async(&mut conn).await?;
        let all: HashSet<String> = holders.iter().flatten().cloned().collect();
        let alive = self.alive(all).await?;
        Ok(users
            .iter()
            .zip(holders)
            .filter(|(_, held_by)| held_by.iter().any(|id| alive.contains(id)))
            .map(|(user, _)| *user)
            .collect())
    }

    /// Renews this instance's heartbeat and takes the users of dead instances out; answers the
    /// users who are now offline everywhere.
    pub async fn heartbeat(&self) -> redis::RedisResult<Vec<i64>> {
        self.beat().await?;
        let mut conn = self.commands.clone();
        let known: HashSet<String> = conn.smembers(self.instances_key()).await?;
        let alive = self.alive(known.clone()).await?;
        let mut offline = Vec::new();
        for dead in known.difference(&alive) {
            // One survivor sweeps each dead instance.
            let claimed: bool = redis::cmd("SET")
                .arg(format!("{}:sweep:{dead}", self.prefix))
                .arg(&self.instance)
                .arg("NX")
                .arg("EX")
                .arg(INSTANCE_TTL_SECS * 2)
                .query_async::<Option<String>>(&mut conn)
                .await?
                .is_some();
            if !claimed {
                continue;
            }
            let users: Vec<i64> = conn.smembers(self.members_key(dead)).await?;
            let mut by_user: HashMap<i64, HashSet<String>> = HashMap::new();
            for user in &users {
                let _: () = conn.srem(self.presence_key(*user), dead).await?;
                by_user.insert(*user, conn.smembers(self.presence_key(*user)).await?);
            }
            for (user, holders) in by_user {
                if self.alive(holders).await?.is_empty() {
                    offline.push(user);
                }
            }
            let _: () = conn.del(self.members_key(dead)).await?;
            let _: () = conn.srem(self.instances_key(), dead).await?;
            tracing::info!(instance = %dead, users = users.len(), "swept a dead instance");
        }
        Ok(offline)
    }
}

/// Publishes queued envelopes in order, many per round trip when they pile up.
async fn publisher(
    mut conn: ConnectionManager,
    channel: String,
    mut outbox: mpsc::Receiver<String>,
) {
    let mut batch = Vec::with_capacity(64);
    while outbox.recv_many(&mut batch, 64).await > 0 {
        let mut pipe = redis::pipe();
        for envelope in batch.drain(..) {
            pipe.publish(&channel, envelope).ignore();
        }
        if let Err(err) = pipe.exec_async(&mut conn).await {
            tracing::warn!(error = %err, "publishing events to Redis failed");
        }
    }
}

/// Delivers other instances' events to this instance's sockets; reconnects after a drop.
async fn subscriber(client: redis::Client, channel: String, instance: String, hub: Hub) {
    loop {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => match pubsub.subscribe(&channel).await {
                Ok(()) => {
                    let mut messages = pubsub.on_message();
                    while let Some(message) = messages.next().await {
                        let Ok(payload) = message.get_payload::<String>() else {
                            continue;
                        };
                        match open_envelope(&payload) {
                            Some((from, users, frame)) if from != instance => {
                                hub.deliver(&users, Utf8Bytes::from(frame));
                            }
                            Some(_) => {}
                            None => tracing::warn!("a malformed event on Redis"),
                        }
                    }
                    tracing::warn!("the Redis subscription ended; resubscribing");
                }
                Err(err) => tracing::warn!(error = %err, "subscribing to Redis failed"),
            },
            Err(err) => tracing::warn!(error = %err, "connecting to Redis for events failed"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelopes_round_trip() {
        let text = envelope("ab12", &[3, 7], r#"{"type":"pong","x":"a\nb"}"#);
        assert_eq!(
            open_envelope(&text),
            Some(("ab12", vec![3, 7], r#"{"type":"pong","x":"a\nb"}"#))
        );
        assert_eq!(open_envelope("x\n\n{}"), Some(("x", vec![], "{}")));
        assert_eq!(open_envelope("x\nnope\n{}"), None);
    }
}
