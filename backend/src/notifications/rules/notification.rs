//! Notifications (issue 21, docs/notifications-contract.md): what happened to someone, what it
//! is about, and the sentence that tells it ('leo and 3 others liked your post'). Kinds and
//! target types are stored as their `as_str` text.

use crate::kernel::stored_names;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    /// Someone liked your post, reel or comment.
    Like,
    /// Someone commented on your post or reel.
    Comment,
    /// Someone replied to your comment.
    Reply,
    /// Someone named you (`@you`) in a caption or a comment.
    Mention,
    Follow,
    /// Someone asked to follow your private account.
    FollowRequest,
    /// The private account you asked to follow approved you.
    FollowAccepted,
    MissedCall,
    Voicemail,
    /// An admin decided your withdrawal.
    Withdrawal,
    /// An admin acted on your report.
    Report,
    /// Someone bought your work (the creator economy).
    Sale,
    /// Someone tipped you (the creator economy).
    Tip,
    /// A seller marked your order shipped (issue 42); about the checkout (its receipt), quoting
    /// the tracking note when there is one.
    Shipped,
    /// A canvas's owner invited you to draw on it (issue 43); quotes the canvas's title.
    CanvasInvite,
    /// Someone sent a voice reaction to your post or reel (issue 43), quoting its emotion
    /// ('Inspired!'); folded like likes.
    VoiceReaction,
}

/// What a notification is about (and opens).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationTargetType {
    Post,
    Reel,
    Comment,
    User,
    Conversation,
    Withdrawal,
    Order,
    Report,
    /// A live canvas (its invitation).
    Canvas,
}

stored_names!(NotificationKind {
    Like => "like",
    Comment => "comment",
    Reply => "reply",
    Mention => "mention",
    Follow => "follow",
    FollowRequest => "follow_request",
    FollowAccepted => "follow_accepted",
    MissedCall => "missed_call",
    Voicemail => "voicemail",
    Withdrawal => "withdrawal",
    Report => "report",
    Sale => "sale",
    Tip => "tip",
    Shipped => "shipped",
    CanvasInvite => "canvas_invite",
    VoiceReaction => "voice_reaction",
});
stored_names!(NotificationTargetType {
    Post => "post",
    Reel => "reel",
    Comment => "comment",
    User => "user",
    Conversation => "conversation",
    Withdrawal => "withdrawal",
    Order => "order",
    Report => "report",
    Canvas => "canvas",
});

/// Likes, follows and voice reactions of one target within this long fold into one unread notification.
pub const FOLD_WINDOW_MS: i64 = 24 * 60 * 60 * 1000;
/// The most characters of a comment, caption or message a notification quotes.
pub const PREVIEW_MAX_CHARS: usize = 100;
/// The most actors a notification names (the rest are counted: 'and 3 others').
pub const ACTORS_SHOWN: usize = 3;

impl NotificationKind {
    /// Whether acts of this kind on one target fold into one unread notification within
    /// `FOLD_WINDOW_MS` (Instagram's 'leo and 3 others liked your post').
    pub fn folds(self) -> bool {
        matches!(self, Self::Like | Self::Follow | Self::VoiceReaction)
    }
}

impl NotificationKind {
    /// The settings switch (a `user_settings` column) that turns this kind off, if one does.
    pub fn switch(self) -> Option<&'static str> {
        match self {
            Self::Like => Some("like_notifications"),
            Self::Comment | Self::Reply => Some("comment_notifications"),
            Self::Mention => Some("mention_notifications"),
            Self::Follow | Self::FollowRequest | Self::FollowAccepted => {
                Some("follow_notifications")
            }
            _ => None,
        }
    }
}

/// The list's filters along the top of the Notifications page.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationFilter {
    #[default]
    All,
    Mentions,
    /// Comments on your work and replies to yours.
    Comments,
    /// Follows, requests and approvals.
    Follows,
}

impl NotificationFilter {
    /// The kinds the filter shows; `None` for all.
    pub fn kinds(self) -> Option<&'static [NotificationKind]> {
        use NotificationKind as K;
        match self {
            Self::All => None,
            Self::Mentions => Some(&[K::Mention]),
            Self::Comments => Some(&[K::Comment, K::Reply]),
            Self::Follows => Some(&[K::Follow, K::FollowRequest, K::FollowAccepted]),
        }
    }
}

