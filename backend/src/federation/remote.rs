//! Reading other servers: a document fetched with a signed GET (authorized fetch) through the
//! outbound guard, an actor parsed into what Atelier keeps of it, a WebFinger lookup of
//! `@name@host`, and remote HTML made plain text with ammonia.

use axum::http::{Method, Request, header};
use futures_util::StreamExt;
use serde_json::Value;
use url::{Host, Url};

use crate::federation::documents::ACTIVITY_JSON;
use crate::federation::sender::Sender;
use crate::federation::signatures;
use crate::federation::store::RemoteProfile;
use crate::platform::outbound;

/// The largest document read from another server.
pub const DOCUMENT_MAX: usize = 1024 * 1024;
/// The longest display name and bio kept of a remote account (as a local one's).
const NAME_MAX: usize = 100;
const BIO_MAX: usize = 500;

/// Why something could not be fetched.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("not an address this server may fetch")]
    NotAllowed,
    #[error("the server could not be reached: {0}")]
    Unreachable(String),
    #[error("the server answered {0}")]
    Status(u16),
    #[error("the document is larger than allowed")]
    TooLarge,
    #[error("the document is not what was asked for: {0}")]
    Invalid(String),
}

impl Sender {
    /// Checks `url` before any connection: https (or http to a loopback address when loopback
    /// is allowed), and a literal address allowed by the guard; a name is checked by the
    /// client's resolver when it connects.
    pub fn check_url(&self, url: &str) -> Result<Url, FetchError> {
        let url = Url::parse(url).map_err(|_| FetchError::NotAllowed)?;
        let allow_loopback = self.inner().allow_loopback;
        match url.scheme() {
            "https" => {}
            "http" if allow_loopback => {}
            _ => return Err(FetchError::NotAllowed),
        }
        match url.host() {
            Some(Host::Ipv4(ip)) if !outbound::allowed(ip.into(), allow_loopback) => {
                Err(FetchError::NotAllowed)
            }
            Some(Host::Ipv6(ip)) if !outbound::allowed(ip.into(), allow_loopback) => {
                Err(FetchError::NotAllowed)
            }
            Some(_) if url.username().is_empty() && url.password().is_none() => Ok(url),
            _ => Err(FetchError::NotAllowed),
        }
    }

    /// GETs `url` as `accept`, signed by the instance actor, and answers its JSON.
    pub async fn fetch_json(&self, url: &str, accept: &str) -> Result<Value, FetchError> {
        let checked = self.check_url(url)?;
        let mut request = Request::builder()
            .method(Method::GET)
            .uri(checked.as_str())
            .header(header::ACCEPT, accept)
            .body(Vec::new())
            .map_err(|err| FetchError::Invalid(err.to_string()))?;
        let (private, _) = self
            .instance_key()
            .await
            .map_err(|err| FetchError::Unreachable(err.to_string()))?;
        signatures::sign(
            &mut request,
            &private,
            &self.urls().instance_key_id(),
            chrono::Utc::now(),
        )
        .map_err(|err| FetchError::Invalid(err.to_string()))?;
        let request = push_http::Request::try_from(request.map(push_http::Body::from))
            .map_err(|err| FetchError::Invalid(err.to_string()))?;
        let response = self
            .inner()
            .client
            .execute(request)
            .await
            .map_err(|err| FetchError::Unreachable(err.to_string()))?;
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            return Err(FetchError::Status(status));
        }
        if response
            .content_length()
            .is_some_and(|length| length > DOCUMENT_MAX as u64)
        {
            return Err(FetchError::TooLarge);
        }
        let mut body = Vec::new();
        let mut stream = response.bytes_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|err| FetchError::Unreachable(err.to_string()))?;
            if body.len() + chunk.len() > DOCUMENT_MAX {
                return Err(FetchError::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        serde_json::from_slice(&body).map_err(|err| FetchError::Invalid(err.to_string()))
    }

    /// Fetches the actor at `url` (a key id's document is its actor, or names its owner).
    pub async fn fetch_actor(&self, url: &str) -> Result<RemoteProfile, FetchError> {
        let without_fragment = url.split('#').next().unwrap_or(url);
        let mut document = self.fetch_json(without_fragment, ACTIVITY_JSON).await?;
        // A key document names its owner: the actor is there.
        if document.get("inbox").is_none()
            && let Some(owner) = document.get("owner").and_then(Value::as_str)
        {
            document = self.fetch_json(owner, ACTIVITY_JSON).await?;
        }
        let profile = parse_actor(&document)?;
        // An actor is who its own server says: its id on the host it was fetched from.
        let fetched = Url::parse(without_fragment).map_err(|_| FetchError::NotAllowed)?;
        if host_of(&fetched) != profile.host {
            return Err(FetchError::Invalid(
                "the actor's id is on another host".into(),
            ));
        }
        Ok(profile)
    }

    /// Looks up `name@host` by WebFinger and answers its actor URL.
    pub async fn webfinger(&self, name: &str, host: &str) -> Result<String, FetchError> {
        let scheme = if self.inner().allow_loopback {
            "http"
        } else {
            "https"
        };
        let mut url = Url::parse(&format!("{scheme}://{host}/.well-known/webfinger"))
            .map_err(|_| FetchError::NotAllowed)?;
        url.query_pairs_mut()
            .append_pair("resource", &format!("acct:{name}@{host}"));
        let document = self
            .fetch_json(url.as_str(), "application/jrd+json")
            .await?;
        document
            .get("links")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .find(|link| {
                link.get("rel").and_then(Value::as_str) == Some("self")
                    && link
                        .get("type")
                        .and_then(Value::as_str)
                        .is_some_and(|kind| {
                            kind.starts_with(ACTIVITY_JSON)
                                || kind.starts_with("application/ld+json")
                        })
            })
            .and_then(|link| link.get("href").and_then(Value::as_str))
            .map(str::to_owned)
            .ok_or_else(|| FetchError::Invalid("no ActivityPub actor for the handle".into()))
    }
}

