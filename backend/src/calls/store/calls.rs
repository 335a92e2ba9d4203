//! Calls: a row per call attempt (`calls`), and a row per person in an open call
//! (`call_parties`, keyed by user), so "already in a call" is a primary-key conflict that every
//! instance sees at once. Ending a call is one write transaction that closes the row, frees its
//! people and writes the conversation's 'call' line; only the first of several racing ends
//! (a hang-up and a socket closing, say) finds the row open, so a call has one line.

use crate::notifications;
use sqlx::FromRow;

use crate::calls::rules::CallEnd;
use crate::chat::{self, MessageView};
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::notifications::{Act, Notice};
use crate::platform::db::Db;

/// An open call.
#[derive(Debug, Clone, FromRow)]
pub struct OpenCall {
    pub id: i64,
    pub conversation_id: i64,
    pub caller_id: i64,
    pub callee_id: i64,
    pub started_at: i64,
    pub answered_at: Option<i64>,
    /// The instance holding the caller's socket.
    pub caller_instance: Option<String>,
    /// The instance holding the callee's answering socket (once answered).
    pub callee_instance: Option<String>,
}

impl OpenCall {
    /// The other person of the call, seen from `user`.
    pub fn peer_of(&self, user: i64) -> i64 {
        if user == self.caller_id {
            self.callee_id
        } else {
            self.caller_id
        }
    }
}

macro_rules! open_call {
    () => {
        "SELECT c.id, c.conversation_id, c.caller_id, c.callee_id, c.started_at, c.answered_at,
                c.caller_instance, c.callee_instance
         FROM calls c"
    };
}

/// The caller as the callee's ring shows them.
#[derive(Debug, Clone, FromRow)]
pub struct CallerView {
    pub display_name: String,
    pub profile_image: Option<String>,
}

/// The caller, when `caller` is a member of `conversation` and `callee` is its other person;
/// `None` otherwise (nobody to ring).
pub async fn caller_in(
    db: &Db,
    conversation: i64,
    caller: i64,
    callee: i64,
) -> Result<Option<CallerView>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image
         FROM conversations c
         JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.user_id = $2
         JOIN users u ON u.id = cm.user_id
         WHERE c.id = $1 AND c.user_a = $3 AND c.user_b = $4",
    )
    .bind(conversation)
    .bind(caller)
    .bind(caller.min(callee))
    .bind(caller.max(callee))
    .fetch_optional(&db.pool)
    .await
}

/// What placing a call did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placed {
    /// The call is open and ringing.
    Ringing(i64),
    /// The callee is in another call: nothing was stored.
    CalleeBusy,
    /// The caller is in another call already: nothing was stored.
    CallerBusy,
}

/// Opens a call from `caller` (whose socket is on `instance`) to `callee`, unless either of
/// them is in one.
pub async fn place(
    db: &Db,
    conversation: i64,
    caller: i64,
    callee: i64,
    instance: &str,
    now: i64,
) -> Result<Placed, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO calls (conversation_id, caller_id, callee_id, started_at, caller_instance)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(conversation)
    .bind(caller)
    .bind(callee)
    .bind(now)
    .bind(instance)
    .fetch_one(&mut *tx)
    .await?;
    for (user, busy) in [(callee, Placed::CalleeBusy), (caller, Placed::CallerBusy)] {
        let joined = sqlx::query(
            "INSERT INTO call_parties (user_id, call_id) VALUES ($1, $2)
             ON CONFLICT (user_id) DO NOTHING",
        )
        .bind(user)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if joined == 0 {
            tx.rollback().await?;
            return Ok(busy);
        }
    }
    tx.commit().await?;
    Ok(Placed::Ringing(id))
}

/// The open calls of `a` and `b` (at most one each; the same one when they are in it together).
pub async fn open_of(db: &Db, a: i64, b: i64) -> Result<Vec<OpenCall>, sqlx::Error> {
    sqlx::query_as(concat!(
        open_call!(),
        " WHERE c.id IN (SELECT call_id FROM call_parties WHERE user_id = $1 OR user_id = $2)"
    ))
    .bind(a)
    .bind(b)
    .fetch_all(&db.pool)
    .await
}

/// Every open call (housekeeping looks for ones whose sockets are gone). Open calls are few:
/// `call_parties` holds only them.
pub async fn all_open(db: &Db) -> Result<Vec<OpenCall>, sqlx::Error> {
    sqlx::query_as(concat!(
        open_call!(),
        " WHERE c.id IN (SELECT call_id FROM call_parties)"
    ))
    .fetch_all(&db.pool)
    .await
}