/// `text` cut to `PREVIEW_MAX_CHARS` characters, with '…' when cut; whitespace runs become one
/// space (a caption's line breaks read as one line).
pub fn preview(text: &str) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= PREVIEW_MAX_CHARS {
        return flat;
    }
    let mut cut: String = flat.chars().take(PREVIEW_MAX_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// Who did it: 'leo', 'leo and maya', 'leo and 3 others' (`count` counts every actor, `names`
/// the newest first).
fn who(names: &[&str], count: i64) -> String {
    match (names, count) {
        ([], _) => "Someone".to_owned(),
        ([one], ..=1) => (*one).to_owned(),
        ([one, two, ..], 2) => format!("{one} and {two}"),
        ([one, ..], 2) => format!("{one} and 1 other"),
        ([one, ..], n) => format!("{one} and {} others", n - 1),
    }
}

/// The sentence a notification shows and pushes. `names` are the actors' usernames, newest
/// first; `detail` is the stored preview (a comment's words, a withdrawal's outcome).
pub fn sentence(
    kind: NotificationKind,
    target: NotificationTargetType,
    names: &[&str],
    actors_count: i64,
    detail: Option<&str>,
) -> String {
    use NotificationKind as K;
    use NotificationTargetType as T;
    let who = who(names, actors_count);
    let quoted = |lead: &str| match detail {
        Some(text) if !text.is_empty() => format!("{who} {lead}: {text}"),
        _ => format!("{who} {lead}"),
    };
    match kind {
        K::Like => match target {
            T::Reel => format!("{who} liked your reel"),
            T::Comment => quoted("liked your comment"),
            _ => format!("{who} liked your post"),
        },
        K::Comment => quoted("commented"),
        K::Reply => quoted("replied to your comment"),
        K::Mention => match target {
            T::Comment => quoted("mentioned you in a comment"),
            T::Reel => quoted("mentioned you in a reel"),
            _ => quoted("mentioned you in a post"),
        },
        K::Follow => format!("{who} started following you"),
        K::FollowRequest => format!("{who} requested to follow you"),
        K::FollowAccepted => format!("{who} accepted your follow request"),
        K::MissedCall => format!("You missed a call from {who}"),
        K::Voicemail => format!("{who} left you a voicemail"),
        K::Sale => quoted("bought your work"),
        K::Tip => quoted("sent you a tip"),
        K::Shipped => quoted("shipped your order"),
        K::CanvasInvite => match detail {
            Some(title) if !title.is_empty() => format!("{who} invited you to draw on \"{title}\""),
            _ => format!("{who} invited you to draw on a canvas"),
        },
        // One sender quotes their emotion; folded, the emotions differ and none is quoted.
        K::VoiceReaction if actors_count <= 1 => quoted("sent you a voice reaction"),
        K::VoiceReaction => format!("{who} sent you voice reactions"),
        // Told by the server, not by someone: the stored sentence.
        K::Withdrawal | K::Report => detail.unwrap_or_default().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use NotificationKind as K;
    use NotificationTargetType as T;

    #[test]
    fn folded_likes_name_the_newest_and_count_the_others() {
        assert_eq!(
            sentence(K::Like, T::Post, &["leo"], 1, None),
            "leo liked your post"
        );
        assert_eq!(
            sentence(K::Like, T::Post, &["leo", "maya"], 2, None),
            "leo and maya liked your post"
        );
        assert_eq!(
            sentence(K::Like, T::Reel, &["leo", "maya", "ines"], 4, None),
            "leo and 3 others liked your reel"
        );
        // An actor the reader may not see is counted, not named.
        assert_eq!(
            sentence(K::Follow, T::User, &["leo"], 2, None),
            "leo and 1 other started following you"
        );
        assert_eq!(
            sentence(K::Follow, T::User, &[], 1, None),
            "Someone started following you"
        );
    }

    #[test]
    fn comments_quote_their_words() {
        assert_eq!(
            sentence(K::Comment, T::Comment, &["leo"], 1, Some("So good")),
            "leo commented: So good"
        );
        assert_eq!(
            sentence(K::Reply, T::Comment, &["leo"], 1, Some("Thanks!")),
            "leo replied to your comment: Thanks!"
        );
        assert_eq!(
            sentence(K::Mention, T::Post, &["leo"], 1, Some("with @maya")),
            "leo mentioned you in a post: with @maya"
        );
        assert_eq!(
            sentence(K::MissedCall, T::Conversation, &["leo"], 1, None),
            "You missed a call from leo"
        );
        assert_eq!(
            sentence(
                K::Withdrawal,
                T::Withdrawal,
                &[],
                0,
                Some("Your withdrawal of $25.00 was approved")
            ),
            "Your withdrawal of $25.00 was approved"
        );
        assert_eq!(
            sentence(K::Shipped, T::Order, &["leo"], 1, Some("Royal Mail AB123")),
            "leo shipped your order: Royal Mail AB123"
        );
        assert_eq!(
            sentence(K::Shipped, T::Order, &["leo"], 1, None),
            "leo shipped your order"
        );
        assert_eq!(
            sentence(K::CanvasInvite, T::Canvas, &["maya"], 1, Some("Sunset")),
            "maya invited you to draw on \"Sunset\""
        );
    }

    #[test]
    fn a_voice_reaction_quotes_its_emotion_until_it_is_folded() {
        assert_eq!(
            sentence(K::VoiceReaction, T::Post, &["leo"], 1, Some("Inspired!")),
            "leo sent you a voice reaction: Inspired!"
        );
        assert_eq!(
            sentence(
                K::VoiceReaction,
                T::Reel,
                &["leo", "maya"],
                3,
                Some("Inspired!")
            ),
            "leo and 2 others sent you voice reactions"
        );
    }

    #[test]
    fn previews_are_one_line_and_cut_at_a_hundred_characters() {
        assert_eq!(preview("Blue\n\nhour  over"), "Blue hour over");
        let long = "a".repeat(150);
        let cut = preview(&long);
        assert_eq!(cut.chars().count(), PREVIEW_MAX_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(preview(&"é".repeat(100)), "é".repeat(100));
    }

    #[test]
    fn only_likes_and_follows_fold_and_filters_pick_their_kinds() {
        let folding: Vec<_> = K::ALL.iter().filter(|k| k.folds()).collect();
        assert_eq!(folding, [&K::Like, &K::Follow, &K::VoiceReaction]);
        assert_eq!(NotificationFilter::All.kinds(), None);
        assert_eq!(
            NotificationFilter::Comments.kinds(),
            Some(&[K::Comment, K::Reply][..])
        );
        for kind in K::ALL {
            assert_eq!(K::from_stored(kind.as_str()), Some(*kind));
        }
    }

    #[test]
    fn a_stored_name_reads_back_and_an_unknown_one_is_an_error() {
        for kind in K::ALL {
            assert_eq!(K::try_from(kind.as_str().to_owned()), Ok(*kind));
        }
        assert!(K::try_from("poke".to_owned()).is_err());
        assert!(NotificationTargetType::try_from("album".to_owned()).is_err());
    }
}
