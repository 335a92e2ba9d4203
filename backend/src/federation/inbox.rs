//! What arrives in an inbox: the signature verified (the signer's key fetched through the guard
//! and cached, fetched again once when it no longer verifies), the signer held to the
//! activity's actor, then each activity done as that remote account's own act here, through
//! the social area's services (a follow, a like, a comment), so the same rules, counts,
//! blocks and notifications apply as to a local account.

use axum::http::Request;
use chrono::Utc;
use serde_json::Value;

use crate::federation::documents::Urls;
use crate::federation::remote::{FetchError, host_of_id, id_of, plain_text};
use crate::federation::sender::Sender;
use crate::federation::signatures::{self, Refused};
use crate::federation::store::{self, RemoteActor};
use crate::kernel::image::ImageSource;
use crate::moderation;
use crate::moderation::rules::{ReportReason, ReportTargetType};
use crate::platform::state::AppState;
use crate::social;
use crate::social::rules::post::{CAPTION_MAX, Caption, MEDIA_MAX};

/// Why an activity was refused; each is a 4xx, and nothing it carried was kept.
#[derive(Debug, thiserror::Error)]
pub enum Rejected {
    #[error("The activity is not valid JSON-LD: {0}")]
    Malformed(String),
    #[error("The request's signature was refused: {0}")]
    Signature(#[from] Refused),
    #[error("The signer's key could not be fetched: {0}")]
    KeyUnavailable(FetchError),
    #[error("The activity's actor is not the signer")]
    NotTheSigner,
    #[error("Try again later")]
    Unavailable(String),
    #[error("This server does not federate with that domain")]
    Blocked,
}

/// The `keyId` a request is signed with (draft-cavage `Signature` or RFC 9421
/// `Signature-Input`), without checking anything yet.
pub fn key_id(request: &Request<Vec<u8>>) -> Option<String> {
    let headers = request.headers();
    let text = headers
        .get("signature-input")
        .or_else(|| headers.get("signature"))?
        .to_str()
        .ok()?;
    let lower = text.to_ascii_lowercase();
    let at = lower.find("keyid=\"")? + "keyid=\"".len();
    let end = text[at..].find('"')? + at;
    Some(text[at..end].to_owned())
}

/// Receives `request` (its body read whole, at most the inbox's limit) at this server's inbox.
pub async fn receive(
    state: &AppState,
    sender: &Sender,
    request: Request<Vec<u8>>,
) -> Result<(), Rejected> {
    let activity: Value = serde_json::from_slice(request.body())
        .map_err(|err| Rejected::Malformed(err.to_string()))?;
    let kind = activity
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| Rejected::Malformed("no type".into()))?
        .to_owned();
    let actor_id = activity
        .get("actor")
        .and_then(id_of)
        .ok_or_else(|| Rejected::Malformed("no actor".into()))?
        .to_owned();
    let key_id = key_id(&request).ok_or(Rejected::Signature(Refused::Unsigned))?;
    let db = &state.db;
    let key_host = host_of_id(&key_id).ok_or(Rejected::Signature(Refused::UnknownKey))?;
    if store::blocked(db, &key_host).await.map_err(internal)? {
        return Err(Rejected::Blocked);
    }
    let known = store::remote_by_key(db, &key_id).await.map_err(internal)?;
    let signer = match known {
        Some(signer) => match verify(&request, &signer) {
            Ok(()) => signer,
            // The key may have changed: fetched again, once, unless it was fetched a moment
            // ago (a stream of badly signed requests must not become a stream of fetches).
            Err(refused) if state.clock.now_ms() - signer.fetched_at < KEY_REFETCH_AFTER_MS => {
                return Err(refused);
            }
            Err(_) => {
                let signer = refresh(state, sender, &key_id).await?;
                verify(&request, &signer)?;
                signer
            }
        },
        None => {
            // A deleted account's last words need no fetch (its key is gone with it).
            if kind == "Delete" && activity.get("object").and_then(id_of) == Some(&actor_id) {
                return Ok(());
            }
            let signer = refresh(state, sender, &key_id).await?;
            verify(&request, &signer)?;
            signer
        }
    };
    if signer.actor_url != actor_id {
        return Err(Rejected::NotTheSigner);
    }
    if let Err(err) = act(state, sender, &signer, &kind, &activity).await {
        tracing::warn!(kind, actor = %actor_id, error = %err, "an activity could not be done");
    }
    Ok(())
}

