//! How the chat's refusals read over HTTP, written once for every route that meets them.

use crate::chat::rules::{
    CANNOT_ADD, CANNOT_MESSAGE, CONVERSATION_NOT_FOUND, EDIT_TOO_LATE, GROUP_MEMBERS_MAX,
    MESSAGE_NOT_FOUND, NOT_YOUR_MESSAGE, OWNER_ONLY,
};
use crate::chat::store::conversations::GroupRefusal;
use crate::chat::store::messages::{ChangeRefusal, PostError};
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::platform::http::error::ApiError;

/// A refused group change.
impl From<GroupRefusal> for ApiError {
    fn from(refusal: GroupRefusal) -> Self {
        match refusal {
            GroupRefusal::NotMember => ApiError::not_found(CONVERSATION_NOT_FOUND),
            GroupRefusal::NotGroup => {
                ApiError::bad_request("Only a group has a name, a picture and members to manage")
            }
            GroupRefusal::NotOwner => ApiError::Forbidden(OWNER_ONLY),
            GroupRefusal::UnknownUser => ApiError::not_found(USER_NOT_FOUND),
            GroupRefusal::Blocked => ApiError::Forbidden(CANNOT_ADD),
            GroupRefusal::AlreadyIn => ApiError::Conflict {
                message: "Already in the group".into(),
                code: "already_member",
            },
            GroupRefusal::TooMany => ApiError::unprocessable(
                "too_many_members",
                format!("A group can have at most {GROUP_MEMBERS_MAX} members"),
            ),
            GroupRefusal::NotInGroup => ApiError::not_found("Not in this group"),
        }
    }
}

/// A message that may not be written here: 404 outside the conversation, 403 across a block.
impl From<PostError> for ApiError {
    fn from(err: PostError) -> Self {
        match err {
            PostError::NotMember => Self::not_found(CONVERSATION_NOT_FOUND),
            PostError::ReplyNotFound => Self::bad_request("Reply target not found"),
            PostError::Blocked => Self::Forbidden(CANNOT_MESSAGE),
            PostError::Db(err) => err.into(),
        }
    }
}

/// A message its sender may not change (issue 43): 404 when it is not there, 403 when it is
/// someone else's, 400 for what cannot be changed at all, 409 when its time or state is past.
impl From<ChangeRefusal> for ApiError {
    fn from(refusal: ChangeRefusal) -> Self {
        match refusal {
            ChangeRefusal::NotFound => Self::not_found(MESSAGE_NOT_FOUND),
            ChangeRefusal::NotSender => Self::Forbidden(NOT_YOUR_MESSAGE),
            ChangeRefusal::ServerLine => Self::bad_request("Call and group lines can't be changed"),
            ChangeRefusal::NotText => Self::bad_request("Only text messages can be edited"),
            ChangeRefusal::Unsent => Self::Conflict {
                message: "This message was removed".into(),
                code: "message_unsent",
            },
            ChangeRefusal::TooLate => Self::Conflict {
                message: EDIT_TOO_LATE.into(),
                code: "edit_window_closed",
            },
        }
    }
}
