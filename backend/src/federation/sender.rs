//! Federation's sender: the HTTP client every request to another server goes through (the
//! outbound address guard's resolver, short timeouts, no redirects, bounded answers), the key
//! pairs, and what the areas' acts become (`Federate::changed`): activities queued in the
//! delivery outbox for the inboxes concerned.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{Notify, OnceCell};

use crate::federation::documents::{self, Urls};
use crate::federation::signatures;
use crate::federation::store;
use crate::platform::clock::Clock;
use crate::platform::config::Settings;
use crate::platform::db::Db;
use crate::platform::federate::{Change, Federate};
use crate::platform::password::PasswordHasher;

/// How long connecting to another server may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a whole request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// The sender. Cheap to clone.
#[derive(Clone)]
pub struct Sender(Arc<Inner>);

pub(crate) struct Inner {
    pub db: Db,
    pub clock: Clock,
    pub urls: Urls,
    pub allow_loopback: bool,
    pub client: push_http::Client,
    pub wake: Notify,
    /// A hash of a random secret, the password of every remote account (nobody signs in as
    /// one). Made once, when the first remote account is stored.
    unusable_password: OnceCell<String>,
    /// NodeInfo's usage figures and when they were counted (counted at most hourly: they
    /// read whole tables).
    usage: std::sync::Mutex<Option<(i64, Usage)>>,
}

/// NodeInfo's figures: accounts, active in a month, in half a year, local posts.
pub type Usage = (i64, i64, i64, i64);

/// How long NodeInfo's figures are reused.
const USAGE_FOR_MS: i64 = 60 * 60 * 1000;

impl Sender {
    pub fn new(settings: &Settings, db: Db, clock: Clock) -> anyhow::Result<Self> {
        let allow_loopback = settings.federation_allow_loopback;
        if allow_loopback {
            tracing::warn!(
                "--federation-allow-loopback is on: other servers may be on this machine, over \
                 plain http (for tests only)"
            );
        }
        let client = push_http::Client::builder()
            .no_proxy()
            .redirect(push_http::redirect::Policy::none())
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .user_agent(concat!("Atelier/", env!("CARGO_PKG_VERSION")))
            .dns_resolver(crate::platform::outbound::CheckedResolver::shared(
                allow_loopback,
            ))
            .https_only(!allow_loopback)
            .build()?;
        Ok(Self(Arc::new(Inner {
            db,
            clock,
            urls: Urls::new(&settings.public_url()),
            allow_loopback,
            client,
            wake: Notify::new(),
            unusable_password: OnceCell::new(),
            usage: std::sync::Mutex::new(None),
        })))
    }

    pub(crate) fn inner(&self) -> &Inner {
        &self.0
    }

    pub fn urls(&self) -> &Urls {
        &self.0.urls
    }

    /// Tells the drainer deliveries were queued. Never waits.
    pub fn wake(&self) {
        self.0.wake.notify_one();
    }

    /// NodeInfo's figures, counted at most once an hour.
    pub async fn usage(&self) -> Result<Usage, sqlx::Error> {
        let now = self.0.clock.now_ms();
        if let Some((at, usage)) = *self.0.usage.lock().expect("usage lock")
            && now - at < USAGE_FOR_MS
        {
            return Ok(usage);
        }
        let usage = store::usage(&self.0.db, now).await?;
        *self.0.usage.lock().expect("usage lock") = Some((now, usage));
        Ok(usage)
    }

    /// The password hash of remote accounts.
    pub async fn unusable_password(&self, hasher: &PasswordHasher) -> anyhow::Result<String> {
        self.0
            .unusable_password
            .get_or_try_init(|| async {
                let mut secret = [0_u8; 32];
                getrandom::fill(&mut secret)?;
                hasher.hash(&hex::encode(secret)).await
            })
            .await
            .cloned()
    }

