//! Canvas rooms on the socket (issue 25, docs/canvas-contract.md). A socket joins a canvas it
//! may join (canvas/store.rs `may_join!`); then its strokes are stored and relayed, its cursor
//! relayed (never stored), its undo and, for the owner, clear recorded and relayed. Who is in a
//! room is `canvas_presence` (every instance's sockets), so relays and the people shown cross
//! instances through the same fan-out as every event. Refused input answers this socket alone
//! with an `error`; nothing is stored and the socket stays open.

use std::time::{Duration, Instant};

use crate::canvas::events::CursorUser;
use crate::canvas::events::{CanvasEvent, CanvasFrame};
use crate::canvas::rooms::{announce, people_in, tell_room};
use crate::canvas::rules::{
    CANVAS_NOT_FOUND, CANVAS_OWNER_ONLY, CANVAS_ROOM_MAX, CANVAS_ROOMS_PER_SOCKET, StrokeInput,
    cursor_on_canvas,
};
use crate::canvas::store;
use crate::canvas::store::StrokeStored;
use crate::canvas::wire::CanvasStroke;
use crate::platform::realtime::events::Frame;
use crate::platform::state::AppState;

const NOT_JOINED: &str = "Join the canvas first";
const ROOM_FULL: &str = "This canvas is full right now";
const TOO_MANY_ROOMS: &str = "You are in too many canvases at once";
const TOO_FAST: &str = "You're drawing too fast. Please slow down.";
const CANVAS_FULL: &str = "This canvas has no room for more strokes: clear it to go on";
const NO_ROOM: &str = "This canvas is full: clear it or start a new one";
const STROKE_NOT_FOUND: &str = "Stroke not found";
const CURSOR_OFF_CANVAS: &str = "Cursor must lie on the canvas (0 to 1)";
const WENT_WRONG: &str = "Something went wrong";

/// How long a cursor move trusts the last check that its user may be in the room (strokes,
/// undo and clear always ask): a block since takes effect within it, and a pointer moving 20
/// times a second costs no query for it.
const CURSOR_TRUST: Duration = Duration::from_secs(2);

/// The rooms one socket is in (with when its user was last found allowed in each), and how
/// its cursor is named there.
#[derive(Default)]
pub struct SocketRooms {
    joined: Vec<(i64, Instant)>,
    me: Option<CursorUser>,
}

impl SocketRooms {
    fn contains(&self, canvas: i64) -> bool {
        self.joined.iter().any(|(c, _)| *c == canvas)
    }

    /// `canvas`'s room was checked just now.
    fn checked(&mut self, canvas: i64) {
        match self.joined.iter_mut().find(|(c, _)| *c == canvas) {
            Some(room) => room.1 = Instant::now(),
            None => self.joined.push((canvas, Instant::now())),
        }
    }

    fn trusted(&self, canvas: i64) -> bool {
        self.joined
            .iter()
            .any(|(c, at)| *c == canvas && at.elapsed() < CURSOR_TRUST)
    }

    fn left(&mut self, canvas: i64) {
        self.joined.retain(|(c, _)| *c != canvas);
    }
}

fn error(message: impl Into<String>) -> Option<Frame> {
    Some(Frame::error(message))
}

/// The answer to one canvas frame, if it has one (most are relayed to the room instead).
pub async fn handle(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    rooms: &mut SocketRooms,
    event: CanvasFrame,
) -> Option<Frame> {
    let result = match event {
        CanvasFrame::CanvasJoin { canvas_id } => {
            join(state, user_id, socket_id, rooms, canvas_id).await
        }
        CanvasFrame::CanvasLeave { canvas_id } => leave(state, socket_id, rooms, canvas_id).await,
        CanvasFrame::CanvasStroke { canvas_id, stroke } => {
            draw(state, user_id, socket_id, rooms, canvas_id, stroke).await
        }
        CanvasFrame::CanvasCursor { canvas_id, x, y } => {
            cursor(state, user_id, socket_id, rooms, canvas_id, x, y).await
        }
        CanvasFrame::CanvasUndo {
            canvas_id,
            stroke_id,
        } => undo(state, user_id, socket_id, rooms, canvas_id, &stroke_id).await,
        CanvasFrame::CanvasClear { canvas_id } => {
            clear(state, user_id, socket_id, rooms, canvas_id).await
        }
    };
    result.unwrap_or_else(|err| {
        tracing::error!(error = ?err, "canvas");
        error(WENT_WRONG)
    })
}

