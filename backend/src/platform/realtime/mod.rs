//! Realtime: the event hub that delivers to this instance's sockets, presence, the
//! socket's event enums, and with `REDIS_URL` the cluster that carries events and presence
//! across instances. Handlers write, commit, then `publish`. The same binary either way. Below
//! `platform/state.rs` (which holds a `Realtime`); the `/ws` gateway that drives it is `gateway/`.

pub mod cluster;
pub mod events;
pub mod hub;
pub mod ice;

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use cluster::Cluster;
use events::to_frame;
use hub::{Hub, Registration};
use serde::Serialize;

/// The most sockets one user may hold, on every instance together (issue 39): one more is
/// accepted and closed at once with `TOO_MANY_SOCKETS`, the older ones kept.
pub const MAX_SOCKETS_PER_USER: usize = 16;
/// The close code of a socket over `MAX_SOCKETS_PER_USER`, and its reason.
pub const TOO_MANY_SOCKETS: (u16, &str) = (4008, "Too many connections");

/// The hub and presence, as the handlers and the gateway use them. Cheap to clone.
#[derive(Clone)]
pub struct Realtime {
    pub hub: Hub,
    cluster: Option<Arc<Cluster>>,
    /// This process's name among the instances (the cluster's, or a random one without Redis):
    /// a call records where its sockets are, and is over once that instance is gone.
    instance: Arc<str>,
}

impl Realtime {
    /// In-process without a Redis URL; across instances with one.
    pub async fn start(redis_url: Option<&str>, prefix: &str) -> anyhow::Result<Self> {
        let hub = Hub::default();
        let cluster = match redis_url {
            Some(url) => Some(Arc::new(Cluster::start(url, prefix, hub.clone()).await?)),
            None => None,
        };
        let instance: Arc<str> = match &cluster {
            Some(cluster) => cluster.instance().into(),
            None => cluster::random_instance_id()?.into(),
        };
        Ok(Self {
            hub,
            cluster,
            instance,
        })
    }

    /// This instance's name.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Which of `instances` are running: without Redis only this one; with it, those whose
    /// heartbeat lives. When Redis cannot say, all of them (nothing is ended on a hiccup).
    pub async fn instances_alive(&self, instances: HashSet<String>) -> HashSet<String> {
        match &self.cluster {
            None => instances
                .into_iter()
                .filter(|id| **id == *self.instance)
                .collect(),
            Some(cluster) => match cluster.alive(instances.clone()).await {
                Ok(alive) => alive,
                Err(err) => {
                    tracing::warn!(error = %err, "instance liveness from Redis failed");
                    instances
                }
            },
        }
    }

    /// Like `publish`, except to one socket of this instance (the one the event is about, say
    /// the device that answered a call, which must not be told to stop ringing).
    pub fn publish_except(&self, users: &[i64], event: &impl Serialize, socket: u64) {
        let frame = to_frame(event);
        if let Some(cluster) = &self.cluster {
            // The excluded socket is here, so no other instance holds it.
            cluster.forward(users, &frame);
        }
        self.hub
            .deliver_except(users, Utf8Bytes::from(frame), Some(socket));
    }

    pub fn cluster(&self) -> Option<&Cluster> {
        self.cluster.as_deref()
    }

    /// Sends `event` to every socket of each of `users`, on every instance.
    pub fn publish(&self, users: &[i64], event: &impl Serialize) {
        let frame = to_frame(event);
        if let Some(cluster) = &self.cluster {
            cluster.forward(users, &frame);
        }
        self.hub.deliver(users, Utf8Bytes::from(frame));
    }

    /// Those of `users` who have a socket open (on any instance).
    pub async fn online_among(&self, users: &[i64]) -> HashSet<i64> {
        let local = || {
            users
                .iter()
                .copied()
                .filter(|user| self.hub.is_connected(*user))
                .collect()
        };
        match &self.cluster {
            None => local(),
            Some(cluster) => cluster.online_among(users).await.unwrap_or_else(|err| {
                tracing::warn!(error = %err, "presence from Redis failed; answering this instance's");
                local()
            }),
        }
    }

    /// How many users have a socket open (on any instance).
    pub async fn online_count(&self) -> usize {
        match &self.cluster {
            None => self.hub.connected_count(),
            Some(cluster) => cluster.online_count().await.unwrap_or_else(|err| {
                tracing::warn!(error = %err, "presence from Redis failed; answering this instance's");
                self.hub.connected_count()
            }),
        }
    }

    /// Registers a new socket of `user` on the session tagged `session`, unless they hold
    /// `MAX_SOCKETS_PER_USER` already, here or (with Redis) on any live instance. When Redis
    /// cannot say, this instance's count decides (logged).
    pub async fn admit(&self, user: i64, session: u64) -> Option<Registration> {
        let registration = self
            .hub
            .register_within(user, session, MAX_SOCKETS_PER_USER)?;
        if let Some(cluster) = &self.cluster {
            match cluster
                .admit_socket(user, registration.id, MAX_SOCKETS_PER_USER)
                .await
            {
                Ok(true) => {}
                Ok(false) => {
                    self.hub.unregister(user, registration.id);
                    return None;
                }
                Err(err) => tracing::warn!(
                    error = %err,
                    "counting sockets in Redis failed; this instance's count holds"
                ),
            }
        }
        Some(registration)
    }

    /// An admitted socket closed: its place is free on every instance.
    pub async fn release(&self, user: i64, socket: u64) {
        if let Some(cluster) = &self.cluster
            && let Err(err) = cluster.release_socket(user, socket).await
        {
            tracing::warn!(error = %err, "releasing a socket's place in Redis failed");
        }
    }

    /// A socket of `user` opened (`first_here`: their first on this instance). `true` when they
    /// just came online.
    pub async fn opened(&self, user: i64, first_here: bool) -> bool {
        match (&self.cluster, first_here) {
            (_, false) => false,
            (None, true) => true,
            (Some(cluster), true) => cluster.arrived(user).await.unwrap_or_else(|err| {
                tracing::warn!(error = %err, "presence to Redis failed");
                true
            }),
        }
    }

    /// A socket of `user` closed (`last_here`: their last on this instance). `true` when they
    /// just went offline.
    pub async fn closed(&self, user: i64, last_here: bool) -> bool {
        match (&self.cluster, last_here) {
            (_, false) => false,
            (None, true) => true,
            (Some(cluster), true) => cluster.left(user).await.unwrap_or_else(|err| {
                tracing::warn!(error = %err, "presence to Redis failed");
                true
            }),
        }
    }
}
