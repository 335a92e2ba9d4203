//! Reports (issue 20): what a report names, why, and an admin's decision on its case. Each is
//! read from a request by serde (an unknown name is 400 naming the field and the names it
//! takes), stored as its `as_str` text, and shown as the same text.

use crate::kernel::stored_names;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a report names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportTargetType {
    Post,
    Comment,
    Reel,
    Story,
    Message,
    User,
    /// A product review (issue 42).
    Review,
    /// A voice reaction to a post or a reel (issue 43).
    VoiceReaction,
}

/// Why a target was reported; the discriminant is its bit in `report_cases.reasons`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    Spam,
    Harassment,
    Nudity,
    Violence,
    Hate,
    IntellectualProperty,
    Other,
}

/// Whether an admin has decided a case.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportStatus {
    #[default]
    Open,
    Resolved,
}

/// An admin's decision on a case: `dismiss` closes it, `remove` hides the content from
/// everyone but admins, `suspend` deactivates its author.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportAction {
    Dismiss,
    Remove,
    Suspend,
}

stored_names!(ReportTargetType {
    Post => "post",
    Comment => "comment",
    Reel => "reel",
    Story => "story",
    Message => "message",
    User => "user",
    Review => "review",
    VoiceReaction => "voice_reaction",
});
stored_names!(ReportReason {
    Spam => "spam",
    Harassment => "harassment",
    Nudity => "nudity",
    Violence => "violence",
    Hate => "hate",
    IntellectualProperty => "intellectual_property",
    Other => "other",
});
stored_names!(ReportStatus {
    Open => "open",
    Resolved => "resolved",
});
stored_names!(ReportAction {
    Dismiss => "dismiss",
    Remove => "remove",
    Suspend => "suspend",
});

impl ReportReason {
    /// Its bit in a case's set of reasons.
    pub fn bit(self) -> i64 {
        1 << (self as u32)
    }

    /// The reasons a set holds, each once, in declaration order.
    pub fn all_in(bits: i64) -> Vec<ReportReason> {
        Self::ALL
            .iter()
            .copied()
            .filter(|reason| bits & reason.bit() != 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_reads_back_from_its_stored_text_and_its_json() {
        for reason in ReportReason::ALL {
            assert_eq!(ReportReason::from_stored(reason.as_str()), Some(*reason));
            let json = serde_json::to_value(reason).unwrap();
            assert_eq!(json, reason.as_str());
        }
        for target in ReportTargetType::ALL {
            assert_eq!(serde_json::to_value(target).unwrap(), target.as_str());
        }
        assert_eq!(ReportTargetType::from_stored("album"), None);
    }

    #[test]
    fn a_set_of_reasons_holds_each_once() {
        let bits = ReportReason::Spam.bit() | ReportReason::Other.bit() | ReportReason::Spam.bit();
        assert_eq!(
            ReportReason::all_in(bits),
            vec![ReportReason::Spam, ReportReason::Other]
        );
    }
}