/// `host` or `host:port` of a URL.
pub fn host_of(url: &Url) -> String {
    let host = url.host_str().unwrap_or_default();
    match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    }
}

/// The host of an id (`https://host/…`), if it is a URL.
pub fn host_of_id(id: &str) -> Option<String> {
    Url::parse(id).ok().map(|url| host_of(&url))
}

/// A string field, or the `id` of an object in its place.
pub fn id_of(value: &Value) -> Option<&str> {
    match value {
        Value::String(id) => Some(id),
        Value::Object(object) => object.get("id").and_then(Value::as_str),
        _ => None,
    }
}

/// What Atelier keeps of an actor document.
pub fn parse_actor(document: &Value) -> Result<RemoteProfile, FetchError> {
    let invalid = |what: &str| FetchError::Invalid(what.to_owned());
    let text = |name: &str| document.get(name).and_then(Value::as_str);
    let kind = text("type").ok_or_else(|| invalid("no type"))?;
    if !matches!(
        kind,
        "Person" | "Service" | "Application" | "Group" | "Organization"
    ) {
        return Err(invalid("not an actor"));
    }
    let actor_url = text("id").ok_or_else(|| invalid("no id"))?.to_owned();
    let url = Url::parse(&actor_url).map_err(|_| invalid("the id is not a URL"))?;
    let host = host_of(&url);
    let inbox = text("inbox").ok_or_else(|| invalid("no inbox"))?.to_owned();
    let key = document
        .get("publicKey")
        .map(|key| match key {
            Value::Array(keys) => keys.first().cloned().unwrap_or(Value::Null),
            key => key.clone(),
        })
        .ok_or_else(|| invalid("no public key"))?;
    let key_id = key
        .get("id")
        .and_then(Value::as_str)
        .ok_or_else(|| invalid("no key id"))?
        .to_owned();
    let public_key_pem = key
        .get("publicKeyPem")
        .and_then(Value::as_str)
        .ok_or_else(|| invalid("no key"))?
        .to_owned();
    let name = text("preferredUsername").ok_or_else(|| invalid("no preferredUsername"))?;
    if name.is_empty()
        || name.len() > 64
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
    {
        return Err(invalid("an unusable preferredUsername"));
    }
    let display_name = text("name")
        .map(|name| plain_text(name, NAME_MAX))
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| name.to_owned());
    let avatar_url = document
        .get("icon")
        .and_then(|icon| match icon {
            Value::Array(icons) => icons.first(),
            icon => Some(icon),
        })
        .and_then(|icon| icon.get("url"))
        .and_then(id_of_url)
        .map(str::to_owned);
    Ok(RemoteProfile {
        username: format!("{name}@{host}"),
        display_name,
        bio: text("summary")
            .map(|summary| plain_text(summary, BIO_MAX))
            .filter(|bio| !bio.is_empty()),
        avatar_url,
        shared_inbox: document
            .get("endpoints")
            .and_then(|endpoints| endpoints.get("sharedInbox"))
            .and_then(Value::as_str)
            .map(str::to_owned),
        profile_url: document
            .get("url")
            .and_then(id_of_url)
            .unwrap_or(&actor_url)
            .to_owned(),
        locked: document
            .get("manuallyApprovesFollowers")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        actor_url,
        host,
        inbox,
        key_id,
        public_key_pem,
    })
}

