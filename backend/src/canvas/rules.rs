//! The live canvas (issue 25, docs/canvas-contract.md): a canvas's title and audience, and a
//! stroke as a drawer sends it, checked before anything is stored or relayed.

use crate::kernel::stored_names;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::kernel::error::DomainError;

/// A canvas's title: trimmed, 1 to 60 characters.
pub const CANVAS_TITLE_MAX: usize = 60;
/// Strokes stored since the last Clear (undone ones too) before a canvas takes no more.
pub const CANVAS_STROKES_MAX: i64 = 20_000;
/// Bytes of points a canvas holds since its last Clear (issue 39): the sum of the byte lengths
/// of its strokes' `points` as stored (the server's JSON of the validated `[[x, y], …]`), 8 MiB.
pub const CANVAS_POINT_BYTES_MAX: i64 = 8 * 1024 * 1024;
/// Strokes one page of `GET /api/canvases/{id}` holds, at most and by default.
pub const STROKES_PAGE_MAX: i64 = 500;
/// People in one room at once (on every instance together).
pub const CANVAS_ROOM_MAX: usize = 64;
/// People a canvas can have, its owner included.
pub const CANVAS_MEMBERS_MAX: usize = 64;
/// Rooms one socket may be in at once (a home panel and a full-screen page, with room to spare).
pub const CANVAS_ROOMS_PER_SOCKET: usize = 4;
/// A stroke's points.
pub const STROKE_POINTS_MIN: usize = 2;
pub const STROKE_POINTS_MAX: usize = 2000;
/// A stroke's width, in pixels of a 400-pixel-wide canvas.
pub const STROKE_WIDTH_MIN: i64 = 1;
pub const STROKE_WIDTH_MAX: i64 = 50;
/// A stroke's id is the drawer's: a uuid, or any token of these characters.
const STROKE_ID_MAX: usize = 64;

pub const CANVAS_NOT_FOUND: &str = "Canvas not found";
pub const CANVAS_OWNER_ONLY: &str = "Only the canvas owner can do that";

/// Who may join a canvas besides its owner and the people invited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CanvasVisibility {
    /// The owner's followers too.
    Followers,
    /// The invited only.
    Invite,
}

stored_names!(CanvasVisibility {
    Followers => "followers",
    Invite => "invite",
});

/// A canvas's title.
pub fn parse_canvas_title(raw: &str) -> Result<String, DomainError> {
    let title = raw.trim();
    if title.is_empty() {
        return Err(DomainError::invalid("Canvas title cannot be empty"));
    }
    if title.chars().count() > CANVAS_TITLE_MAX {
        return Err(DomainError::invalid(format!(
            "Canvas title must be at most {CANVAS_TITLE_MAX} characters"
        )));
    }
    Ok(title.to_owned())
}

/// A stroke as a client sends it in `canvasStroke`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StrokeInput {
    /// The drawer's id for the stroke (a uuid): a stroke sent twice is stored once.
    pub id: String,
    /// `#rrggbb`.
    #[schema(pattern = "^#[0-9a-fA-F]{6}$")]
    pub color: String,
    /// 1 to 50.
    #[schema(minimum = 1, maximum = 50)]
    pub width: i64,
    /// 2 to 2000 `[x, y]` points, each coordinate 0 to 1 (a share of the canvas's width and
    /// height).
    #[schema(value_type = Vec<Vec<f64>>, min_items = 2, max_items = 2000)]
    pub points: Vec<[f64; 2]>,
}

/// A stroke that passed every check: its points as the JSON to store and relay.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    pub id: String,
    /// Lower case.
    pub color: String,
    pub width: i64,
    pub points: Vec<[f64; 2]>,
}

impl StrokeInput {
    pub fn parse(self) -> Result<Stroke, DomainError> {
        let id_ok = !self.id.is_empty()
            && self.id.len() <= STROKE_ID_MAX
            && self
                .id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !id_ok {
            return Err(DomainError::invalid("A stroke needs an id (a uuid)"));
        }
        if !is_hex_colour(&self.color) {
            return Err(DomainError::invalid("Stroke colour must be #rrggbb"));
        }
        if !(STROKE_WIDTH_MIN..=STROKE_WIDTH_MAX).contains(&self.width) {
            return Err(DomainError::invalid(format!(
                "Stroke width must be {STROKE_WIDTH_MIN} to {STROKE_WIDTH_MAX}"
            )));
        }
        if !(STROKE_POINTS_MIN..=STROKE_POINTS_MAX).contains(&self.points.len()) {
            return Err(DomainError::invalid(format!(
                "A stroke has {STROKE_POINTS_MIN} to {STROKE_POINTS_MAX} points"
            )));
        }
        if !self
            .points
            .iter()
            .flatten()
            .all(|c| c.is_finite() && (0.0..=1.0).contains(c))
        {
            return Err(DomainError::invalid(
                "Stroke points must lie on the canvas (0 to 1)",
            ));
        }
        Ok(Stroke {
            id: self.id,
            color: self.color.to_ascii_lowercase(),
            width: self.width,
            points: self.points,
        })
    }
}

