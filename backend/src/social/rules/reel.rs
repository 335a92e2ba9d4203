//! A reel's caption (docs/shop-contract.md): the wording differs from a post's.

use crate::kernel::error::DomainError;

pub const REEL_CAPTION_MAX: usize = 2200;
/// An unknown reel id (the like, comment and share routes).
pub const REEL_NOT_FOUND: &str = "Reel not found";
pub const CANNOT_DELETE_REEL: &str = "You cannot delete this reel";
/// Someone else's reel they can see (issue 44): an admin too, as moderation removes, it does
/// not rewrite.
pub const CANNOT_EDIT_REEL: &str = "You can only edit your own reels";
/// A reel draft's id that is not the caller's (issue 44).
pub const REEL_DRAFT_NOT_FOUND: &str = "Reel draft not found";
pub const REEL_CAPTION_TOO_LONG: &str = "Caption must be at most 2200 characters";

/// Trimmed, at most 2200 characters; line breaks kept.
pub fn parse_reel_caption(raw: &str) -> Result<String, DomainError> {
    let value = raw.trim();
    if value.chars().count() > REEL_CAPTION_MAX {
        return Err(DomainError::invalid(REEL_CAPTION_TOO_LONG));
    }
    Ok(value.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caption_of_2200_characters_passes_and_2201_does_not() {
        assert_eq!(parse_reel_caption("  hi \n").unwrap(), "hi");
        assert!(parse_reel_caption(&"é".repeat(2200)).is_ok());
        assert!(parse_reel_caption(&"é".repeat(2201)).is_err());
    }
}