/// The socket closed: it leaves its rooms, and those still in them are told.
pub async fn socket_closed(state: &AppState, socket_id: u64, rooms: &SocketRooms) {
    if rooms.joined.is_empty() {
        return;
    }
    let result = async {
        store::exit_all(&state.db, state.realtime.instance(), socket_id).await?;
        for (canvas, _) in &rooms.joined {
            announce(state, *canvas).await?;
        }
        Ok::<_, sqlx::Error>(())
    }
    .await;
    if let Err(err) = result {
        tracing::error!(error = ?err, "leaving canvas rooms");
    }
}

type Answer = Result<Option<Frame>, sqlx::Error>;

async fn join(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    rooms: &mut SocketRooms,
    canvas: i64,
) -> Answer {
    if !rooms.contains(canvas) && rooms.joined.len() >= CANVAS_ROOMS_PER_SOCKET {
        // A block may have taken this socket out of some (without a frame of its own): only
        // the rooms it is still in count.
        let still = store::rooms_of(&state.db, state.realtime.instance(), socket_id).await?;
        rooms.joined.retain(|(c, _)| still.contains(c));
        if rooms.joined.len() >= CANVAS_ROOMS_PER_SOCKET {
            return Ok(error(TOO_MANY_ROOMS));
        }
    }
    if store::find(&state.db, user_id, canvas).await?.is_none() {
        return Ok(error(CANVAS_NOT_FOUND));
    }
    // In first, then counted: of two who come at once to the 64th place, neither is let past it.
    let now = state.clock.now_ms();
    let instance = state.realtime.instance();
    store::enter(&state.db, canvas, instance, socket_id, user_id, now).await?;
    let people = people_in(state, canvas).await?;
    if people.len() > CANVAS_ROOM_MAX {
        if !rooms.contains(canvas) {
            store::exit(&state.db, canvas, instance, socket_id).await?;
        }
        return Ok(error(ROOM_FULL));
    }
    rooms.checked(canvas);
    // Everyone in the room, the newcomer's sockets among them, learns who is here now.
    tell_room(state, canvas, &people);
    if rooms.me.is_none() {
        rooms.me = people
            .into_iter()
            .find(|p| p.id == user_id)
            .map(|p| CursorUser {
                id: p.id,
                display_name: p.display_name,
            });
    }
    Ok(None)
}

async fn leave(state: &AppState, socket_id: u64, rooms: &mut SocketRooms, canvas: i64) -> Answer {
    if !rooms.contains(canvas) {
        return Ok(error(NOT_JOINED));
    }
    let was_in = store::exit(&state.db, canvas, state.realtime.instance(), socket_id).await?;
    rooms.left(canvas);
    if was_in {
        announce(state, canvas).await?;
    }
    Ok(None)
}

async fn draw(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    rooms: &mut SocketRooms,
    canvas: i64,
    stroke: StrokeInput,
) -> Answer {
    if let Some(refused) = admitted(state, user_id, socket_id, rooms, canvas).await? {
        return Ok(Some(refused));
    }
    let stroke = match stroke.parse() {
        Ok(stroke) => stroke,
        Err(err) => return Ok(error(err.to_string())),
    };
    if !state.canvas_limits.stroke(user_id) {
        return Ok(error(TOO_FAST));
    }
    let points = serde_json::to_string(&stroke.points).expect("points serialize");
    let now = state.clock.now_ms();
    match store::add_stroke(&state.db, canvas, user_id, &stroke, &points, now).await? {
        StrokeStored::Stored => {}
        StrokeStored::Again => return Ok(None),
        StrokeStored::Full => return Ok(error(CANVAS_FULL)),
        StrokeStored::NoRoom => return Ok(error(NO_ROOM)),
    }
    let Some(users) = relay_to(state, socket_id, rooms, canvas).await? else {
        return Ok(error(CANVAS_NOT_FOUND));
    };
    state.realtime.publish(
        &users,
        &CanvasEvent::CanvasStroke {
            canvas_id: canvas,
            user_id,
            stroke: Box::new(CanvasStroke::new(stroke, user_id, now)),
        },
    );
    Ok(None)
}

