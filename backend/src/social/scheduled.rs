//! Scheduled posts going out (issue 44): the job publishes each draft whose time has come, once
//! (docs/publishing-contract.md), then does what posting does: the mentions and their
//! notifications, as of that moment.

use crate::platform::federate::Change;
use crate::platform::http::error::ApiResult;
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::posting;
use crate::social::store::drafts::{self, Published};
use crate::social::wire::post::Post;

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
                if let Err(err) = went_out(state, published, now).await {
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

/// After a draft became a post: its mentions told as a new post's (`posting::tell_mentions`);
/// answers the post as its author sees it.
pub async fn went_out(state: &AppState, published: Published, now: i64) -> ApiResult<Post> {
    let Published {
        post_id,
        author,
        caption,
    } = published;
    tracing::info!(post_id, author, "draft published");
    let post = posting::tell_mentions(state, author, post_id, &caption, now).await?;
    state
        .federation
        .tell(Change::Published { post: post_id })
        .await;
    Ok(post)
}
