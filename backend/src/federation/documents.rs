//! The JSON-LD Atelier serves and sends: its actors (`Person` for each account, an
//! `Application` for the instance), collections, and a post as a `Note` with its images.
//! Every document uses only the ActivityStreams and security contexts every server has
//! preloaded, plus inline terms (Mastodon's `toot:` names), so nobody fetches a context.

use serde_json::{Value, json};

use crate::federation::store::{LocalActor, NoteImage, NotePost};
use crate::platform::http::wire::iso_time;

/// The public collection: addressed to everyone.
pub const PUBLIC: &str = "https://www.w3.org/ns/activitystreams#Public";
/// What an activity's `Content-Type` is.
pub const ACTIVITY_JSON: &str = "application/activity+json";

/// The `@context` of everything Atelier serves.
pub fn context() -> Value {
    json!([
        "https://www.w3.org/ns/activitystreams",
        "https://w3id.org/security/v1",
        {
            "manuallyApprovesFollowers": "as:manuallyApprovesFollowers",
            "sensitive": "as:sensitive",
            "Hashtag": "as:Hashtag",
            "toot": "http://joinmastodon.org/ns#",
            "discoverable": "toot:discoverable",
            "blurhash": "toot:blurhash"
        }
    ])
}

/// The URLs of this server's ActivityPub objects.
#[derive(Debug, Clone)]
pub struct Urls {
    /// The public URL without a trailing slash.
    pub base: String,
}

impl Urls {
    pub fn new(base: &str) -> Self {
        Self {
            base: base.trim_end_matches('/').to_owned(),
        }
    }

    /// The host (and port) other servers know this one by: `acct:name@host`.
    pub fn host(&self) -> String {
        url::Url::parse(&self.base)
            .ok()
            .and_then(|url| {
                let host = url.host_str()?.to_owned();
                Some(match url.port() {
                    Some(port) => format!("{host}:{port}"),
                    None => host,
                })
            })
            .unwrap_or_default()
    }

    pub fn actor(&self, username: &str) -> String {
        format!("{}/users/{username}", self.base)
    }

    pub fn key_id(&self, username: &str) -> String {
        format!("{}#main-key", self.actor(username))
    }

    pub fn shared_inbox(&self) -> String {
        format!("{}/inbox", self.base)
    }

    pub fn instance_actor(&self) -> String {
        format!("{}/actor", self.base)
    }

    pub fn instance_key_id(&self) -> String {
        format!("{}#main-key", self.instance_actor())
    }

    pub fn profile_page(&self, username: &str) -> String {
        format!("{}/profile/{username}", self.base)
    }

    pub fn note(&self, post: i64) -> String {
        format!("{}/ap/posts/{post}", self.base)
    }

    pub fn comment_note(&self, comment: i64) -> String {
        format!("{}/ap/comments/{comment}", self.base)
    }

    pub fn post_page(&self, post: i64) -> String {
        format!("{}/p/{post}", self.base)
    }

    pub fn tag_page(&self, tag: &str) -> String {
        format!("{}/explore/tags/{tag}", self.base)
    }

    /// A new activity's id: unique, under this server.
    pub fn activity(&self, kind: &str) -> String {
        let mut bytes = [0_u8; 16];
        getrandom::fill(&mut bytes).expect("the system's random source works");
        format!(
            "{}/ap/activities/{}/{}",
            self.base,
            kind.to_ascii_lowercase(),
            hex::encode(bytes)
        )
    }

    /// An absolute URL of something served here (`/media/…`), or `url` as it is.
    pub fn absolute(&self, url: &str) -> String {
        if url.starts_with('/') {
            format!("{}{url}", self.base)
        } else {
            url.to_owned()
        }
    }

