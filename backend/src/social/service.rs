//! The social area's service: the acts that write and then tell people (their sockets, on every
//! instance, and their browsers by push when away). Route handlers parse and answer; they call
//! these for anything that notifies.

use crate::identity;
use crate::identity::rules::settings::{Settings, SettingsUpdate};
use crate::notifications;
use crate::platform::db::now_ms;
use crate::platform::state::AppState;
use crate::social::store::comments::{self, CommentView, InsertError, NewComment};
use crate::social::store::follows::{self, Followed};
use crate::social::store::marks::{self, Mark, Toggled};
use crate::social::store::voice_reactions;

/// Sets or clears `mark` (a like, a save) on `item` for `user`; a like's author hears of it.
/// `None` when the item does not show.
pub async fn toggle_mark(
    state: &AppState,
    mark: &Mark,
    user: i64,
    item: i64,
    now: i64,
) -> Result<Option<Toggled>, sqlx::Error> {
    let toggled = marks::toggle(&state.db, mark, user, item, now).await?;
    if let Some(toggled) = &toggled {
        notifications::announce(state, toggled.notice).await;
    }
    Ok(toggled)
}

/// Writes a comment or a reply; the item's author, the parent's and those it mentions hear of it.
pub async fn comment(state: &AppState, new: NewComment<'_>) -> Result<CommentView, InsertError> {
    let (comment, notices) = comments::insert(&state.db, new).await?;
    notifications::announce(state, notices).await;
    Ok(comment)
}

/// `follower` follows `followee`, or asks to when the account is private; they hear of it.
pub async fn follow(
    state: &AppState,
    follower: i64,
    followee: i64,
) -> Result<Followed, sqlx::Error> {
    let (followed, notice) =
        follows::follow(&state.db, follower, followee, state.clock.now_ms()).await?;
    notifications::announce(state, notice).await;
    Ok(followed)
}

/// `follower` stops following `followee` (or takes back a request); its notifications go.
/// `false` when there is no such account.
pub async fn unfollow(state: &AppState, follower: i64, followee: i64) -> Result<bool, sqlx::Error> {
    let (found, taken_back) = follows::unfollow(&state.db, follower, followee).await?;
    notifications::announce(state, taken_back).await;
    Ok(found)
}

/// The owner of a private account approves or declines request `id`; the requester hears of an
/// approval. `None` when there is no such request of theirs.
pub async fn answer_request(
    state: &AppState,
    owner: i64,
    id: i64,
    approve: bool,
) -> Result<Option<()>, sqlx::Error> {
    let Some(answered) =
        follows::answer_request(&state.db, owner, id, approve, state.clock.now_ms()).await?
    else {
        return Ok(None);
    };
    notifications::announce(state, answered).await;
    Ok(Some(()))
}

/// Saves some or all of `user`'s settings (absent fields keep their value). Turning
/// `privateAccount` off approves every pending follow request in the same transaction, each
/// told to its requester as the owner's own approval would be.
pub async fn save_settings(
    state: &AppState,
    user: i64,
    change: SettingsUpdate,
) -> Result<Settings, sqlx::Error> {
    let now = now_ms();
    let going_public = change.private_account == Some(false);
    let mut tx = state.db.begin_write().await?;
    let settings = identity::save_settings_in(&mut tx, user, change, now).await?;
    let approvals = if going_public {
        follows::approve_all(&mut tx, user, now).await?
    } else {
        Vec::new()
    };
    tx.commit().await?;
    notifications::announce(state, approvals).await;
    Ok(settings)
}

/// Stores a voice reaction; the item's author hears of it (folded like likes). `None` when the
/// sender may not see the item.
pub async fn react_by_voice(
    state: &AppState,
    new: voice_reactions::NewVoiceReaction<'_>,
) -> Result<Option<voice_reactions::VoiceReactionView>, sqlx::Error> {
    let Some((reaction, notice)) = voice_reactions::insert(&state.db, new).await? else {
        return Ok(None);
    };
    notifications::announce(state, notice).await;
    Ok(Some(reaction))
}

/// Deletes a voice reaction; the sender leaves the author's notification with their last one.
/// `false` when it was gone already.
pub async fn delete_voice_reaction(
    state: &AppState,
    id: i64,
    owners: &voice_reactions::Owners,
) -> Result<bool, sqlx::Error> {
    let Some(notice) = voice_reactions::delete(&state.db, id, owners).await? else {
        return Ok(false);
    };
    notifications::announce(state, notice).await;
    Ok(true)
}
