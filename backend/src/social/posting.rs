//! Publishing a post once its input is parsed: the image through the media pipeline, the row
//! with its tags, its mentions and their notifications. Shared by `POST /api/posts` and a
//! canvas's snapshot (issue 25), which differ only in what they accept as the image; each
//! counts the posting limit and parses its own body first. A reel's caption names people as a
//! post's does (issue 44): `tell_reel_mentions` after a reel is posted, published from a draft
//! or edited.

use crate::kernel::image::ImageSource;
use crate::notifications;
use crate::platform::federate::Change;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;
use crate::social::rules::comment::mentioned_usernames;
use crate::social::rules::post::Caption;
use crate::social::store::mentions::CaptionOf;
use crate::social::store::posts::{NewPost, NewPostMedia};
use crate::social::store::{mentions, posts, reels};
use crate::social::wire::post::{Post, post_answer};
use crate::social::wire::reel::Reel;

/// A post's parsed input.
pub struct Draft {
    pub caption: Caption,
    pub location: Option<String>,
    pub tags: Vec<String>,
    /// 1 to 10 images, each with its alt text (trimmed; empty for none).
    pub media: Vec<(ImageSource, String)>,
}

/// Stores `draft` as `author`'s post; answers it as the feed shows it.
pub async fn publish_post(state: &AppState, author: i64, draft: Draft) -> ApiResult<Post> {
    let (sources, alts): (Vec<ImageSource>, Vec<String>) = draft.media.into_iter().unzip();
    let images = state
        .media
        .charged_to(author)
        .fetched_images(&state.db, sources)
        .await?;
    let media: Vec<NewPostMedia> = images
        .iter()
        .zip(&alts)
        .map(|(image, alt)| NewPostMedia {
            image_url: &image.url,
            media_key: image.key.as_deref(),
            alt,
        })
        .collect();
    let created_at = state.clock.now_ms();
    let caption = draft.caption.as_str();
    let id = posts::insert(
        &state.db,
        NewPost {
            user_id: author,
            caption,
            media: &media,
            location: draft.location.as_deref(),
            tags: &draft.tags,
            // The clock trending's decay is measured by (tests move it).
            created_at,
        },
    )
    .await?;
    let post = tell_mentions(state, author, id, caption, created_at).await?;
    state.federation.tell(Change::Published { post: id }).await;
    Ok(post)
}

/// After post `id`'s caption, images or place were edited: newly mentioned people are told
/// (`tell_mentions`), and other servers that have it get the new version.
pub async fn tell_edit(
    state: &AppState,
    author: i64,
    id: i64,
    caption: &str,
    now: i64,
) -> ApiResult<Post> {
    let post = tell_mentions(state, author, id, caption, now).await?;
    state.federation.tell(Change::Edited { post: id }).await;
    Ok(post)
}

/// After post `id` was written (made, edited, or published from a draft): the `@name`s of
/// active accounts its caption names become mentions (unknown names stay text; a name it
/// mentioned already is not stored again, so only a newly mentioned person is told, once), in
/// a short transaction of their own; then they are told. Answers the post as its author sees it.
pub async fn tell_mentions(
    state: &AppState,
    author: i64,
    id: i64,
    caption: &str,
    now: i64,
) -> ApiResult<Post> {
    let mentions = mentioned_usernames(caption);
    let notices = mentions::insert_for_caption(
        &state.db,
        author,
        CaptionOf::Post(id),
        caption,
        &mentions,
        now,
    )
    .await?;
    let post = posts::find(&state.db, author, id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("post {id} vanished after writing")))?;
    let post = post_answer(&state.db, post).await?;
    notifications::announce(state, notices).await;
    Ok(post)
}

/// After reel `id` was written (posted, published from a draft, or its caption edited): as
/// `tell_mentions` for a post, the caption's names become mentions of the reel (a name it
/// mentioned already is not stored again, so only a newly mentioned person is told, once).
/// Answers the reel as its author sees it.
pub async fn tell_reel_mentions(
    state: &AppState,
    author: i64,
    id: i64,
    caption: &str,
    now: i64,
) -> ApiResult<Reel> {
    let mentions = mentioned_usernames(caption);
    let notices = mentions::insert_for_caption(
        &state.db,
        author,
        CaptionOf::Reel(id),
        caption,
        &mentions,
        now,
    )
    .await?;
    let reel = reels::find(&state.db, author, id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("reel {id} vanished after writing")))?;
    notifications::announce(state, notices).await;
    Ok(reel.into())
}
