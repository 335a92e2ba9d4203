//! A post as the viewer sees it, and the like and bookmark answers.

use std::collections::HashMap;
use std::sync::Arc;

use axum::response::Response;

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::page::Page;
pub use crate::kernel::post_media::PostMedia;
use crate::kernel::user::UserBrief;
use crate::platform::fragments::{Fragment, Fragments, Kind};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::wire::iso_time;
use crate::platform::http::wire::{
    paginated_json, write_flag, write_int, write_option_str, write_str,
};
use crate::platform::media;
use crate::platform::state::AppState;
use crate::social::store::posts::{PostBody, PostCard, PostMediaView, PostVersionRow, PostView};

/// A post as the viewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    pub id: i64,
    pub user: UserBrief,
    /// The post's images in order (issue 44): 1 to 10, each with its alt text.
    #[schema(min_items = 1, max_items = 10)]
    pub media: Vec<PostMedia>,
    /// The first image's `url`.
    #[schema(deprecated)]
    pub image_url: String,
    /// The first image's `thumbnailUrl`.
    #[schema(required = true, deprecated)]
    pub thumbnail_url: Option<String>,
    /// The first image's `width`.
    #[schema(required = true, deprecated)]
    pub width: Option<i64>,
    /// The first image's `height`.
    #[schema(required = true, deprecated)]
    pub height: Option<i64>,
    /// The first image's `blurhash`.
    #[schema(required = true, deprecated)]
    pub blurhash: Option<String>,
    pub caption: String,
    #[schema(required = true)]
    pub location: Option<String>,
    pub tags: Vec<String>,
    pub likes_count: i64,
    pub comments_count: i64,
    pub shares_count: i64,
    /// Whether the session user likes it.
    pub is_liked: bool,
    /// Whether the session user saved it.
    pub is_bookmarked: bool,
    /// Whether the session user may send it into a chat: theirs, or its author allows sharing
    /// ('3D Content Sharing', issue 43).
    pub allows_sharing: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// When its author last edited it (issue 44), ISO-8601 UTC; null if never. The earlier
    /// versions are at `GET /api/posts/{id}/history`.
    #[schema(required = true)]
    pub edited_at: Option<String>,
}

impl From<PostMediaView> for PostMedia {
    fn from(row: PostMediaView) -> Self {
        Self {
            url: row.image_url,
            thumbnail_url: row.thumbnail_key.as_deref().map(media::url_of),
            width: row.width,
            height: row.height,
            blurhash: row.blurhash,
            alt: row.alt,
        }
    }
}

/// The images of `posts` by post, each post's in order: one read for them all (a chat page's
/// shared cards).
pub async fn media_by_post(
    db: &crate::platform::db::Db,
    posts: &[i64],
) -> Result<HashMap<i64, Vec<PostMedia>>, sqlx::Error> {
    let media = crate::social::store::posts::media_of(db, posts).await?;
    Ok(by_post(media))
}

/// `media` (`posts::media_of`'s rows, or a draft's) grouped by post, each post's in order.
pub fn by_post(media: Vec<PostMediaView>) -> HashMap<i64, Vec<PostMedia>> {
    let mut by_post: HashMap<i64, Vec<PostMedia>> = HashMap::new();
    for item in media {
        by_post.entry(item.post_id).or_default().push(item.into());
    }
    by_post
}

