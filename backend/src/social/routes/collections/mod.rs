//! Named collections of saved posts (issue 44, docs/publishing-contract.md): 'All saved' is
//! every save (GET /bookmarks); a collection names some of them. Only their owner sees them:
//! anyone else's id is 404, as one that does not exist (an admin's too).

mod collection_delete;
mod collection_get;
mod collection_post_add;
mod collection_post_remove;
mod collection_posts_list;
mod collection_update;
mod collections_create;
mod collections_list;
mod post_collections;

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;
use crate::social::rules::collection::{COLLECTION_NOT_FOUND, NAME_TAKEN, TOO_MANY_COLLECTIONS};
use crate::social::rules::post::POST_NOT_FOUND;
use crate::social::store::collections::{self, Refused};
use crate::social::wire::collection::{Collection, collection_answer};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            collections_list::list_collections,
            collections_create::create_collection
        ))
        .routes(routes!(
            collection_get::get_collection,
            collection_update::update_collection,
            collection_delete::delete_collection
        ))
        .routes(routes!(
            collection_posts_list::list_collection_posts,
            collection_post_add::add_collection_post
        ))
        .routes(routes!(collection_post_remove::remove_collection_post))
        .routes(routes!(post_collections::post_collections))
}

/// A collection's name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionName {
    /// 1 to 50 characters, trimmed; unlike your other collections' names (case aside).
    #[schema(required = true, min_length = 1, max_length = 50)]
    pub name: Option<String>,
}

/// A post to put in a collection.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionPost {
    /// A post you may see; it is saved too if it was not.
    pub post_id: i64,
}

/// A refusal as the API answers it. A `postId` in the body that names no post you may see is
/// 400 (the request's target, the collection, is there; what the body names is not: as a chat's
/// read pointer naming no message); a post in the path that is not in the collection is 404.
fn refusal(refused: Refused) -> ApiError {
    match refused {
        Refused::NoCollection => ApiError::not_found(COLLECTION_NOT_FOUND),
        Refused::NoPost => ApiError::bad_request(POST_NOT_FOUND),
        Refused::NameTaken => ApiError::Conflict {
            message: NAME_TAKEN.to_owned(),
            code: "name_taken",
        },
        Refused::TooMany => ApiError::bad_request(TOO_MANY_COLLECTIONS),
    }
}

/// `owner`'s collection `id` as the API shows it, or 404.
async fn one_collection(db: &Db, owner: i64, id: i64) -> ApiResult<Collection> {
    let row = collections::find(db, owner, id)
        .await?
        .ok_or_else(|| ApiError::not_found(COLLECTION_NOT_FOUND))?;
    Ok(collection_answer(db, row).await?)
}