    /// The local post a URL of this server names (`/ap/posts/{id}` or `/p/{id}`).
    pub fn local_post(&self, url: &str) -> Option<i64> {
        let path = url.strip_prefix(&self.base)?;
        let id = path
            .strip_prefix("/ap/posts/")
            .or_else(|| path.strip_prefix("/p/"))?;
        id.parse().ok()
    }

    /// The local account an actor URL of this server names.
    pub fn local_username<'a>(&self, url: &'a str) -> Option<&'a str> {
        let name = url.strip_prefix(&self.base)?.strip_prefix("/users/")?;
        (!name.is_empty() && !name.contains('/')).then_some(name)
    }
}

/// Text as HTML: escaped, lines broken with `<br>`, in one paragraph.
pub fn text_html(text: &str) -> String {
    let mut html = String::with_capacity(text.len() + 8);
    html.push_str("<p>");
    for c in text.chars() {
        match c {
            '&' => html.push_str("&amp;"),
            '<' => html.push_str("&lt;"),
            '>' => html.push_str("&gt;"),
            '"' => html.push_str("&quot;"),
            '\'' => html.push_str("&#39;"),
            '\n' => html.push_str("<br>"),
            c => html.push(c),
        }
    }
    html.push_str("</p>");
    html
}

/// A local account as a `Person`.
pub fn person(urls: &Urls, user: &LocalActor, public_pem: &str) -> Value {
    let id = urls.actor(&user.username);
    let mut person = json!({
        "@context": context(),
        "id": id,
        "type": "Person",
        "preferredUsername": user.username,
        "name": user.display_name,
        "summary": user.bio.as_deref().map(text_html).unwrap_or_default(),
        "url": urls.profile_page(&user.username),
        "inbox": format!("{id}/inbox"),
        "outbox": format!("{id}/outbox"),
        "followers": format!("{id}/followers"),
        "following": format!("{id}/following"),
        "endpoints": { "sharedInbox": urls.shared_inbox() },
        "manuallyApprovesFollowers": user.private_account == 1,
        "discoverable": user.private_account == 0,
        "published": iso_time(user.created_at),
        "publicKey": {
            "id": urls.key_id(&user.username),
            "owner": id,
            "publicKeyPem": public_pem,
        },
    });
    if let Some(avatar) = &user.profile_image_url {
        person["icon"] = json!({
            "type": "Image",
            "url": urls.absolute(avatar),
            "mediaType": mime_guess::from_path(avatar).first_or_octet_stream().essence_str(),
        });
    }
    person
}

/// The instance actor: it signs fetches made for nobody in particular.
pub fn instance_actor(urls: &Urls, public_pem: &str) -> Value {
    let id = urls.instance_actor();
    json!({
        "@context": context(),
        "id": id,
        "type": "Application",
        "preferredUsername": urls.host(),
        "name": "Atelier",
        "inbox": urls.shared_inbox(),
        "outbox": format!("{id}/outbox"),
        "endpoints": { "sharedInbox": urls.shared_inbox() },
        "manuallyApprovesFollowers": true,
        "publicKey": {
            "id": urls.instance_key_id(),
            "owner": id,
            "publicKeyPem": public_pem,
        },
    })
}

/// Who a post is addressed to: a public account's to everyone (its followers copied), a
/// private account's to its followers only.
pub fn audience(urls: &Urls, username: &str, private: bool) -> (Value, Value) {
    let followers = format!("{}/followers", urls.actor(username));
    if private {
        (json!([followers]), json!([]))
    } else {
        (json!([PUBLIC]), json!([followers]))
    }
}