/// A key fetched this recently is not fetched again when a signature fails to verify with it.
const KEY_REFETCH_AFTER_MS: i64 = 60_000;

/// This server's own failure (its database): the sender should try again later.
fn internal(err: impl std::fmt::Display) -> Rejected {
    tracing::warn!(error = %err, "an activity could not be checked");
    Rejected::Unavailable(err.to_string())
}

fn verify(request: &Request<Vec<u8>>, signer: &RemoteActor) -> Result<(), Rejected> {
    signatures::verify(request, Utc::now(), |key_id| {
        (key_id == signer.key_id).then(|| signer.public_key_pem.clone())
    })?;
    Ok(())
}

/// Fetches the actor of `key_id` and stores it (a new account, or the known one refreshed).
async fn refresh(state: &AppState, sender: &Sender, key_id: &str) -> Result<RemoteActor, Rejected> {
    let profile = sender
        .fetch_actor(key_id)
        .await
        .map_err(Rejected::KeyUnavailable)?;
    if profile.key_id != key_id {
        return Err(Rejected::Signature(Refused::UnknownKey));
    }
    remember_actor(state, sender, &profile)
        .await
        .map_err(internal)
}

/// Stores a fetched actor and answers what federation keeps of it.
pub async fn remember_actor(
    state: &AppState,
    sender: &Sender,
    profile: &store::RemoteProfile,
) -> anyhow::Result<RemoteActor> {
    let password = sender.unusable_password(&state.hasher).await?;
    let user = store::upsert_remote(&state.db, profile, &password, state.clock.now_ms()).await?;
    // Its avatar is shown from a copy kept here, fetched again only when it changes.
    let shown = store::avatar_source(&state.db, user).await?;
    if shown != profile.avatar_url {
        match &profile.avatar_url {
            Some(source) => match sender.copy_avatar(state, user, source).await {
                Ok((url, small_url)) => {
                    store::set_avatar(&state.db, user, Some(source), Some(&url), Some(&small_url))
                        .await?;
                }
                Err(err) => tracing::info!(source, error = %err, "a remote avatar was not copied"),
            },
            None => store::set_avatar(&state.db, user, None, None, None).await?,
        }
    }
    store::remote_by_user(&state.db, user)
        .await?
        .ok_or_else(|| anyhow::anyhow!("remote account {user} vanished"))
}

