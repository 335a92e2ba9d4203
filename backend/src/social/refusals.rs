//! How the social area's refusals read over HTTP, written once for every route that meets them.

use crate::platform::http::error::ApiError;
use crate::social::rules::comment::{REPLY_ELSEWHERE, REPLY_ELSEWHERE_REEL, REPLY_PARENT_GONE};
use crate::social::rules::post::POST_NOT_FOUND;
use crate::social::rules::reel::REEL_NOT_FOUND;
use crate::social::store::comments::{InsertError, Item};

/// The 404 of a post or a reel that does not show.
pub fn item_not_found(item: Item) -> ApiError {
    ApiError::not_found(match item {
        Item::Post(_) => POST_NOT_FOUND,
        Item::Reel(_) => REEL_NOT_FOUND,
    })
}

/// A comment that was not written.
impl From<InsertError> for ApiError {
    fn from(err: InsertError) -> Self {
        match err {
            InsertError::ItemNotFound(item) => item_not_found(item),
            // The post or reel exists and only the body is wrong: 400, not a 404 that reads as
            // the post's.
            InsertError::ParentNotFound => Self::bad_request(REPLY_PARENT_GONE),
            InsertError::ParentElsewhere(item) => Self::bad_request(match item {
                Item::Post(_) => REPLY_ELSEWHERE,
                Item::Reel(_) => REPLY_ELSEWHERE_REEL,
            }),
            InsertError::Db(err) => err.into(),
        }
    }
}
