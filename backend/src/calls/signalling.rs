//! Call signalling over the socket (docs/voice-contract.md). The server relays the
//! browsers' offer, answer and ICE candidates between the two people of a call, naming the
//! sender itself, and keeps the call's record: `initiateCall` opens it (or answers at once
//! `callRejected` busy / offline without ringing), `acceptCall` answers it, and `rejectCall`,
//! `endCall` or the closing of a socket in the call end it, leaving one 'call' line in the
//! conversation. Unlike chat, these socket frames write: the record is what makes "busy" true
//! on every instance.
//!
//! A call also ends when nothing can end it any more: a ringing call after `RING_LIMIT_MS`, or a
//! call whose socket was on an instance that is gone (a crash). Such calls are found when
//! either person is called again, and by the housekeeping sweep.

use std::collections::HashSet;

use crate::calls::events::{CallEvent, CallFrame};
use crate::calls::events::{Caller, RejectReason, Sdp};
use crate::calls::rules::CallEnd;
use crate::calls::store::calls;
use crate::calls::store::calls::{OpenCall, Placed};
use crate::chat::events::ChatEvent;
use crate::chat::wire::{Message, SharedMedia};
use crate::chat::{self, MessageView};
use crate::notifications;
use crate::platform::db::visibility;
use crate::platform::limits::Limit;
use crate::platform::realtime::events::Frame;
use crate::platform::state::AppState;

/// The target shares no conversation with the sender (or is the sender).
pub const CALL_TARGET_NOT_FOUND: &str = "Call target not found";
/// No call with the target is ringing or open (it ended, or was answered elsewhere).
pub const CALL_NOT_FOUND: &str = "Call not found";
pub const ALREADY_IN_A_CALL: &str = "You are already in a call";
/// A call rings at most this long whatever its caller's socket says: the client gives up
/// after 30 s and sends `endCall`; this is the backstop.
pub const RING_LIMIT_MS: i64 = 45_000;

/// The call a socket is in (the one it placed, or the one it answered: its closing ends it).
/// How many calls a user places is counted per user, over all their sockets (`Limit::Call`).
#[derive(Debug, Default)]
pub struct SocketCall {
    /// (call id, the other person)
    current: Option<(i64, i64)>,
}

impl SocketCall {
    fn join(&mut self, call: i64, peer: i64) {
        self.current = Some((call, peer));
    }

    fn peer(&self) -> Option<i64> {
        self.current.map(|(_, peer)| peer)
    }

    fn leave(&mut self, peer: i64) {
        if self.peer() == Some(peer) {
            self.current = None;
        }
    }
}

/// The answer to a call frame from `me` on `socket`, if it has one.
pub async fn handle(
    state: &AppState,
    me: i64,
    socket: u64,
    current: &mut SocketCall,
    event: CallFrame,
) -> Option<Frame> {
    let result = match event {
        CallFrame::InitiateCall {
            to_user_id,
            conversation_id,
            offer,
        } => initiate(state, me, current, to_user_id, conversation_id, offer).await,
        CallFrame::AcceptCall { to_user_id, answer } => {
            accept(state, me, socket, current, to_user_id, answer).await
        }
        CallFrame::RejectCall { to_user_id } => reject(state, me, socket, to_user_id).await,
        CallFrame::EndCall { to_user_id } => {
            current.leave(to_user_id);
            hang_up(state, me, socket, to_user_id).await
        }
        CallFrame::IceCandidate {
            to_user_id,
            candidate,
        } => relay_candidate(state, me, current, to_user_id, candidate).await,
    };
    result.unwrap_or_else(|err| {
        tracing::error!(error = ?err, user_id = me, "call signalling");
        Some(error("Something went wrong"))
    })
}

fn error(message: &str) -> Frame {
    Frame::error(message)
}

type Reply = Result<Option<Frame>, sqlx::Error>;

async fn initiate(
    state: &AppState,
    me: i64,
    current: &mut SocketCall,
    callee: i64,
    conversation: i64,
    offer: Sdp,
) -> Reply {
    if let Err(refused) = state.limits.check(Limit::Call, me).await {
        return Ok(Some(error(refused.limit.message())));
    }
    let now = state.clock.now_ms();
    let Some(caller) = calls::caller_in(&state.db, conversation, me, callee).await? else {
        return Ok(Some(error(CALL_TARGET_NOT_FOUND)));
    };
    if visibility::blocked_between(&state.db, me, callee).await? {
        return Ok(Some(Frame::of(&CallEvent::CallRejected {
            from_user_id: callee,
            reason: RejectReason::Unavailable,
        })));
    }
    if !state
        .realtime
        .online_among(&[callee])
        .await
        .contains(&callee)
    {
        return unreached(state, conversation, me, callee, CallEnd::Offline).await;
    }
    end_stale(state, calls::open_of(&state.db, me, callee).await?, now).await?;
    let placed = calls::place(
        &state.db,
        conversation,
        me,
        callee,
        state.realtime.instance(),
        now,
    )
    .await?;
    match placed {
        Placed::Ringing(call) => {
            current.join(call, callee);
            state.realtime.publish(
                &[callee],
                &CallEvent::IncomingCall {
                    from_user_id: me,
                    from_user: Caller {
                        id: me,
                        display_name: caller.display_name,
                        profile_image_url: caller.profile_image,
                    },
                    conversation_id: conversation,
                    offer,
                },
            );
            Ok(None)
        }
        Placed::CalleeBusy => unreached(state, conversation, me, callee, CallEnd::Busy).await,
        Placed::CallerBusy => Ok(Some(error(ALREADY_IN_A_CALL))),
    }
}

