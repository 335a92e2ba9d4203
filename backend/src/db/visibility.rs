//! What a viewer may see of an author (DESIGN §8), written once. Each macro expands to one SQL
//! condition for `concat!`, given the viewer's bind parameter (`"$1"`) and the author's id
//! column, qualified (`"p.user_id"`: a bare `id` would name the blocks' own id); every list and
//! by-id read of someone's content or profile uses them, so a rule changes here and everywhere.
//!
//! - `not_blocked!`: neither has blocked the other. Two point lookups, one in each direction
//!   (`blocks (blocker_id, blocked_id)` and `blocks_blocked_id_idx`).
//! - `not_muted!`: the viewer has not muted the author; feeds and the story strip only.

/// Neither `viewer` nor `author` has blocked the other.
macro_rules! not_blocked {
    ($viewer:literal, $author:literal) => {
        concat!(
            "NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = ",
            $viewer,
            " AND bl.blocked_id = ",
            $author,
            ") AND NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = ",
            $author,
            " AND bl.blocked_id = ",
            $viewer,
            ")"
        )
    };
}

/// 1 when either of the two users blocked the other, else 0 (a BIGINT column: a conversation
/// of the two stays readable, and takes no message).
macro_rules! pair_blocked {
    ($a:literal, $b:literal) => {
        concat!(
            "CAST(CASE WHEN EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_id = ",
            $a,
            " AND bl.blocked_id = ",
            $b,
            ") OR (bl.blocker_id = ",
            $b,
            " AND bl.blocked_id = ",
            $a,
            ")) THEN 1 ELSE 0 END AS BIGINT)"
        )
    };
}

/// `viewer` has not muted `author`.
macro_rules! not_muted {
    ($viewer:literal, $author:literal) => {
        concat!(
            "NOT EXISTS (SELECT 1 FROM mutes mu WHERE mu.muter_id = ",
            $viewer,
            " AND mu.muted_id = ",
            $author,
            ")"
        )
    };
}

pub(crate) use {not_blocked, not_muted, pair_blocked};