/// Does `activity` of `them` here.
async fn act(
    state: &AppState,
    sender: &Sender,
    them: &RemoteActor,
    kind: &str,
    activity: &Value,
) -> anyhow::Result<()> {
    let db = &state.db;
    let urls = sender.urls();
    let now = state.clock.now_ms();
    let id = activity
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let object = activity.get("object").unwrap_or(&Value::Null);
    let object_id = id_of(object).unwrap_or_default();
    match kind {
        "Follow" => {
            let Some(me) = local_actor(state, urls, object_id).await? else {
                return Ok(());
            };
            if id.is_empty() {
                return Ok(());
            }
            store::remember(db, id, "follow", me.id, them.user_id, now).await?;
            match social::follow(state, them.user_id, me.id).await? {
                social::Followed::Following => sender.answer_follow(&me, them, id, true).await?,
                // A private account's owner answers; the answer is sent then.
                social::Followed::Requested => {}
                social::Followed::NotFound => {
                    sender.answer_follow(&me, them, id, false).await?;
                    store::forget(db, id).await?;
                }
            }
        }
        "Undo" => {
            let inner_kind = object.get("type").and_then(Value::as_str);
            let Some(known) = store::object(db, object_id).await? else {
                // An Undo of a follow whose id was not kept: by its embedded object.
                if inner_kind == Some("Follow")
                    && let Some(me) = local_actor(
                        state,
                        urls,
                        object.get("object").and_then(id_of).unwrap_or(""),
                    )
                    .await?
                {
                    social::unfollow(state, them.user_id, me.id).await?;
                }
                return Ok(());
            };
            if known.actor_id != them.user_id {
                return Ok(()); // only its author undoes it
            }
            match known.kind.as_str() {
                "follow" => {
                    social::unfollow(state, them.user_id, known.local_id).await?;
                }
                "like" => {
                    if store::liked(db, them.user_id, known.local_id).await? {
                        social::toggle_mark(
                            state,
                            &social::POST_LIKE,
                            them.user_id,
                            known.local_id,
                            now,
                        )
                        .await?;
                    }
                }
                "announce" => store::count_share(db, known.local_id, -1).await?,
                _ => return Ok(()),
            }
            store::forget(db, object_id).await?;
        }
        "Accept" | "Reject" => {
            // Our Follow of them, by its id (or the embedded Follow's).
            let Some(known) = store::object(db, object_id).await? else {
                return Ok(());
            };
            if known.kind != "follow" || known.local_id != them.user_id {
                return Ok(());
            }
            let Some(request) = store::request_id(db, known.actor_id, them.user_id).await? else {
                return Ok(());
            };
            social::answer_request(state, them.user_id, request, kind == "Accept").await?;
            if kind == "Reject" {
                store::forget(db, object_id).await?;
            }
        }
        "Like" => {
            let Some(post) = urls.local_post(object_id) else {
                return Ok(());
            };
            if id.is_empty() || !store::remember(db, id, "like", post, them.user_id, now).await? {
                return Ok(());
            }
            if !store::liked(db, them.user_id, post).await? {
                let toggled =
                    social::toggle_mark(state, &social::POST_LIKE, them.user_id, post, now).await?;
                if toggled.is_none() {
                    store::forget(db, id).await?; // not theirs to see
                }
            }
        }
        "Announce" => {
            let Some(post) = urls.local_post(object_id) else {
                return Ok(());
            };
            if !id.is_empty()
                && social::item_visible(db, them.user_id, social::Item::Post(post)).await?
                && store::remember(db, id, "announce", post, them.user_id, now).await?
            {
                store::count_share(db, post, 1).await?;
            }
        }
        "Create" => create(state, them, object, now, Keep::IfFollowed).await?,
        "Update" => {
            // A note of theirs stored here as a post takes its new text.
            let Some(known) = store::object(db, object_id).await? else {
                return Ok(());
            };
            if known.kind != "post" || known.actor_id != them.user_id {
                return Ok(());
            }
            let content = object.get("content").and_then(Value::as_str).unwrap_or("");
            let caption = Caption::parse(Some(&plain_text(content, CAPTION_MAX)))
                .map_err(|err| anyhow::anyhow!("{err:?}"))?;
            let tags = crate::social::rules::tag::hashtags(caption.as_str());
            social::edit_caption(state, them.user_id, known.local_id, caption.as_str(), &tags)
                .await?;
        }
        "Flag" => flag(state, urls, them, activity, now).await?,
        "Delete" => {
            if object_id == them.actor_url {
                store::delete_remote(db, them.user_id).await?;
                return Ok(());
            }
            let Some(known) = store::object(db, object_id).await? else {
                return Ok(());
            };
            if known.actor_id != them.user_id {
                return Ok(());
            }
            if known.kind == "post" {
                social::delete_post(state, known.local_id, them.user_id, false).await?;
            }
            store::forget(db, object_id).await?;
        }
        _ => {}
    }
    Ok(())
}

/// The local account an actor URL of this server names.
async fn local_actor(
    state: &AppState,
    urls: &Urls,
    url: &str,
) -> Result<Option<store::LocalActor>, sqlx::Error> {
    match urls.local_username(url) {
        Some(name) => store::local_actor(&state.db, name).await,
        None => Ok(None),
    }
}

