//! A collection's name (issue 44): the words are ours (docs/decisions.md).

use crate::kernel::error::DomainError;

const NAME_MAX: usize = 50;
/// An owner keeps at most this many collections (each save menu lists them all).
pub const COLLECTIONS_MAX: i64 = 100;
pub const COLLECTION_NOT_FOUND: &str = "Collection not found";
pub const TOO_MANY_COLLECTIONS: &str = "You can have at most 100 collections";
pub const NAME_TAKEN: &str = "You already have a collection with that name";

/// A collection's name: trimmed, 1 to 50 characters; `key` is it folded to lower case, so an
/// owner's names differ by more than case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionName {
    pub name: String,
    pub key: String,
}

impl CollectionName {
    pub fn parse(raw: Option<&str>) -> Result<Self, DomainError> {
        let name = raw.unwrap_or_default().trim();
        if name.is_empty() {
            return Err(DomainError::invalid("Give the collection a name"));
        }
        if name.chars().count() > NAME_MAX {
            return Err(DomainError::invalid(format!(
                "A collection's name must be at most {NAME_MAX} characters"
            )));
        }
        Ok(Self {
            name: name.to_owned(),
            key: name.to_lowercase(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_folded() {
        let name = CollectionName::parse(Some("  Harbour Studies ")).unwrap();
        assert_eq!(name.name, "Harbour Studies");
        assert_eq!(name.key, "harbour studies");
    }

    #[test]
    fn a_blank_or_long_name_is_refused() {
        assert!(CollectionName::parse(None).is_err());
        assert!(CollectionName::parse(Some("   ")).is_err());
        assert!(CollectionName::parse(Some(&"a".repeat(50))).is_ok());
        assert!(CollectionName::parse(Some(&"é".repeat(51))).is_err());
    }
}
