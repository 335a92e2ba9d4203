//! Parsed input types: a request body becomes these before a handler does anything, so
//! invalid input never reaches the database (parse, don't validate). Messages are the spec's.

/// The stored text of each value, and the value of a stored text.
macro_rules! stored_names {
    ($type:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $type {
            pub const ALL: &[$type] = &[$($type::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($type::$variant => $name),+
                }
            }

            pub fn from_stored(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|value| value.as_str() == text)
            }
        }

        /// A stored name read back (`#[sqlx(try_from = "String")]`): a name the type does
        /// not know is a decode error, never a guess.
        impl TryFrom<String> for $type {
            type Error = String;

            fn try_from(text: String) -> Result<Self, String> {
                Self::from_stored(&text)
                    .ok_or_else(|| format!("{text:?} is no {}", stringify!($type)))
            }
        }
    };
}

mod account;
mod ad;
mod call;
mod canvas;
mod chat;
mod comment;
mod error;
mod image;
pub mod money;
mod notification;
mod page;
mod post;
mod push;
mod reel;
mod report;
mod settings;
mod story;
pub mod tag;
pub mod text;

pub use account::{
    DisplayName, Email, Password, REQUIRED_FIELDS, USER_NOT_FOUND, Username, filled,
};
pub use ad::{AdInput, NO_END_DATE, ValidAd};
pub use call::CallEnd;
pub use canvas::{
    CANVAS_MEMBERS_MAX, CANVAS_NOT_FOUND, CANVAS_OWNER_ONLY, CANVAS_POINT_BYTES_MAX,
    CANVAS_ROOM_MAX, CANVAS_ROOMS_PER_SOCKET, CANVAS_STROKES_MAX, CanvasVisibility,
    STROKES_PAGE_MAX, Stroke, StrokeInput, StrokePage, StrokePageQuery, cursor_on_canvas,
    parse_canvas_title,
};
pub use chat::{
    CANNOT_ADD, CANNOT_MESSAGE, CONVERSATION_NOT_FOUND, GROUP_MEMBERS_MAX, MESSAGE_MAX,
    MESSAGE_NOT_FOUND, OWNER_ONLY, SystemKind, parse_caption, parse_emoji, parse_group_name,
    parse_message, parse_transcript,
};
pub use comment::{
    CANNOT_DELETE_COMMENT, COMMENT_NOT_FOUND, CommentContent, MENTIONS_MAX, REPLY_ELSEWHERE,
    REPLY_ELSEWHERE_REEL, REPLY_PARENT_GONE, mentioned_usernames,
};
pub use error::DomainError;
pub use image::{ImageSource, MAX_URL_LEN, parse_audio_data_url, parse_image_source};
pub use notification::{
    ACTORS_SHOWN, FOLD_WINDOW_MS, NotificationFilter, NotificationKind, NotificationTargetType,
    preview, sentence,
};
pub use page::{Page, PageQuery};
pub use post::{
    Caption, IMAGE_REQUIRED, POST_NOT_FOUND, Skill, parse_bio, parse_location, parse_tags,
    skill_mask, skills_json,
};
pub use push::{AUTH_INVALID, P256DH_INVALID, PushKeys};
pub use reel::{REEL_CAPTION_MAX, REEL_CAPTION_TOO_LONG, REEL_NOT_FOUND, parse_reel_caption};
pub use report::{ReportAction, ReportReason, ReportStatus, ReportTargetType};
pub use settings::{Settings, SettingsUpdate};
pub use story::{STORY_LIFETIME_MS, STORY_NOT_FOUND, StoryKind, parse_story_caption};
pub use tag::{SearchQuery, TAG_NOT_FOUND};