/// A `Create{Note}`: a reply to a post here becomes a comment; a post with images by someone
/// an account here follows becomes a post in their feeds. Anything else is not kept (Atelier
/// shows images; a note without any stays on its server).
/// Whether a remote post is kept only when someone here follows its author (what arrives in
/// an inbox) or anyway (a profile's recent posts, brought when it is first looked up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    IfFollowed,
    Always,
}

async fn create(
    state: &AppState,
    them: &RemoteActor,
    note: &Value,
    now: i64,
    keep: Keep,
) -> anyhow::Result<()> {
    let db = &state.db;
    let Some(note_id) = note.get("id").and_then(Value::as_str) else {
        return Ok(());
    };
    if note.get("type").and_then(Value::as_str) != Some("Note")
        || note.get("attributedTo").and_then(id_of) != Some(them.actor_url.as_str())
        || host_of_id(note_id).as_deref() != Some(them.host.as_str())
        || store::object(db, note_id).await?.is_some()
    {
        return Ok(());
    }
    let content = note.get("content").and_then(Value::as_str).unwrap_or("");
    if let Some(reply_to) = note.get("inReplyTo").and_then(id_of) {
        let sender = state
            .federation
            .receiver::<Sender>()
            .ok_or_else(|| anyhow::anyhow!("federation is off"))?;
        let post = match sender.urls().local_post(reply_to) {
            Some(post) => Some(post),
            None => store::object(db, reply_to)
                .await?
                .filter(|known| known.kind == "post")
                .map(|known| known.local_id),
        };
        let Some(post) = post else {
            return Ok(());
        };
        let text = plain_text(content, crate::social::rules::comment::COMMENT_MAX);
        if text.is_empty() {
            return Ok(());
        }
        let comment = social::comment(
            state,
            social::NewComment {
                item: social::Item::Post(post),
                parent_id: None,
                user_id: them.user_id,
                content: &text,
                mentions: &[],
                created_at: now,
            },
        )
        .await;
        if let Ok(comment) = comment {
            store::remember(db, note_id, "comment", comment.id, them.user_id, now).await?;
        }
        return Ok(());
    }
    if keep == Keep::IfFollowed && !store::followed_locally(db, them.user_id).await? {
        return Ok(());
    }
    let media: Vec<(ImageSource, String)> = as_list(note.get("attachment"))
        .into_iter()
        .filter(|attachment| {
            attachment.get("type").and_then(Value::as_str) == Some("Image")
                || attachment
                    .get("mediaType")
                    .and_then(Value::as_str)
                    .is_some_and(|media_type| media_type.starts_with("image/"))
        })
        .filter_map(|attachment| {
            let url = attachment.get("url").and_then(|url| match url {
                Value::String(url) => Some(url.as_str()),
                Value::Object(link) => link.get("href").and_then(Value::as_str),
                Value::Array(links) => links.first().and_then(id_of),
                _ => None,
            })?;
            let alt = attachment
                .get("name")
                .and_then(Value::as_str)
                .map(|alt| plain_text(alt, 1500))
                .unwrap_or_default();
            Some((ImageSource::External(url.to_owned()), alt))
        })
        .take(MEDIA_MAX)
        .collect();
    if media.is_empty() {
        return Ok(());
    }
    let caption = Caption::parse(Some(&plain_text(content, CAPTION_MAX)))
        .map_err(|err| anyhow::anyhow!("{err:?}"))?;
    let tags = crate::social::rules::tag::hashtags(caption.as_str());
    let post = social::publish_post(
        state,
        them.user_id,
        social::Draft {
            caption,
            location: None,
            tags,
            media,
        },
    )
    .await
    .map_err(|err| anyhow::anyhow!("the post could not be stored: {err:?}"))?;
    store::remember(db, note_id, "post", post.id, them.user_id, now).await?;
    Ok(())
}