/// A post as a `Note` with an `Image` attachment for each image (its alt text as `name`).
pub fn note(
    urls: &Urls,
    username: &str,
    post: &NotePost,
    images: &[NoteImage],
    tags: &[String],
) -> Value {
    let (to, cc) = audience(urls, username, post.private_account == 1);
    let attachment: Vec<Value> = images
        .iter()
        .map(|image| {
            let mut value = json!({
                "type": "Image",
                "url": urls.absolute(&image.image_url),
                "mediaType": image.content_type.clone().unwrap_or_else(|| {
                    mime_guess::from_path(&image.image_url)
                        .first_or_octet_stream()
                        .essence_str()
                        .to_owned()
                }),
                "name": image.alt,
            });
            if let (Some(width), Some(height)) = (image.width, image.height) {
                value["width"] = json!(width);
                value["height"] = json!(height);
            }
            if let Some(blurhash) = &image.blurhash {
                value["blurhash"] = json!(blurhash);
            }
            value
        })
        .collect();
    let tag: Vec<Value> = tags
        .iter()
        .map(|tag| json!({ "type": "Hashtag", "name": format!("#{tag}"), "href": urls.tag_page(tag) }))
        .collect();
    let mut note = json!({
        "id": urls.note(post.id),
        "type": "Note",
        "attributedTo": urls.actor(username),
        "content": text_html(&post.caption),
        "published": iso_time(post.created_at),
        "url": urls.post_page(post.id),
        "to": to,
        "cc": cc,
        "sensitive": false,
        "attachment": attachment,
        "tag": tag,
    });
    if let Some(edited) = post.edited_at {
        note["updated"] = json!(iso_time(edited));
    }
    note
}

/// An activity by `actor` around `object`, with the object's audience.
pub fn activity(id: &str, kind: &str, actor: &str, object: Value, to: Value, cc: Value) -> Value {
    json!({
        "@context": context(),
        "id": id,
        "type": kind,
        "actor": actor,
        "object": object,
        "to": to,
        "cc": cc,
    })
}

/// An `OrderedCollection` of `total` items whose first page is `first` (absent: items hidden).
pub fn collection(id: &str, total: i64, first: Option<Value>) -> Value {
    let mut collection = json!({
        "@context": context(),
        "id": id,
        "type": "OrderedCollection",
        "totalItems": total,
    });
    if let Some(first) = first {
        collection["first"] = first;
    }
    collection
}

/// One page of a collection.
pub fn collection_page(id: &str, part_of: &str, items: Vec<Value>, next: Option<String>) -> Value {
    let mut page = json!({
        "id": id,
        "type": "OrderedCollectionPage",
        "partOf": part_of,
        "orderedItems": items,
    });
    if let Some(next) = next {
        page["next"] = json!(next);
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_this_servers_objects_and_read_them_back() {
        let urls = Urls::new("https://atelier.example:8443/");
        assert_eq!(urls.host(), "atelier.example:8443");
        assert_eq!(
            urls.actor("maya"),
            "https://atelier.example:8443/users/maya"
        );
        assert_eq!(urls.local_post(&urls.note(42)), Some(42));
        assert_eq!(urls.local_post("https://atelier.example:8443/p/7"), Some(7));
        assert_eq!(urls.local_post("https://elsewhere.example/p/7"), None);
        assert_eq!(urls.local_username(&urls.actor("maya")), Some("maya"));
        assert_eq!(urls.local_username(&urls.note(1)), None);
        assert_ne!(urls.activity("Like"), urls.activity("Like"));
        assert_eq!(
            urls.absolute("/media/a.webp"),
            "https://atelier.example:8443/media/a.webp"
        );
    }

    #[test]
    fn text_becomes_escaped_html() {
        assert_eq!(
            text_html("<b>hi</b> & bye\nnext"),
            "<p>&lt;b&gt;hi&lt;/b&gt; &amp; bye<br>next</p>"
        );
    }

    #[test]
    fn a_private_accounts_post_goes_to_followers_only() {
        let urls = Urls::new("https://a.example");
        let (to, cc) = audience(&urls, "maya", true);
        assert_eq!(to, json!(["https://a.example/users/maya/followers"]));
        assert_eq!(cc, json!([]));
        let (to, _) = audience(&urls, "maya", false);
        assert_eq!(to, json!([PUBLIC]));
    }
}