    /// Fetches a remote account's avatar through the outbound guard and stores it as an
    /// avatar (square, with its small rendition), charged to that account; answers the two
    /// URLs it is shown at.
    pub async fn copy_avatar(
        &self,
        state: &crate::platform::state::AppState,
        user: i64,
        source: &str,
    ) -> anyhow::Result<(String, String)> {
        self.check_url(source)?;
        let bytes = crate::platform::media::fetch::fetch(source, self.0.allow_loopback)
            .await
            .map_err(|err| anyhow::anyhow!("{err:?}"))?;
        let stored = state
            .media
            .charged_to(user)
            .ingest_image(&self.0.db, bytes, crate::platform::media::ImageKind::Avatar)
            .await
            .map_err(|err| anyhow::anyhow!("{err:?}"))?;
        Ok((stored.url, stored.thumbnail_url))
    }

    /// `user`'s key pair (private, public PEM), made and stored the first time.
    pub async fn user_key(&self, user: i64) -> anyhow::Result<(String, String)> {
        let db = &self.0.db;
        if let Some(pair) = store::user_key(db, user).await? {
            return Ok(pair);
        }
        let (private, public) = tokio::task::spawn_blocking(signatures::new_key_pair).await??;
        store::insert_user_key(db, user, &private, &public, self.0.clock.now_ms()).await?;
        // Another request may have stored its pair first: that one is the user's.
        store::user_key(db, user)
            .await?
            .ok_or_else(|| anyhow::anyhow!("user {user}'s key vanished"))
    }

    /// The instance actor's key pair, made and stored the first time.
    pub async fn instance_key(&self) -> anyhow::Result<(String, String)> {
        let db = &self.0.db;
        if let Some(pair) = store::instance_key(db).await? {
            return Ok(pair);
        }
        let (private, public) = tokio::task::spawn_blocking(signatures::new_key_pair).await??;
        store::insert_instance_key(db, &private, &public, self.0.clock.now_ms()).await?;
        store::instance_key(db)
            .await?
            .ok_or_else(|| anyhow::anyhow!("the instance key vanished"))
    }

    /// Queues `activity` for each of `inboxes` (inbox, host), signed as `sender`, and wakes the
    /// drainer.
    pub async fn queue(
        &self,
        sender: Option<i64>,
        activity: &Value,
        inboxes: &[(String, String)],
    ) -> Result<(), sqlx::Error> {
        if inboxes.is_empty() {
            return Ok(());
        }
        let json = activity.to_string();
        let now = self.0.clock.now_ms();
        let mut tx = self.0.db.begin_write().await?;
        for (inbox, host) in inboxes {
            store::enqueue(&mut tx, sender, inbox, host, &json, now).await?;
        }
        tx.commit().await?;
        self.wake();
        Ok(())
    }

    /// Queues `activity` for one remote account's own inbox.
    pub async fn queue_to(
        &self,
        sender: i64,
        activity: &Value,
        to: &store::RemoteActor,
    ) -> Result<(), sqlx::Error> {
        if to.gone_at.is_some() {
            return Ok(());
        }
        self.queue(
            Some(sender),
            activity,
            &[(to.inbox.clone(), to.host.clone())],
        )
        .await
    }

