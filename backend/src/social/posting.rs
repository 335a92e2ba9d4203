//! Publishing a post once its input is parsed: the image through the media pipeline, the row
//! with its tags, its mentions and their notifications. Shared by `POST /api/posts` and a
//! canvas's snapshot (issue 25), which differ only in what they accept as the image; each
//! counts the posting limit and parses its own body first.

use crate::kernel::image::ImageSource;
use crate::notifications;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;
use crate::social::rules::comment::mentioned_usernames;
use crate::social::rules::post::Caption;
use crate::social::store::posts::NewPost;
use crate::social::store::{mentions, posts};
use crate::social::wire::post::Post;

/// A post's parsed input.
pub struct Draft {
    pub caption: Caption,
    pub location: Option<String>,
    pub tags: Vec<String>,
    pub image: ImageSource,
}

/// Stores `draft` as `author`'s post; answers it as the feed shows it.
pub async fn publish_post(state: &AppState, author: i64, draft: Draft) -> ApiResult<Post> {
    let image = state
        .media
        .charged_to(author)
        .fetched_image(&state.db, draft.image)
        .await?;
    let created_at = state.clock.now_ms();
    let caption = draft.caption.as_str();
    let id = posts::insert(
        &state.db,
        NewPost {
            user_id: author,
            caption,
            image_url: &image.url,
            media_key: image.key.as_deref(),
            location: draft.location.as_deref(),
            tags: &draft.tags,
            // The clock trending's decay is measured by (tests move it).
            created_at,
        },
    )
    .await?;
    // `@name`s of active accounts become mentions (unknown names stay text). Their own short
    // transaction right after the insert: social/store/posts.rs's insert is the tags' (issue 19, slice B).
    let mentions = mentioned_usernames(caption);
    let notices =
        mentions::insert_for_post(&state.db, author, id, caption, &mentions, created_at).await?;
    let post = posts::find(&state.db, author, id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("post {id} vanished after insert")))?;
    notifications::announce(state, notices).await;
    Ok(post.into())
}
