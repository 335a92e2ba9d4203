//! How the canvas's refusals read over HTTP, written once for every route that meets them.

use crate::canvas::rules::{CANVAS_MEMBERS_MAX, CANVAS_NOT_FOUND, CANVAS_OWNER_ONLY};
use crate::canvas::store::{CanvasDeleted, InviteRefusal};
use crate::platform::http::error::ApiError;

/// An invitation that was not made.
impl From<InviteRefusal> for ApiError {
    fn from(refusal: InviteRefusal) -> Self {
        match refusal {
            InviteRefusal::NotFound => Self::NotFound(CANVAS_NOT_FOUND.into()),
            InviteRefusal::NotOwner => Self::Forbidden(CANVAS_OWNER_ONLY),
            // The canvas is there: the invitee is not someone the owner follows.
            InviteRefusal::NotFollowed => Self::Forbidden("You can invite only people you follow"),
            InviteRefusal::TooMany => Self::Unprocessable {
                message: format!("A canvas has at most {CANVAS_MEMBERS_MAX} people"),
                code: "canvas_full",
            },
        }
    }
}

/// A canvas that was not deleted (`Done` is not a refusal and never reaches here).
impl From<CanvasDeleted> for ApiError {
    fn from(refusal: CanvasDeleted) -> Self {
        match refusal {
            CanvasDeleted::NotOwner => Self::Forbidden(CANVAS_OWNER_ONLY),
            CanvasDeleted::Done | CanvasDeleted::NotFound => {
                Self::NotFound(CANVAS_NOT_FOUND.into())
            }
        }
    }
}
