//! Comments and replies on posts and reels (issue 19, docs/community-contract.md): a post's or
//! a reel's top-level comments and a comment's replies (oldest first, paged backwards as
//! messages are), commenting and replying, deleting, and the comment like toggle.

mod comment_delete;
mod comment_like;
mod post_comment_create;
mod post_comments_list;
mod reel_comment_create;
mod reel_comments_list;
mod replies_list;

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, Json};
use crate::platform::http::wire::paginated;
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::refusals::item_not_found;
use crate::social::rules::comment::{CommentContent, mentioned_usernames};
use crate::social::service;
use crate::social::store::comments;
use crate::social::store::comments::{CommentView, Item, NewComment};
use crate::social::wire::comment::Comment;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            post_comments_list::list_post_comments,
            post_comment_create::create_post_comment
        ))
        .routes(routes!(
            reel_comments_list::list_reel_comments,
            reel_comment_create::create_reel_comment
        ))
        .routes(routes!(replies_list::list_replies))
        .routes(routes!(comment_delete::delete_comment))
        .routes(routes!(comment_like::toggle_comment_like))
}

/// A comment or a reply. The first client's `userId`, if sent, is ignored: the author is the
/// session user.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCommentRequest {
    /// 1–2200 characters after trimming; stored trimmed. `@username` of an existing account
    /// is stored as a mention of it. Required (a missing one is answered 'Comment cannot be
    /// empty').
    #[schema(
        required = true,
        nullable = false,
        max_length = 2200,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[^\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\u0000-\u001F][^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub content: Option<String>,
    /// The comment this one answers, on the same post or reel; a reply to a reply is stored
    /// under its top-level comment.
    #[schema(minimum = 1)]
    pub parent_id: Option<i64>,
}

/// A page of comments, newest first from the database, answered oldest first with
/// `X-Next-Cursor` (the oldest id of the page) when older ones exist: the messages' paging.
fn oldest_first(rows: Vec<CommentView>, page: Page) -> Response {
    let (rows, next) = page.split(rows, |row| row.id);
    paginated(rows.into_iter().rev().map(Comment::from).collect(), next)
}

/// GET …/comments of a post or a reel.
async fn list_on(
    state: &AppState,
    current: &CurrentUser,
    item: Item,
    query: &PageQuery,
) -> ApiResult<Response> {
    let page = Page::parse(query)?;
    let rows = comments::top_level(&state.db, current.user.id, item, page)
        .await?
        .ok_or_else(|| item_not_found(item))?;
    Ok(oldest_first(rows, page))
}

/// POST …/comments on a post or a reel.
async fn create_on(
    state: &AppState,
    current: &CurrentUser,
    item: Item,
    body: NewCommentRequest,
) -> ApiResult<(StatusCode, Json<Comment>)> {
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Comment, current.user.id).await?;
    let content = CommentContent::parse(body.content.as_deref())?;
    let mentions = mentioned_usernames(content.as_str());
    let me = current.user.id;
    let comment = service::comment(
        state,
        NewComment {
            item,
            parent_id: body.parent_id,
            user_id: me,
            content: content.as_str(),
            mentions: &mentions,
            created_at: state.clock.now_ms(),
        },
    )
    .await?;
    Ok((StatusCode::CREATED, Json(comment.into())))
}