/// A cursor's place: both coordinates 0 to 1.
pub fn cursor_on_canvas(x: f64, y: f64) -> bool {
    [x, y]
        .iter()
        .all(|c| c.is_finite() && (0.0..=1.0).contains(c))
}

fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stroke(points: Vec<[f64; 2]>) -> StrokeInput {
        StrokeInput {
            id: "0b6f7c1e-9a51-4c1e-8d64-3f0c2f5e7a10".into(),
            color: "#EF4444".into(),
            width: 5,
            points,
        }
    }

    #[test]
    fn a_good_stroke_is_kept_with_its_colour_in_lower_case() {
        let parsed = stroke(vec![[0.0, 0.0], [1.0, 0.5]]).parse().unwrap();
        assert_eq!(parsed.color, "#ef4444");
        assert_eq!(parsed.points, vec![[0.0, 0.0], [1.0, 0.5]]);
    }

    #[test]
    fn malformed_strokes_are_refused() {
        assert!(stroke(vec![[0.1, 0.1]]).parse().is_err());
        assert!(stroke(vec![[0.1, 0.1]; 2001]).parse().is_err());
        assert!(stroke(vec![[0.1, 0.1]; 2000]).parse().is_ok());
        assert!(stroke(vec![[0.1, 1.01], [0.2, 0.2]]).parse().is_err());
        assert!(stroke(vec![[-0.01, 0.5], [0.2, 0.2]]).parse().is_err());
        assert!(stroke(vec![[f64::NAN, 0.5], [0.2, 0.2]]).parse().is_err());
        for colour in ["red", "#ef444", "#ef44444", "#gg4444", "ef4444#"] {
            let mut bad = stroke(vec![[0.1, 0.1], [0.2, 0.2]]);
            bad.color = colour.into();
            assert!(bad.parse().is_err(), "{colour}");
        }
        for width in [0, 51, -1] {
            let mut bad = stroke(vec![[0.1, 0.1], [0.2, 0.2]]);
            bad.width = width;
            assert!(bad.parse().is_err(), "{width}");
        }
        for id in ["", "a b", "x".repeat(65).as_str(), "é"] {
            let mut bad = stroke(vec![[0.1, 0.1], [0.2, 0.2]]);
            bad.id = id.into();
            assert!(bad.parse().is_err(), "{id:?}");
        }
    }

    #[test]
    fn titles_are_trimmed_and_bounded() {
        assert_eq!(parse_canvas_title("  Sunset jam ").unwrap(), "Sunset jam");
        assert!(parse_canvas_title("   ").is_err());
        assert!(parse_canvas_title(&"é".repeat(60)).is_ok());
        assert!(parse_canvas_title(&"é".repeat(61)).is_err());
    }

    #[test]
    fn cursors_must_lie_on_the_canvas() {
        assert!(cursor_on_canvas(0.0, 1.0));
        assert!(!cursor_on_canvas(1.5, 0.2));
        assert!(!cursor_on_canvas(f64::INFINITY, 0.2));
    }
}

/// The query of `GET /api/canvases/{id}`: a page of its strokes.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StrokePageQuery {
    /// Only strokes after this cursor (the `nextCursor` of the previous page); from the first
    /// stroke without it.
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// Strokes per page, 1–500 (default 500).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<i64>,
}

/// A parsed page of strokes: `limit` strokes after the position `after`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrokePage {
    pub after: i64,
    pub limit: i64,
}

impl StrokePage {
    pub fn parse(query: &StrokePageQuery) -> Result<Self, DomainError> {
        let limit = query.limit.unwrap_or(STROKES_PAGE_MAX);
        if !(1..=STROKES_PAGE_MAX).contains(&limit) {
            return Err(DomainError::invalid(format!(
                "limit must be between 1 and {STROKES_PAGE_MAX}"
            )));
        }
        let after = query.after.unwrap_or(0);
        if after < 0 {
            return Err(DomainError::invalid(
                "after must be a cursor from nextCursor",
            ));
        }
        Ok(Self { after, limit })
    }
}
