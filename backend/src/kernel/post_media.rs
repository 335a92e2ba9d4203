//! The one image shape of a post (issue 44), embedded wherever a post is shown: a post's
//! `media`, a chat's shared card, a notification's thumbnail.

use serde::Serialize;
use utoipa::ToSchema;

/// One image of a post (issue 44).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostMedia {
    /// `/media/{key}` for a stored image, or the http(s) URL of a post from before images
    /// were always stored.
    pub url: String,
    /// The 320 px rendition of a stored image (null for an external URL).
    #[schema(required = true)]
    pub thumbnail_url: Option<String>,
    /// Pixel size of a stored image, so the client reserves its space (null for an external URL).
    #[schema(required = true)]
    pub width: Option<i64>,
    #[schema(required = true)]
    pub height: Option<i64>,
    /// A blurhash of a stored image, painted before it arrives.
    #[schema(required = true)]
    pub blurhash: Option<String>,
    /// What the image shows, for people who cannot see it; empty when the author wrote none.
    #[schema(max_length = 1500)]
    pub alt: String,
}
