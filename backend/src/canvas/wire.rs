//! Live canvases as answers and socket events show them (issue 25, docs/canvas-contract.md).

use serde::Serialize;
use utoipa::ToSchema;

use crate::canvas::rules::{CanvasVisibility, Stroke};
use crate::canvas::store::{CanvasRow, PersonRow, StrokeRow};
use crate::kernel::user::UserCard;
use crate::platform::http::wire::iso_time;

/// Someone on a canvas: its owner, one of its invited people, or someone in its room.
impl From<PersonRow> for UserCard {
    fn from(row: PersonRow) -> Self {
        Self {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            profile_image_url: row.profile_image,
        }
    }
}

/// A canvas.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Canvas {
    pub id: i64,
    pub title: String,
    pub owner: UserCard,
    pub visibility: CanvasVisibility,
    /// The people the owner invited, in the order they were (the owner is not among them).
    pub members: Vec<UserCard>,
    pub created_at: String,
}

impl Canvas {
    pub fn new(row: CanvasRow, members: Vec<UserCard>) -> Self {
        Self {
            id: row.id,
            title: row.title,
            owner: UserCard {
                id: row.owner_id,
                username: row.owner_username,
                display_name: row.owner_display_name,
                profile_image_url: row.owner_image,
            },
            visibility: row.visibility,
            members,
            created_at: iso_time(row.created_at),
        }
    }
}

/// A canvas with a page of its picture: live strokes in the order they were drawn, and where
/// the next page starts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CanvasDetail {
    #[serde(flatten)]
    pub canvas: Canvas,
    /// At most `limit` strokes (500) after `after`, oldest first.
    pub strokes: Vec<CanvasStroke>,
    /// The `after` of the next page, or null when this page holds the last stroke.
    #[schema(required = true)]
    pub next_cursor: Option<i64>,
}

/// One stroke of a canvas.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CanvasStroke {
    /// The drawer's id for it (a uuid).
    pub id: String,
    pub user_id: i64,
    /// `#rrggbb`.
    pub color: String,
    /// 1 to 50.
    pub width: i64,
    /// `[x, y]` points, each coordinate 0 to 1.
    #[schema(value_type = Vec<Vec<f64>>)]
    pub points: Vec<[f64; 2]>,
    pub created_at: String,
}

impl CanvasStroke {
    pub fn new(stroke: Stroke, user_id: i64, created_at: i64) -> Self {
        Self {
            id: stroke.id,
            user_id,
            color: stroke.color,
            width: stroke.width,
            points: stroke.points,
            created_at: iso_time(created_at),
        }
    }
}

impl TryFrom<StrokeRow> for CanvasStroke {
    type Error = serde_json::Error;

    /// A stored stroke (its points were checked, then written by the server, before it was).
    fn try_from(row: StrokeRow) -> Result<Self, Self::Error> {
        Ok(Self {
            id: row.client_id,
            user_id: row.user_id,
            color: row.color,
            width: row.width,
            points: serde_json::from_str(&row.points)?,
            created_at: iso_time(row.created_at),
        })
    }
}