/// The open call between `user` and `peer`, if they are in one together.
pub async fn between(db: &Db, user: i64, peer: i64) -> Result<Option<OpenCall>, sqlx::Error> {
    Ok(open_of(db, user, peer).await?.into_iter().find(|call| {
        call.peer_of(user) == peer && (call.caller_id == user || call.callee_id == user)
    }))
}

/// The callee answers on `instance`: `false` when the call is no longer ringing (answered on
/// another device, cancelled, or over).
pub async fn answer(
    db: &Db,
    call: i64,
    callee: i64,
    instance: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE calls SET answered_at = $4, callee_instance = $3
         WHERE id = $1 AND callee_id = $2 AND answered_at IS NULL AND ended_at IS NULL",
    )
    .bind(call)
    .bind(callee)
    .bind(instance)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// A call that just ended, and its line.
#[derive(Debug, Clone)]
pub struct Ended {
    pub caller_id: i64,
    pub callee_id: i64,
    pub outcome: CallEnd,
    pub line: MessageView,
    /// The callee's missed-call notification (issue 21), when the call was not answered.
    pub notice: Option<Notice>,
}

#[derive(FromRow)]
struct Closed {
    conversation_id: i64,
    caller_id: i64,
    callee_id: i64,
    answered_at: Option<i64>,
}

/// Ends an open call: `completed` if it was answered, else `unanswered` (missed or declined).
/// `None` when it had ended already (someone else's end won).
pub async fn end(
    db: &Db,
    call: i64,
    unanswered: CallEnd,
    now: i64,
) -> Result<Option<Ended>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let closed: Option<Closed> = sqlx::query_as(
        "UPDATE calls
         SET ended_at = $2,
             outcome = CASE WHEN answered_at IS NULL THEN $3 ELSE 'completed' END
         WHERE id = $1 AND ended_at IS NULL
         RETURNING conversation_id, caller_id, callee_id, answered_at",
    )
    .bind(call)
    .bind(now)
    .bind(unanswered.as_db())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(closed) = closed else {
        return Ok(None);
    };
    sqlx::query("DELETE FROM call_parties WHERE call_id = $1")
        .bind(call)
        .execute(&mut *tx)
        .await?;
    let (outcome, talk) = match closed.answered_at {
        Some(answered) => (
            CallEnd::Completed,
            Some(((now - answered).max(0) + 500) / 1000),
        ),
        None => (unanswered, None),
    };
    let (line, notice) = insert_line(
        &mut tx,
        closed.conversation_id,
        (closed.caller_id, closed.callee_id),
        outcome,
        talk,
        now,
    )
    .await?;
    tx.commit().await?;
    let line = chat::find_message(db, closed.caller_id, closed.conversation_id, line)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok(Some(Ended {
        caller_id: closed.caller_id,
        callee_id: closed.callee_id,
        outcome,
        line,
        notice,
    }))
}

/// Records a call that never rang (`Busy` or `Offline`) and its line.
pub async fn unreached(
    db: &Db,
    conversation: i64,
    caller: i64,
    callee: i64,
    outcome: CallEnd,
    now: i64,
) -> Result<(MessageView, Option<Notice>), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO calls (conversation_id, caller_id, callee_id, started_at, ended_at, outcome)
         VALUES ($1, $2, $3, $4, $4, $5)",
    )
    .bind(conversation)
    .bind(caller)
    .bind(callee)
    .bind(now)
    .bind(outcome.as_db())
    .execute(&mut *tx)
    .await?;
    let (line, notice) =
        insert_line(&mut tx, conversation, (caller, callee), outcome, None, now).await?;
    tx.commit().await?;
    let line = chat::find_message(db, caller, conversation, line)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok((line, notice))
}

/// The 'call' message, sent by the caller (its trigger moves the conversation along, as for
/// any message), and the callee's missed-call notification when it rang unanswered or could
/// not ring (busy, offline); a declined call is the callee's own doing.
async fn insert_line(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    conversation: i64,
    (caller, callee): (i64, i64),
    outcome: CallEnd,
    talk_secs: Option<i64>,
    now: i64,
) -> Result<(i64, Option<Notice>), sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO messages (conversation_id, sender_id, content, message_type, duration,
                               call_outcome, created_at)
         VALUES ($1, $2, $3, 'call', $4, $5, $6) RETURNING id",
    )
    .bind(conversation)
    .bind(caller)
    .bind(outcome.line(talk_secs))
    .bind(talk_secs)
    .bind(outcome.shown())
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    let notice = match outcome {
        CallEnd::Missed | CallEnd::Busy | CallEnd::Offline => {
            let act = Act::new(
                callee,
                caller,
                NotificationKind::MissedCall,
                NotificationTargetType::Conversation,
                conversation,
            );
            notifications::record(tx, &act, now).await?
        }
        CallEnd::Completed | CallEnd::Declined => None,
    };
    Ok((id, notice))
}
