//! Stories as the strip shows them: one group per author, oldest story first.

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserBrief;
use crate::platform::http::wire::iso_time;
use crate::social::rules::story::StoryKind;
use crate::social::store::stories::StoryView;

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
    /// Whether the session user has seen it (the strip rings groups with unseen stories).
    pub viewed_by_me: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// ISO-8601 UTC: 24 hours after `createdAt`.
    pub expires_at: String,
}

/// One user's live stories, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoryGroup {
    pub user: UserBrief,
    pub stories: Vec<Story>,
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

/// Rows in the strip's order of groups (one group's rows consecutive, in any order) → the
/// groups, as `viewer` sees them, each group's stories oldest first (by time, then id).
pub fn groups_of(mut rows: Vec<StoryView>, viewer: i64) -> Vec<StoryGroup> {
    for group in rows.chunk_by_mut(|a, b| a.user_id == b.user_id) {
        group.sort_unstable_by_key(|row| (row.created_at, row.id));
    }
    let mut groups: Vec<StoryGroup> = Vec::new();
    for row in rows {
        let story = Story::seen_by(&row, viewer);
        match groups.last_mut() {
            Some(group) if group.user.id == row.user_id => group.stories.push(story),
            _ => groups.push(StoryGroup {
                user: UserBrief {
                    id: row.user_id,
                    username: row.username,
                    display_name: row.display_name,
                    profile_image: row.profile_image,
                },
                stories: vec![story],
            }),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, user_id: i64, created_at: i64) -> StoryView {
        StoryView {
            id,
            user_id,
            username: format!("user{user_id}"),
            display_name: format!("User {user_id}"),
            profile_image: None,
            image_url: format!("https://img.example.com/{id}.jpg"),
            kind: "image".into(),
            caption: None,
            views_count: 0,
            viewed_by_me: 0,
            created_at,
            expires_at: created_at + 86_400_000,
        }
    }

    #[test]
    fn groups_keep_their_order_and_each_group_is_oldest_first() {
        // Groups 7 then 3, as the strip ranked them; their rows in no order (ties by id).
        let rows = vec![
            row(12, 7, 300),
            row(10, 7, 100),
            row(11, 7, 300),
            row(20, 3, 50),
            row(19, 3, 40),
        ];
        let ids: Vec<(i64, Vec<i64>)> = groups_of(rows, 1)
            .iter()
            .map(|g| (g.user.id, g.stories.iter().map(|s| s.id).collect()))
            .collect();
        assert_eq!(ids, vec![(7, vec![10, 11, 12]), (3, vec![19, 20])]);
    }
}