/// A URL given as a string or a `Link`/`Image` with an `href` or `url`.
fn id_of_url(value: &Value) -> Option<&str> {
    match value {
        Value::String(url) => Some(url),
        Value::Object(object) => object
            .get("href")
            .or_else(|| object.get("url"))
            .and_then(Value::as_str),
        Value::Array(items) => items.first().and_then(id_of_url),
        _ => None,
    }
}

/// Remote HTML as plain text of at most `max` characters: paragraphs and line breaks become
/// new lines, every tag goes (ammonia keeps only text), entities are read.
pub fn plain_text(html: &str, max: usize) -> String {
    let with_breaks = html
        .replace("<br>", "\n")
        .replace("<br/>", "\n")
        .replace("<br />", "\n")
        .replace("</p><p>", "\n\n");
    let cleaned = ammonia::Builder::empty().clean(&with_breaks).to_string();
    let text = cleaned
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let text = text.trim();
    if text.chars().count() > max {
        text.chars().take(max).collect()
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn remote_html_becomes_plain_text_without_markup() {
        assert_eq!(
            plain_text(
                "<p>Hello <a href=\"https://x\">@ada</a> &amp; <script>alert(1)</script>co</p><p>second<br>line</p>",
                500
            ),
            "Hello @ada & co\n\nsecond\nline"
        );
        assert_eq!(plain_text("<b>&lt;b&gt;</b>", 500), "<b>");
        assert_eq!(plain_text("abcdef", 3), "abc");
    }

    #[test]
    fn an_actor_document_gives_its_account() {
        let actor = json!({
            "id": "https://peer.example/users/ada",
            "type": "Person",
            "preferredUsername": "ada",
            "name": "Ada <b>L</b>",
            "summary": "<p>Painter</p>",
            "inbox": "https://peer.example/users/ada/inbox",
            "endpoints": { "sharedInbox": "https://peer.example/inbox" },
            "icon": { "type": "Image", "url": "https://peer.example/ada.png" },
            "url": "https://peer.example/@ada",
            "manuallyApprovesFollowers": true,
            "publicKey": { "id": "https://peer.example/users/ada#main-key",
                           "owner": "https://peer.example/users/ada",
                           "publicKeyPem": "PEM" }
        });
        let profile = parse_actor(&actor).unwrap();
        assert_eq!(profile.username, "ada@peer.example");
        assert_eq!(profile.display_name, "Ada L");
        assert_eq!(profile.bio.as_deref(), Some("Painter"));
        assert_eq!(
            profile.shared_inbox.as_deref(),
            Some("https://peer.example/inbox")
        );
        assert_eq!(profile.profile_url, "https://peer.example/@ada");
        assert!(profile.locked);
        assert_eq!(profile.key_id, "https://peer.example/users/ada#main-key");
        let mut no_inbox = actor.clone();
        no_inbox.as_object_mut().unwrap().remove("inbox");
        assert!(parse_actor(&no_inbox).is_err());
        let mut bad_name = actor;
        bad_name["preferredUsername"] = json!("a/b");
        assert!(parse_actor(&bad_name).is_err());
    }
}
