//! Who is in a canvas's room, and telling them (issue 25, docs/canvas-contract.md). The socket's
//! canvas frames (canvas/socket.rs) use it, and so does a block (moderation/routes/blocks, issue 39),
//! which takes each of the two out of the rooms of the canvases the other owns at once, on
//! every instance: the room is `canvas_presence` (shared by the instances), and the events go
//! through the same fan-out as every event.

use crate::canvas::events::CanvasEvent;
use std::collections::HashSet;

use crate::canvas::store;
use crate::kernel::user::UserCard;
use crate::platform::state::AppState;

/// The people in `canvas`'s room on live instances, each once, in the order they came; the
/// sockets of instances that are gone are forgotten on the way.
pub async fn people_in(state: &AppState, canvas: i64) -> Result<Vec<UserCard>, sqlx::Error> {
    let rows = store::room(&state.db, canvas).await?;
    let instances: HashSet<String> = rows.iter().map(|(_, i)| i.clone()).collect();
    let alive = state.realtime.instances_alive(instances.clone()).await;
    let gone: Vec<String> = instances.difference(&alive).cloned().collect();
    if !gone.is_empty() {
        store::sweep(&state.db, &gone).await?;
    }
    let mut seen = HashSet::new();
    Ok(rows
        .into_iter()
        .filter(|(_, instance)| alive.contains(instance))
        .filter(|(person, _)| seen.insert(person.id))
        .map(|(person, _)| person.into())
        .collect())
}

/// Tells everyone in `canvas`'s room who is in it now.
pub async fn announce(state: &AppState, canvas: i64) -> Result<(), sqlx::Error> {
    let people = people_in(state, canvas).await?;
    tell_room(state, canvas, &people);
    Ok(())
}

/// Tells `people`, the room of `canvas`, that they are who is in it.
pub fn tell_room(state: &AppState, canvas: i64, people: &[UserCard]) {
    let users: Vec<i64> = people.iter().map(|p| p.id).collect();
    state.realtime.publish(
        &users,
        &CanvasEvent::CanvasPresence {
            canvas_id: canvas,
            users: people.to_vec(),
        },
    );
}

/// After `a` and `b` were parted by a block (either way): each leaves the rooms of the
/// canvases the other owns, every socket of theirs on every instance hears `canvasLeft` (and
/// no further stroke, cursor or presence of the room, whose relays go to `canvas_presence`),
/// and those still in each room are told who is. Best effort: the block is done whatever
/// happens here (a failed write is logged; their next frame in the room is refused anyway).
pub async fn part(state: &AppState, a: i64, b: i64) {
    let result = async {
        let left = store::evict_pair(&state.db, a, b).await?;
        for &(canvas, user) in &left {
            state
                .realtime
                .publish(&[user], &CanvasEvent::CanvasLeft { canvas_id: canvas });
        }
        let mut canvases: Vec<i64> = left.iter().map(|(canvas, _)| *canvas).collect();
        canvases.sort_unstable();
        canvases.dedup();
        for canvas in canvases {
            announce(state, canvas).await?;
        }
        Ok::<_, sqlx::Error>(())
    }
    .await;
    if let Err(err) = result {
        tracing::error!(error = ?err, a, b, "taking a blocked pair out of canvas rooms");
    }
}