/// `cards` as the API shows them, a JSON array of `Post`: each post's viewer-independent
/// members from `fragments`, written for the posts it lacks at their revision (one read of
/// their bodies, one of the carousels' images; none when all are kept). A post deleted since
/// its card was read is left out.
pub async fn posts_json(
    db: &crate::platform::db::Db,
    fragments: &Fragments,
    cards: &[PostCard],
) -> Result<Vec<u8>, ApiError> {
    let mut kept: Vec<Option<Arc<Fragment>>> = cards
        .iter()
        .map(|card| fragments.get(Kind::Post, card.id, card.revision))
        .collect();
    let missing: Vec<i64> = cards
        .iter()
        .zip(&kept)
        .filter(|(_, kept)| kept.is_none())
        .map(|(card, _)| card.id)
        .collect();
    if !missing.is_empty() {
        let bodies = crate::social::store::posts::bodies_of(db, &missing).await?;
        let carousels: Vec<i64> = bodies
            .iter()
            .filter(|row| row.body.media_count > 1)
            .map(|row| row.id)
            .collect();
        let mut media = by_post(crate::social::store::posts::media_of(db, &carousels).await?);
        let mut written = HashMap::with_capacity(bodies.len());
        for row in bodies {
            let images = media.remove(&row.id).unwrap_or_default();
            let fragment = post_fragment(row.revision, &row.body, images)
                .map_err(|err| ApiError::Internal(err.into()))?;
            let fragment = Arc::new(fragment);
            fragments.put(Kind::Post, row.id, Arc::clone(&fragment));
            written.insert(row.id, fragment);
        }
        for (card, slot) in cards.iter().zip(kept.iter_mut()) {
            if slot.is_none() {
                *slot = written.get(&card.id).cloned();
            }
        }
    }
    let mut out = Vec::with_capacity(cards.len() * 768 + 2);
    out.push(b'[');
    for (card, fragment) in cards.iter().zip(&kept) {
        let Some(fragment) = fragment else { continue };
        if out.len() > 1 {
            out.push(b',');
        }
        write_post(&mut out, card, fragment);
    }
    out.push(b']');
    Ok(out)
}

/// A page of `cards` (a list's, one more than the page when more follow) as the API answers
/// it: the posts (`posts_json`), and `X-Next-Cursor` when more follow.
pub async fn page_of_posts(
    state: &AppState,
    cards: Vec<PostCard>,
    page: Page,
) -> ApiResult<Response> {
    let (cards, next) = page.split(cards, |card| card.cursor);
    let array = posts_json(&state.db, &state.fragments, &cards).await?;
    Ok(paginated_json(array, next))
}

/// One post as the API shows it, with its images: one more read for a carousel, none for a post
/// of one image (its row has it, issue 45).
pub async fn post_answer(db: &crate::platform::db::Db, row: PostView) -> Result<Post, sqlx::Error> {
    let media = if row.body.media_count > 1 {
        crate::social::store::posts::media_of(db, &[row.card.id])
            .await?
            .into_iter()
            .map(PostMedia::from)
            .collect()
    } else {
        Vec::new()
    };
    Ok(Post::from_parts(row.card, row.body, media))
}

/// `media` as a post shows them: a post of one image has no `post_media` row read (its own
/// columns are its first image's), nor does a row written around the API.
fn media_or_cover(body: &PostBody, media: Vec<PostMedia>) -> Vec<PostMedia> {
    if !media.is_empty() {
        return media;
    }
    vec![PostMedia {
        url: body.image_url.clone(),
        thumbnail_url: body.thumbnail_key.as_deref().map(media::url_of),
        width: body.width,
        height: body.height,
        blurhash: body.blurhash.clone(),
        alt: body.alt.clone(),
    }]
}

impl Post {
    /// A post from its card, its body and its images (`posts::media_of`'s for a carousel;
    /// none for a post of one image, whose body has it).
    fn from_parts(card: PostCard, body: PostBody, media: Vec<PostMedia>) -> Self {
        let media = media_or_cover(&body, media);
        Self {
            id: card.id,
            user: UserBrief {
                id: card.user_id,
                username: card.username,
                display_name: card.display_name,
                profile_image: card.profile_image,
            },
            media,
            thumbnail_url: body.thumbnail_key.as_deref().map(media::url_of),
            image_url: body.image_url,
            width: body.width,
            height: body.height,
            blurhash: body.blurhash,
            caption: body.caption,
            location: body.location,
            tags: serde_json::from_str(&body.tags).unwrap_or_default(),
            likes_count: card.likes_count,
            comments_count: card.comments_count,
            shares_count: card.shares_count,
            is_liked: card.is_liked != 0,
            is_bookmarked: card.is_bookmarked != 0,
            allows_sharing: card.allows_sharing != 0,
            created_at: iso_time(body.created_at),
            edited_at: body.edited_at.map(iso_time),
        }
    }
}

