//! Reading a multipart form part by part (reels, creators' digital works): a part held in
//! memory up to a bound, a clean text part, and a large file streamed to a temporary file.

use axum::extract::multipart::Field;

use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::media::{MediaError, SpooledVideo, VideoSpool};

/// A part's bytes, or `None` when it passes `max`.
pub async fn bounded(mut field: Field<'_>, max: usize) -> ApiResult<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await? {
        if bytes.len() + chunk.len() > max {
            return Ok(None);
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Some(bytes))
}

/// A text part: UTF-8 and clean (`kernel::text`: no control characters but tab and line
/// breaks, else 400 naming the part), or `None` when it passes `max` bytes.
pub async fn text_part(field: Field<'_>, name: &str, max: usize) -> ApiResult<Option<String>> {
    let Some(bytes) = bounded(field, max).await? else {
        return Ok(None);
    };
    let text = String::from_utf8(bytes)
        .map_err(|_| ApiError::bad_request(format!("The {name} must be UTF-8 text")))?;
    crate::kernel::text::check(name, &text)?;
    Ok(Some(text))
}

/// Streams a part to a temporary file (never held whole in memory); `None` for an empty part.
/// `sniff` sees the first 64 bytes once they have arrived. Writing stops at the first refusal
/// (`sniff`'s, or 413 `too_big` past 100 MiB) and the rest of the part is read and dropped, up
/// to the route's body limit, not stored: a client still sending would otherwise meet a reset
/// connection instead of the answer.
pub async fn spool(
    mut field: Field<'_>,
    sniff: impl Fn(&[u8]) -> Result<(), MediaError>,
    too_big: &'static str,
) -> ApiResult<Option<SpooledVideo>> {
    let mut spool = VideoSpool::new().await?;
    let mut sniffed = false;
    while let Some(chunk) = field.chunk().await? {
        let written = match spool.write(&chunk).await {
            Ok(()) if !sniffed && spool.head().len() >= 64 => {
                sniffed = true;
                sniff(spool.head())
            }
            other => other,
        };
        if let Err(refused) = written {
            while let Ok(Some(_)) = field.chunk().await {}
            return Err(match refused {
                MediaError::VideoTooBig => ApiError::TooLarge(too_big),
                other => other.into(),
            });
        }
    }
    if spool.size() == 0 {
        return Ok(None);
    }
    Ok(Some(spool.finish().await?))
}