/// A call that never rang: recorded with its line, and refused to the caller at once.
async fn unreached(
    state: &AppState,
    conversation: i64,
    caller: i64,
    callee: i64,
    outcome: CallEnd,
) -> Reply {
    let now = state.clock.now_ms();
    let (line, notice) =
        calls::unreached(&state.db, conversation, caller, callee, outcome, now).await?;
    publish_line(state, [caller, callee], line);
    notifications::announce(state, notice).await;
    let reason = if outcome == CallEnd::Busy {
        RejectReason::Busy
    } else {
        RejectReason::Offline
    };
    Ok(Some(Frame::of(&CallEvent::CallRejected {
        from_user_id: callee,
        reason,
    })))
}

async fn accept(
    state: &AppState,
    me: i64,
    socket: u64,
    current: &mut SocketCall,
    caller: i64,
    answer: Sdp,
) -> Reply {
    let ringing = calls::between(&state.db, me, caller)
        .await?
        .filter(|call| call.callee_id == me && call.answered_at.is_none());
    let Some(call) = ringing else {
        return no_call(state, me, caller).await;
    };
    let now = state.clock.now_ms();
    if !calls::answer(&state.db, call.id, me, state.realtime.instance(), now).await? {
        return Ok(Some(error(CALL_NOT_FOUND)));
    }
    current.join(call.id, caller);
    state.realtime.publish(
        &[caller],
        &CallEvent::CallAccepted {
            from_user_id: me,
            answer,
        },
    );
    // The callee's other devices stop ringing.
    state.realtime.publish_except(
        &[me],
        &CallEvent::CallEnded {
            from_user_id: caller,
        },
        socket,
    );
    Ok(None)
}

async fn reject(state: &AppState, me: i64, socket: u64, caller: i64) -> Reply {
    let ringing = calls::between(&state.db, me, caller)
        .await?
        .filter(|call| call.callee_id == me && call.answered_at.is_none());
    let Some(call) = ringing else {
        return no_call(state, me, caller).await;
    };
    finish(state, &call, me, Some(socket), CallEnd::Declined).await?;
    Ok(None)
}

/// `endCall`: the caller cancels (or times out) a ringing call, either side hangs up an
/// answered one; a callee's `endCall` while ringing declines. Nothing open: nothing to do.
async fn hang_up(state: &AppState, me: i64, socket: u64, peer: i64) -> Reply {
    let Some(call) = calls::between(&state.db, me, peer).await? else {
        return match shares_a_conversation(state, me, peer).await? {
            true => Ok(None),
            false => Ok(Some(error(CALL_TARGET_NOT_FOUND))),
        };
    };
    let unanswered = if call.caller_id == me {
        CallEnd::Missed
    } else {
        CallEnd::Declined
    };
    finish(state, &call, me, Some(socket), unanswered).await?;
    Ok(None)
}

async fn relay_candidate(
    state: &AppState,
    me: i64,
    current: &SocketCall,
    peer: i64,
    candidate: Sdp,
) -> Reply {
    let in_call =
        current.peer() == Some(peer) || calls::between(&state.db, me, peer).await?.is_some();
    if !in_call {
        return no_call(state, me, peer).await;
    }
    state.realtime.publish(
        &[peer],
        &CallEvent::IceCandidate {
            from_user_id: me,
            candidate,
        },
    );
    Ok(None)
}

/// The refusal of a signal about a call that is not there: `Call not found` between people who
/// chat (it ended, or another device answered), `Call target not found` otherwise.
async fn no_call(state: &AppState, me: i64, peer: i64) -> Reply {
    Ok(Some(error(
        if shares_a_conversation(state, me, peer).await? {
            CALL_NOT_FOUND
        } else {
            CALL_TARGET_NOT_FOUND
        },
    )))
}

async fn shares_a_conversation(state: &AppState, me: i64, peer: i64) -> Result<bool, sqlx::Error> {
    Ok(me != peer && chat::share_a_conversation(&state.db, me, peer).await?)
}