    async fn handle(&self, change: Change) -> anyhow::Result<()> {
        let db = &self.0.db;
        let urls = &self.0.urls;
        let now = self.0.clock.now_ms();
        match change {
            Change::Published { post } | Change::Edited { post } => {
                let Some(note_post) = store::note_post(db, post).await? else {
                    return Ok(());
                };
                if note_post.remote == 1 {
                    return Ok(());
                }
                let Some(author) = store::local_actor_by_id(db, note_post.user_id).await? else {
                    return Ok(());
                };
                let inboxes = store::follower_inboxes(db, author.id).await?;
                if inboxes.is_empty() {
                    return Ok(());
                }
                let note = self.note(&author.username, &note_post).await?;
                let kind = if matches!(change, Change::Published { .. }) {
                    "Create"
                } else {
                    "Update"
                };
                let (to, cc) = (note["to"].clone(), note["cc"].clone());
                let activity = documents::activity(
                    &urls.activity(kind),
                    kind,
                    &urls.actor(&author.username),
                    note,
                    to,
                    cc,
                );
                self.queue(Some(author.id), &activity, &inboxes).await?;
            }
            Change::Deleted { post, author } => {
                let Some(author) = store::local_actor_by_id(db, author).await? else {
                    return Ok(());
                };
                let inboxes = store::follower_inboxes(db, author.id).await?;
                let actor = urls.actor(&author.username);
                let activity = documents::activity(
                    &urls.activity("Delete"),
                    "Delete",
                    &actor,
                    json!({ "id": urls.note(post), "type": "Tombstone" }),
                    json!([documents::PUBLIC]),
                    json!([format!("{actor}/followers")]),
                );
                self.queue(Some(author.id), &activity, &inboxes).await?;
            }
            Change::Followed { follower, followee } => {
                let (Some(me), Some(them)) = (
                    store::local_actor_by_id(db, follower).await?,
                    store::remote_by_user(db, followee).await?,
                ) else {
                    return Ok(());
                };
                let id = urls.activity("Follow");
                let activity = documents::activity(
                    &id,
                    "Follow",
                    &urls.actor(&me.username),
                    json!(them.actor_url),
                    json!([them.actor_url]),
                    json!([]),
                );
                store::remember(db, &id, "follow", followee, follower, now).await?;
                self.queue_to(me.id, &activity, &them).await?;
            }
            Change::Unfollowed { follower, followee } => {
                let (Some(me), Some(them)) = (
                    store::local_actor_by_id(db, follower).await?,
                    store::remote_by_user(db, followee).await?,
                ) else {
                    return Ok(());
                };
                let Some(follow_id) = store::ap_id_of(db, "follow", followee, follower).await?
                else {
                    return Ok(());
                };
                let actor = urls.actor(&me.username);
                let activity = documents::activity(
                    &urls.activity("Undo"),
                    "Undo",
                    &actor,
                    json!({ "id": follow_id, "type": "Follow", "actor": actor,
                            "object": them.actor_url }),
                    json!([them.actor_url]),
                    json!([]),
                );
                store::forget(db, &follow_id).await?;
                self.queue_to(me.id, &activity, &them).await?;
            }
            Change::Answered {
                owner,
                requester,
                approved,
            } => {
                let (Some(me), Some(them)) = (
                    store::local_actor_by_id(db, owner).await?,
                    store::remote_by_user(db, requester).await?,
                ) else {
                    return Ok(());
                };
                let Some(follow_id) = store::ap_id_of(db, "follow", owner, requester).await? else {
                    return Ok(());
                };
                self.answer_follow(&me, &them, &follow_id, approved).await?;
                if !approved {
                    store::forget(db, &follow_id).await?;
                }
            }
            Change::Liked { user, post, liked } => {
                let Some((post_ap_id, author)) = store::ap_id_of_item(db, "post", post).await?
                else {
                    return Ok(()); // a local post: nobody else to tell
                };
                let (Some(me), Some(them)) = (
                    store::local_actor_by_id(db, user).await?,
                    store::remote_by_user(db, author).await?,
                ) else {
                    return Ok(());
                };
                let actor = urls.actor(&me.username);
                if liked {
                    let id = urls.activity("Like");
                    let activity = documents::activity(
                        &id,
                        "Like",
                        &actor,
                        json!(post_ap_id),
                        json!([them.actor_url]),
                        json!([]),
                    );
                    store::remember(db, &id, "like", post, user, now).await?;
                    self.queue_to(me.id, &activity, &them).await?;
                } else if let Some(like_id) = store::ap_id_of(db, "like", post, user).await? {
                    let activity = documents::activity(
                        &urls.activity("Undo"),
                        "Undo",
                        &actor,
                        json!({ "id": like_id, "type": "Like", "actor": actor,
                                "object": post_ap_id }),
                        json!([them.actor_url]),
                        json!([]),
                    );
                    store::forget(db, &like_id).await?;
                    self.queue_to(me.id, &activity, &them).await?;
                }
            }
            Change::Reported { report } => {
                let Some(about) = store::report_about(db, report).await? else {
                    return Ok(()); // about an account here: nothing to send
                };
                let Some(them) = store::remote_by_user(db, about.remote_user).await? else {
                    return Ok(());
                };
                let mut objects = vec![json!(them.actor_url)];
                if let Some(object) = about.object_ap_id {
                    objects.push(json!(object));
                }
                let content = about.details.unwrap_or(about.reason);
                let mut flag = documents::activity(
                    &urls.activity("Flag"),
                    "Flag",
                    &urls.instance_actor(),
                    json!(objects),
                    json!([them.actor_url]),
                    json!([]),
                );
                flag["content"] = json!(content);
                let inbox = them.delivery_inbox().to_owned();
                self.queue(None, &flag, &[(inbox, them.host.clone())])
                    .await?;
            }
            Change::Commented { comment } => {
                let Some(row) = store::comment_on_remote(db, comment).await? else {
                    return Ok(());
                };
                let (Some(me), Some(them)) = (
                    store::local_actor_by_id(db, row.user_id).await?,
                    store::remote_by_user(db, row.post_author).await?,
                ) else {
                    return Ok(());
                };
                let actor = urls.actor(&me.username);
                let note = json!({
                    "id": urls.comment_note(comment),
                    "type": "Note",
                    "attributedTo": actor,
                    "inReplyTo": row.post_ap_id,
                    "content": documents::text_html(&row.text),
                    "published": crate::platform::http::wire::iso_time(row.created_at),
                    "to": [documents::PUBLIC],
                    "cc": [them.actor_url, format!("{actor}/followers")],
                    "tag": [{ "type": "Mention", "href": them.actor_url }],
                });
                let activity = documents::activity(
                    &urls.activity("Create"),
                    "Create",
                    &actor,
                    note,
                    json!([documents::PUBLIC]),
                    json!([them.actor_url]),
                );
                self.queue_to(me.id, &activity, &them).await?;
            }
        }
        Ok(())
    }