/// `Post`'s members from `media` to `tags`, in its order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BodyMembers<'a> {
    media: &'a [PostMedia],
    image_url: &'a str,
    thumbnail_url: Option<String>,
    width: Option<i64>,
    height: Option<i64>,
    blurhash: Option<&'a str>,
    caption: &'a str,
    location: Option<&'a str>,
    tags: Vec<String>,
}

/// `Post`'s last two members.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TimeMembers {
    created_at: String,
    edited_at: Option<String>,
}

/// `value`'s JSON object without its braces, appended to `out`.
fn members_of<T: Serialize>(out: &mut Vec<u8>, value: &T) -> Result<(), sonic_rs::Error> {
    let object = sonic_rs::to_vec(value)?;
    out.extend_from_slice(&object[1..object.len() - 1]);
    Ok(())
}

/// What `Post`'s JSON holds that is the same for every viewer (issue 45): the members from
/// `media` to `tags` (the fragment's head) and `createdAt` and `editedAt` (its tail), for
/// `body` at `revision` with its images (none for a post of one image). Written once per post
/// and revision and copied into every page that shows the post (`write_post`).
pub fn post_fragment(
    revision: i64,
    body: &PostBody,
    media: Vec<PostMedia>,
) -> Result<Fragment, sonic_rs::Error> {
    let media = media_or_cover(body, media);
    let mut head = Vec::with_capacity(512);
    members_of(
        &mut head,
        &BodyMembers {
            media: &media,
            image_url: &body.image_url,
            thumbnail_url: body.thumbnail_key.as_deref().map(media::url_of),
            width: body.width,
            height: body.height,
            blurhash: body.blurhash.as_deref(),
            caption: &body.caption,
            location: body.location.as_deref(),
            tags: serde_json::from_str(&body.tags).unwrap_or_default(),
        },
    )?;
    let mut tail = Vec::with_capacity(64);
    members_of(
        &mut tail,
        &TimeMembers {
            created_at: iso_time(body.created_at),
            edited_at: body.edited_at.map(iso_time),
        },
    )?;
    Ok(Fragment::new(revision, head, &tail))
}

