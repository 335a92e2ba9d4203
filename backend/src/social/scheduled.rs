//! Scheduled posts going out (issue 44): the job publishes each draft whose time has come, once
//! (docs/publishing-contract.md), then does what posting does: the mentions and their
//! notifications, as of that moment.

use crate::notifications;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::rules::comment::mentioned_usernames;
use crate::social::store::drafts::{self, Published};
use crate::social::store::{mentions, posts};
use crate::social::wire::post::{Post, post_answer};

/// At most this many scheduled posts go out in one pass (the next pass takes the rest).
const PER_PASS: usize = 100;

/// Publishes the scheduled drafts due by the app's clock; answers how many went out. A failure
/// is logged and left for the next pass.
pub async fn publish_due(state: &AppState) -> usize {
    let mut count = 0;
    while count < PER_PASS {
        let now = state.clock.now_ms();
        match drafts::publish_one_due(&state.db, now).await {
            Ok(Some(published)) => {
                // Counted when it goes out; it goes out either way (nobody is there to refuse).
                let _ = state.limits.check(Limit::Publish, published.author).await;
                if let Err(err) = announce(state, published, now).await {
                    tracing::warn!(error = %err, "telling of a scheduled post failed");
                }
                count += 1;
            }
            Ok(None) => break,
            Err(err) => {
                tracing::warn!(error = %err, "publishing a scheduled post failed");
                break;
            }
        }
    }
    count
}

/// After a draft became a post: its mentions (and their notifications) as a new post's; answers
/// the post as its author sees it.
pub async fn announce(state: &AppState, published: Published, now: i64) -> ApiResult<Post> {
    let Published {
        post_id,
        author,
        caption,
    } = published;
    let names = mentioned_usernames(&caption);
    let notices =
        mentions::insert_for_post(&state.db, author, post_id, &caption, &names, now).await?;
    let post = posts::find(&state.db, author, post_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("post {post_id} vanished")))?;
    let post = post_answer(&state.db, post).await?;
    notifications::announce(state, notices).await;
    tracing::info!(post_id, author, "draft published");
    Ok(post)
}