/// A `Flag`: another server's report about an account or posts here, filed as its sender's
/// report (Admin › Reports): of the first post of ours it names, else of the account.
async fn flag(
    state: &AppState,
    urls: &Urls,
    them: &RemoteActor,
    activity: &Value,
    now: i64,
) -> anyhow::Result<()> {
    let objects: Vec<&str> = match activity.get("object") {
        Some(Value::Array(items)) => items.iter().filter_map(id_of).collect(),
        Some(item) => id_of(item).into_iter().collect(),
        None => Vec::new(),
    };
    let target = match objects.iter().find_map(|object| urls.local_post(object)) {
        Some(post) => Some((ReportTargetType::Post, post)),
        None => {
            let mut account = None;
            for object in &objects {
                if let Some(user) = local_actor(state, urls, object).await? {
                    account = Some((ReportTargetType::User, user.id));
                    break;
                }
            }
            account
        }
    };
    let Some((target, target_id)) = target else {
        return Ok(());
    };
    let reason = activity
        .get("content")
        .and_then(Value::as_str)
        .map(|content| plain_text(content, 900))
        .unwrap_or_default();
    let details = format!("Reported from {}: {reason}", them.host);
    moderation::report(
        &state.db,
        moderation::NewReport {
            reporter: them.user_id,
            target,
            target_id,
            reason: ReportReason::Other,
            details: Some(details.trim_end_matches([':', ' '])),
            now,
        },
    )
    .await?;
    Ok(())
}

/// How many of a newly looked-up account's latest posts are brought, and how many of its
/// outbox's items are read to find them.
const BACKFILL_POSTS: usize = 12;
const BACKFILL_ITEMS: usize = 40;

/// Brings `them`'s latest public posts with images from their outbox, oldest first, so the
/// profile a person opens after finding the account shows its recent work (as Mastodon and
/// Pixelfed fill a profile seen for the first time).
pub async fn backfill(state: &AppState, sender: &Sender, them: &RemoteActor) -> anyhow::Result<()> {
    const AS_JSON: &str = crate::federation::documents::ACTIVITY_JSON;
    let actor = sender.fetch_json(&them.actor_url, AS_JSON).await?;
    let Some(outbox_url) = actor.get("outbox").and_then(id_of) else {
        return Ok(());
    };
    if host_of_id(outbox_url).as_deref() != Some(them.host.as_str()) {
        return Ok(());
    }
    let outbox = sender.fetch_json(outbox_url, AS_JSON).await?;
    let page = match outbox.get("orderedItems").or_else(|| outbox.get("items")) {
        Some(_) => outbox,
        None => match outbox.get("first") {
            Some(Value::Object(_)) => outbox["first"].clone(),
            Some(Value::String(first)) if host_of_id(first).as_deref() == Some(&them.host) => {
                sender.fetch_json(first, AS_JSON).await?
            }
            _ => return Ok(()),
        },
    };
    let items: Vec<Value> = as_list(page.get("orderedItems").or_else(|| page.get("items")))
        .into_iter()
        .cloned()
        .collect();
    let public = |value: &Value| {
        ["to", "cc"].iter().any(|field| {
            as_list(value.get(*field)).into_iter().any(|item| {
                matches!(
                    id_of(item),
                    Some(crate::federation::documents::PUBLIC | "as:Public" | "Public")
                )
            })
        })
    };
    let notes: Vec<&Value> = items
        .iter()
        .take(BACKFILL_ITEMS)
        .filter(|item| item.get("type").and_then(Value::as_str) == Some("Create"))
        .filter_map(|item| item.get("object").filter(|note| note.is_object()))
        .filter(|note| public(note) && note.get("inReplyTo").and_then(id_of).is_none())
        .filter(|note| !as_list(note.get("attachment")).is_empty())
        .take(BACKFILL_POSTS)
        .collect();
    for note in notes.into_iter().rev() {
        let now = state.clock.now_ms();
        if let Err(err) = create(state, them, note, now, Keep::Always).await {
            tracing::info!(error = %err, "a remote post could not be brought");
        }
    }
    Ok(())
}

/// A JSON-LD value that may be one item or an array of them (compaction writes a single item
/// bare), as a list.
fn as_list(value: Option<&Value>) -> Vec<&Value> {
    match value {
        Some(Value::Array(items)) => items.iter().collect(),
        Some(Value::Null) | None => Vec::new(),
        Some(item) => vec![item],
    }
}
