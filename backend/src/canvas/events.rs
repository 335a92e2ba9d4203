//! The canvas room's socket events (docs/canvas-contract.md): strokes, undos, clears, cursors
//! and who is in the room, and the frames a drawer sends.

use serde::{Deserialize, Serialize};

use crate::canvas::rules::StrokeInput;
use crate::canvas::wire::CanvasStroke;
use crate::kernel::user::UserCard;

/// Someone's pointer on a canvas, as the room sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CursorUser {
    pub id: i64,
    pub display_name: String,
}

/// What the server tells a canvas room.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CanvasEvent {
    /// A stroke was drawn in a canvas room you are in (yours too: match it by `stroke.id`).
    #[schema(rename_all = "camelCase")]
    CanvasStroke {
        canvas_id: i64,
        user_id: i64,
        stroke: Box<CanvasStroke>,
    },
    /// A stroke was taken back by its drawer.
    #[schema(rename_all = "camelCase")]
    CanvasUndo { canvas_id: i64, stroke_id: String },
    /// The owner cleared the canvas.
    #[schema(rename_all = "camelCase")]
    CanvasCleared { canvas_id: i64 },
    /// Someone else's pointer moved.
    #[schema(rename_all = "camelCase")]
    CanvasCursor {
        canvas_id: i64,
        user: CursorUser,
        x: f64,
        y: f64,
    },
    /// You are out of this canvas's room without having left it (issue 39): its owner blocked
    /// you, or you them. No more of its strokes, cursors or people come; its page is gone too.
    #[schema(rename_all = "camelCase")]
    CanvasLeft { canvas_id: i64 },
    /// Who is in the room now (after anyone joins or leaves, and after your own join).
    #[schema(rename_all = "camelCase")]
    CanvasPresence {
        canvas_id: i64,
        users: Vec<UserCard>,
    },
}

/// What a drawer sends.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CanvasFrame {
    /// Enters a canvas's room (issue 25): its strokes, cursors and people come to this socket.
    #[schema(rename_all = "camelCase")]
    CanvasJoin { canvas_id: i64 },
    #[schema(rename_all = "camelCase")]
    CanvasLeave { canvas_id: i64 },
    /// Draws a stroke on a canvas whose room this socket joined: stored, then relayed.
    #[schema(rename_all = "camelCase")]
    CanvasStroke { canvas_id: i64, stroke: StrokeInput },
    /// Where your pointer is (each 0 to 1): relayed to the room, never stored.
    #[schema(rename_all = "camelCase")]
    CanvasCursor { canvas_id: i64, x: f64, y: f64 },
    /// Takes back one of your own strokes.
    #[schema(rename_all = "camelCase")]
    CanvasUndo { canvas_id: i64, stroke_id: String },
    /// Clears the canvas (its owner only).
    #[schema(rename_all = "camelCase")]
    CanvasClear { canvas_id: i64 },
}