async fn cursor(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    rooms: &mut SocketRooms,
    canvas: i64,
    x: f64,
    y: f64,
) -> Answer {
    if !cursor_on_canvas(x, y) {
        return Ok(error(CURSOR_OFF_CANVAS));
    }
    // Over the limit a move is dropped, not answered: the next one carries the pointer on.
    // Counted first, so a flood costs no query.
    if rooms.contains(canvas) && !state.canvas_limits.cursor(user_id) {
        return Ok(None);
    }
    if !rooms.trusted(canvas)
        && let Some(refused) = admitted(state, user_id, socket_id, rooms, canvas).await?
    {
        return Ok(Some(refused));
    }
    let Some(me) = rooms.me.clone() else {
        return Ok(None);
    };
    let Some(users) = relay_to(state, socket_id, rooms, canvas).await? else {
        return Ok(error(CANVAS_NOT_FOUND));
    };
    let others: Vec<i64> = users.into_iter().filter(|id| *id != user_id).collect();
    state.realtime.publish(
        &others,
        &CanvasEvent::CanvasCursor {
            canvas_id: canvas,
            user: me,
            x,
            y,
        },
    );
    Ok(None)
}

async fn undo(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    rooms: &mut SocketRooms,
    canvas: i64,
    stroke_id: &str,
) -> Answer {
    if let Some(refused) = admitted(state, user_id, socket_id, rooms, canvas).await? {
        return Ok(Some(refused));
    }
    if !store::undo(&state.db, canvas, user_id, stroke_id).await? {
        return Ok(error(STROKE_NOT_FOUND));
    }
    let Some(users) = relay_to(state, socket_id, rooms, canvas).await? else {
        return Ok(error(CANVAS_NOT_FOUND));
    };
    state.realtime.publish(
        &users,
        &CanvasEvent::CanvasUndo {
            canvas_id: canvas,
            stroke_id: stroke_id.to_owned(),
        },
    );
    Ok(None)
}

async fn clear(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    rooms: &mut SocketRooms,
    canvas: i64,
) -> Answer {
    if let Some(refused) = admitted(state, user_id, socket_id, rooms, canvas).await? {
        return Ok(Some(refused));
    }
    if !store::clear(&state.db, canvas, user_id).await? {
        return Ok(error(CANVAS_OWNER_ONLY));
    }
    let Some(users) = relay_to(state, socket_id, rooms, canvas).await? else {
        return Ok(error(CANVAS_NOT_FOUND));
    };
    state
        .realtime
        .publish(&users, &CanvasEvent::CanvasCleared { canvas_id: canvas });
    Ok(None)
}

/// Why a frame acting in `canvas`'s room is refused, if it is: the socket has not joined it, or
/// its user may no longer join (blocked by the owner since, say), in which case the socket
/// leaves the room and the others are told.
async fn admitted(
    state: &AppState,
    user_id: i64,
    socket_id: u64,
    rooms: &mut SocketRooms,
    canvas: i64,
) -> Result<Option<Frame>, sqlx::Error> {
    if !rooms.contains(canvas) {
        return Ok(error(NOT_JOINED));
    }
    if store::find(&state.db, user_id, canvas).await?.is_some() {
        return Ok(None);
    }
    let was_in = store::exit(&state.db, canvas, state.realtime.instance(), socket_id).await?;
    rooms.left(canvas);
    // Taken out by the block already, the room was told then.
    if was_in {
        announce(state, canvas).await?;
    }
    Ok(error(CANVAS_NOT_FOUND))
}

/// Who a relay in `canvas` goes to: everyone with a socket in the room (a socket of a gone
/// instance costs a frame nobody reads; `people_in` sweeps it at the next join). `None` when
/// this socket is no longer in it (a block took its user out, on whichever instance): it
/// forgets the room too.
async fn relay_to(
    state: &AppState,
    socket_id: u64,
    rooms: &mut SocketRooms,
    canvas: i64,
) -> Result<Option<Vec<i64>>, sqlx::Error> {
    let instance = state.realtime.instance();
    let (users, here) = store::room_users_with(&state.db, canvas, instance, socket_id).await?;
    if here {
        Ok(Some(users))
    } else {
        rooms.left(canvas);
        Ok(None)
    }
}
