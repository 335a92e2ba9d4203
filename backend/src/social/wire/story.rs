//! Stories as the strip shows them: one circle per author, and a group's stories, oldest
//! first, when it is opened.

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserBrief;
use crate::platform::http::wire::{iso_time, write_flag, write_int, write_option_str, write_str};
use crate::social::rules::story::StoryKind;
use crate::social::store::stories::{StoryView, StripGroup};

/// A live story as the viewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Story {
    pub id: i64,
    /// `/media/{key}` for a stored image, or the http(s) URL the author gave.
    pub image_url: String,
    #[serde(rename = "type")]
    pub kind: StoryKind,
    #[schema(required = true)]
    pub caption: Option<String>,
    /// Distinct viewers other than the author: the author's to know (issue 43), null for
    /// everyone else.
    #[schema(required = true)]
    pub views_count: Option<i64>,
    /// Whether the session user has seen it.
    pub viewed_by_me: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// ISO-8601 UTC: 24 hours after `createdAt`.
    pub expires_at: String,
}

/// One user's live stories, oldest first (`GET /api/users/{id}/stories`: a strip's group
/// opened).
#[derive(Debug, Serialize, ToSchema)]
pub struct StoryGroup {
    pub user: UserBrief,
    pub stories: Vec<Story>,
}

/// One circle of the stories strip: whose, when their latest live story was posted, and
/// whether it is later than the latest of theirs the session user saw (the gradient ring).
/// Its stories are read when it is opened.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryStripGroup {
    pub user: UserBrief,
    /// ISO-8601 UTC.
    pub latest_at: String,
    pub unseen: bool,
}

/// The strip's circles as JSON, the bytes `Vec<StoryStripGroup>` serialises to, written
/// directly (issue 45: serialising them member by member was a sixth of the strip's cost).
pub fn write_strip(rows: &[StripGroup]) -> Vec<u8> {
    let mut out = Vec::with_capacity(160 * rows.len() + 2);
    out.push(b'[');
    for (at, row) in rows.iter().enumerate() {
        if at > 0 {
            out.push(b',');
        }
        out.extend_from_slice(br#"{"user":{"id":"#);
        write_int(&mut out, row.user_id);
        out.extend_from_slice(br#","username":"#);
        write_str(&mut out, &row.username);
        out.extend_from_slice(br#","displayName":"#);
        write_str(&mut out, &row.display_name);
        out.extend_from_slice(br#","profileImage":"#);
        write_option_str(&mut out, row.profile_image.as_deref());
        out.extend_from_slice(br#"},"latestAt":""#);
        out.extend_from_slice(iso_time(row.latest_at).as_bytes());
        out.extend_from_slice(br#"","unseen":"#);
        write_flag(&mut out, row.unseen);
        out.push(b'}');
    }
    out.push(b']');
    out
}

impl From<StripGroup> for StoryStripGroup {
    fn from(row: StripGroup) -> Self {
        Self {
            user: UserBrief {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image: row.profile_image,
            },
            latest_at: iso_time(row.latest_at),
            unseen: row.unseen != 0,
        }
    }
}

impl Story {
    /// The row as `viewer` sees it: its count only for its author.
    pub fn seen_by(row: &StoryView, viewer: i64) -> Self {
        Self {
            id: row.id,
            image_url: row.image_url.clone(),
            kind: StoryKind::from_stored(&row.kind),
            caption: row.caption.clone(),
            views_count: (row.user_id == viewer).then_some(row.views_count),
            viewed_by_me: row.viewed_by_me != 0,
            created_at: iso_time(row.created_at),
            expires_at: iso_time(row.expires_at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(user_id: i64, profile_image: Option<&str>, unseen: i64) -> StripGroup {
        StripGroup {
            user_id,
            rnk: 2,
            username: format!("user{user_id}"),
            display_name: "Zoë \"Ink\" <Lee>\n".to_owned(),
            profile_image: profile_image.map(str::to_owned),
            latest_at: 1_780_272_000_123 + user_id,
            unseen,
        }
    }

    #[test]
    fn the_strip_is_written_as_its_circles_serialise() {
        for rows in [
            vec![],
            vec![row(1, None, 1)],
            vec![row(1, Some("/media/a b.jpg"), 0), row(22, None, 1)],
        ] {
            let circles: Vec<StoryStripGroup> =
                rows.iter().cloned().map(StoryStripGroup::from).collect();
            assert_eq!(
                String::from_utf8(write_strip(&rows)).unwrap(),
                serde_json::to_string(&circles).unwrap()
            );
        }
    }
}