    /// Post `post` of `username` as its `Note`.
    pub async fn note(&self, username: &str, post: &store::NotePost) -> anyhow::Result<Value> {
        let images = store::note_images(&self.0.db, post.id).await?;
        let tags = crate::social::rules::tag::hashtags(&post.caption);
        let mut note = documents::note(&self.0.urls, username, post, &images, &tags);
        // The accounts here it names (`@leo`), as Mention tags other servers link.
        let urls = &self.0.urls;
        for name in crate::social::rules::comment::mentioned_usernames(&post.caption) {
            if let Some(user) = store::local_actor(&self.0.db, name.as_str()).await?
                && let Some(tag) = note["tag"].as_array_mut()
            {
                tag.push(json!({
                    "type": "Mention",
                    "href": urls.actor(&user.username),
                    "name": format!("@{}@{}", user.username, urls.host()),
                }));
            }
        }
        Ok(note)
    }

    /// Sends `them` an Accept (or Reject) of their Follow `follow_id` of `me`.
    pub async fn answer_follow(
        &self,
        me: &store::LocalActor,
        them: &store::RemoteActor,
        follow_id: &str,
        accept: bool,
    ) -> Result<(), sqlx::Error> {
        let urls = &self.0.urls;
        let actor = urls.actor(&me.username);
        let kind = if accept { "Accept" } else { "Reject" };
        let activity = documents::activity(
            &urls.activity(kind),
            kind,
            &actor,
            json!({ "id": follow_id, "type": "Follow", "actor": them.actor_url, "object": actor }),
            json!([them.actor_url]),
            json!([]),
        );
        self.queue_to(me.id, &activity, them).await
    }
}

impl Federate for Sender {
    fn changed(&self, change: Change) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            if let Err(err) = self.handle(change).await {
                tracing::warn!(?change, error = %err, "queueing an activity failed");
            }
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