/// `card`'s post as JSON, the bytes `Post` serialises to, its viewer-independent members copied
/// from `fragment` (`post_fragment`; issue 45: keys written as bytes rather than serialised
/// one by one).
pub fn write_post(out: &mut Vec<u8>, card: &PostCard, fragment: &Fragment) {
    out.extend_from_slice(br#"{"id":"#);
    write_int(out, card.id);
    out.extend_from_slice(br#","user":{"id":"#);
    write_int(out, card.user_id);
    out.extend_from_slice(br#","username":"#);
    write_str(out, &card.username);
    out.extend_from_slice(br#","displayName":"#);
    write_str(out, &card.display_name);
    out.extend_from_slice(br#","profileImage":"#);
    write_option_str(out, card.profile_image.as_deref());
    out.extend_from_slice(b"},");
    out.extend_from_slice(fragment.head());
    out.extend_from_slice(br#","likesCount":"#);
    write_int(out, card.likes_count);
    out.extend_from_slice(br#","commentsCount":"#);
    write_int(out, card.comments_count);
    out.extend_from_slice(br#","sharesCount":"#);
    write_int(out, card.shares_count);
    out.extend_from_slice(br#","isLiked":"#);
    write_flag(out, card.is_liked);
    out.extend_from_slice(br#","isBookmarked":"#);
    write_flag(out, card.is_bookmarked);
    out.extend_from_slice(br#","allowsSharing":"#);
    write_flag(out, card.allows_sharing);
    out.push(b',');
    out.extend_from_slice(fragment.tail());
    out.push(b'}');
}

/// {isLiked, likesCount}: the like toggle's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeState {
    pub is_liked: bool,
    pub likes_count: i64,
}

/// {isLiked}: the like-status answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeStatus {
    pub is_liked: bool,
}

/// {isBookmarked}: the bookmark toggle's and bookmark-status's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookmarkState {
    pub is_bookmarked: bool,
}

/// An earlier version of a post (issue 44): what its caption, location, tags and alt texts
/// said until the edit after it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostVersion {
    pub caption: String,
    #[schema(required = true)]
    pub location: Option<String>,
    pub tags: Vec<String>,
    /// Each image's alt text, in order.
    pub alts: Vec<String>,
    /// When this version was written (the post's creation, or the edit that made it),
    /// ISO-8601 UTC.
    pub written_at: String,
}

impl From<PostVersionRow> for PostVersion {
    fn from(row: PostVersionRow) -> Self {
        Self {
            caption: row.caption,
            location: row.location,
            tags: serde_json::from_str(&row.tags).unwrap_or_default(),
            alts: serde_json::from_str(&row.alts).unwrap_or_default(),
            written_at: iso_time(row.written_at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(profile_image: Option<&str>, marks: i64) -> PostCard {
        PostCard {
            cursor: 41,
            id: 41,
            revision: 3,
            user_id: 7,
            username: "ma\"ya".into(),
            display_name: "Maya \u{1F3A8} <b>\\ \u{0007}".into(),
            profile_image: profile_image.map(str::to_owned),
            likes_count: 12,
            comments_count: 0,
            shares_count: -1,
            is_liked: marks,
            is_bookmarked: 1 - marks,
            allows_sharing: marks,
        }
    }

    fn body(edited_at: Option<i64>, thumbnail: Option<&str>) -> PostBody {
        PostBody {
            image_url: "/media/a.webp".into(),
            thumbnail_key: thumbnail.map(str::to_owned),
            width: thumbnail.map(|_| 1080),
            height: None,
            blurhash: Some("LEHV6nWB2y".into()),
            caption: "Line one\nline \"two\" #ink \u{2028} é".into(),
            location: None,
            tags: r#"["ink","Ünïcode"]"#.into(),
            created_at: 1_780_272_000_123,
            edited_at,
            media_count: 1,
            alt: "a \"cat\"".into(),
        }
    }

    /// A page written from fragments answers the bytes `Post` serialises to, for a post of one
    /// image and a carousel, with and without the optional members.
    #[test]
    fn a_post_written_from_its_fragment_is_the_post_serialised() {
        let carousel = vec![
            PostMedia {
                url: "/media/1.webp".into(),
                thumbnail_url: Some("/media/1-t.webp".into()),
                width: Some(10),
                height: Some(20),
                blurhash: None,
                alt: "first".into(),
            },
            PostMedia {
                url: "https://example.com/2.jpg".into(),
                thumbnail_url: None,
                width: None,
                height: None,
                blurhash: None,
                alt: String::new(),
            },
        ];
        let cases = [
            (card(None, 0), body(None, None), Vec::new()),
            (
                card(Some("/media/p.webp"), 1),
                body(Some(1_780_272_999_000), Some("t.webp")),
                carousel,
            ),
        ];
        for (card, body, media) in cases {
            let fragment = post_fragment(card.revision, &body, media.clone()).unwrap();
            let mut written = Vec::new();
            write_post(&mut written, &card, &fragment);
            let serialised = sonic_rs::to_vec(&Post::from_parts(card, body, media)).unwrap();
            assert_eq!(
                String::from_utf8(written).unwrap(),
                String::from_utf8(serialised).unwrap()
            );
        }
    }
}