/// Ends `call` on behalf of `me` (from `socket`, or from a socket that closed), tells the other
/// side, and posts the line. Someone else's end may have won: then nothing happens.
async fn finish(
    state: &AppState,
    call: &OpenCall,
    me: i64,
    socket: Option<u64>,
    unanswered: CallEnd,
) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    let Some(ended) = calls::end(&state.db, call.id, unanswered, now).await? else {
        return Ok(());
    };
    let peer = call.peer_of(me);
    let told = if ended.outcome == CallEnd::Declined {
        CallEvent::CallRejected {
            from_user_id: me,
            reason: RejectReason::Declined,
        }
    } else {
        CallEvent::CallEnded { from_user_id: me }
    };
    state.realtime.publish(&[peer], &told);
    if me == call.callee_id && ended.outcome != CallEnd::Completed {
        // Declined on one device: the callee's others stop ringing.
        let stop = CallEvent::CallEnded { from_user_id: peer };
        match socket {
            Some(socket) => state.realtime.publish_except(&[me], &stop, socket),
            None => state.realtime.publish(&[me], &stop),
        }
    }
    publish_line(state, [ended.caller_id, ended.callee_id], ended.line);
    notifications::announce(state, ended.notice).await;
    Ok(())
}

/// A socket closed: the call it placed or answered ends (missed if it was still ringing).
pub async fn socket_closed(state: &AppState, me: i64, current: &SocketCall) {
    let Some((call_id, peer)) = current.current else {
        return;
    };
    let result = async {
        let open = calls::between(&state.db, me, peer)
            .await?
            .filter(|call| call.id == call_id);
        match open {
            Some(call) => finish(state, &call, me, None, CallEnd::Missed).await,
            None => Ok(()),
        }
    }
    .await;
    if let Err(err) = result {
        tracing::error!(error = ?err, user_id = me, "ending the call of a closed socket");
    }
}

/// `user`'s last socket (on any instance) closed: a call ringing for them is missed, and the
/// caller hears at once that they went offline (as if they had been offline when called).
pub async fn went_offline(state: &AppState, user: i64) {
    let result = async {
        for call in calls::open_of(&state.db, user, user).await? {
            if call.callee_id != user || call.answered_at.is_some() {
                continue;
            }
            let now = state.clock.now_ms();
            let Some(ended) = calls::end(&state.db, call.id, CallEnd::Missed, now).await? else {
                continue;
            };
            let told = if ended.outcome == CallEnd::Completed {
                // Answered in between: it ends like any hang-up.
                CallEvent::CallEnded { from_user_id: user }
            } else {
                CallEvent::CallRejected {
                    from_user_id: user,
                    reason: RejectReason::Offline,
                }
            };
            state.realtime.publish(&[call.caller_id], &told);
            publish_line(state, [ended.caller_id, ended.callee_id], ended.line);
            notifications::announce(state, ended.notice).await;
        }
        Ok::<(), sqlx::Error>(())
    }
    .await;
    if let Err(err) = result {
        tracing::error!(error = ?err, user_id = user, "ending the calls ringing for a user who left");
    }
}

/// Ends the open calls among `calls` that nothing can end any more (see the module header),
/// telling both people and posting the lines.
async fn end_stale(state: &AppState, calls: Vec<OpenCall>, now: i64) -> Result<(), sqlx::Error> {
    if calls.is_empty() {
        return Ok(());
    }
    let instances: HashSet<String> = calls
        .iter()
        .flat_map(|call| [call.caller_instance.clone(), call.callee_instance.clone()])
        .flatten()
        .collect();
    let alive = state.realtime.instances_alive(instances).await;
    let up = |instance: &Option<String>| instance.as_ref().is_some_and(|id| alive.contains(id));
    for call in calls {
        let live = match call.answered_at {
            None => now - call.started_at < RING_LIMIT_MS && up(&call.caller_instance),
            Some(_) => up(&call.caller_instance) && up(&call.callee_instance),
        };
        if live {
            continue;
        }
        if let Some(ended) = calls::end(&state.db, call.id, CallEnd::Missed, now).await? {
            for (to, from) in [
                (call.callee_id, call.caller_id),
                (call.caller_id, call.callee_id),
            ] {
                state
                    .realtime
                    .publish(&[to], &CallEvent::CallEnded { from_user_id: from });
            }
            publish_line(state, [ended.caller_id, ended.callee_id], ended.line);
            notifications::announce(state, ended.notice).await;
        }
    }
    Ok(())
}

/// Housekeeping: ends every open call whose sockets are gone or that rang too long.
pub async fn sweep(state: &AppState) -> Result<(), sqlx::Error> {
    let open = calls::all_open(&state.db).await?;
    end_stale(state, open, state.clock.now_ms()).await
}

/// The call line to both people, as `newMessage` (like any message).
fn publish_line(state: &AppState, people: [i64; 2], line: MessageView) {
    // A call line shares nothing and has no reaction yet.
    let message = Message::from_row(line, Vec::new(), &SharedMedia::new());
    state.realtime.publish(
        &people,
        &ChatEvent::NewMessage {
            conversation_id: message.conversation_id,
            message: Box::new(message),
        },
    );
}
