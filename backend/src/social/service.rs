//! The social area's service: the acts that write and then tell people (their sockets, on every
//! instance, and their browsers by push when away). Route handlers parse and answer; they call
//! these for anything that notifies.

use crate::identity;
use crate::identity::rules::settings::{Settings, SettingsUpdate};
use crate::notifications;
use crate::platform::db::now_ms;
use crate::platform::federate::Change;
use crate::platform::state::AppState;
use crate::social::store::comments::{self, CommentView, InsertError, NewComment};
use crate::social::store::deletes::{self, Content, Deleted};
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
        if mark.is(&marks::POST_LIKE) {
            state
                .federation
                .tell(Change::Liked {
                    user,
                    post: item,
                    liked: toggled.is_set,
                })
                .await;
        }
    }
    Ok(toggled)
}

/// Writes a comment or a reply; the item's author, the parent's and those it mentions hear of it.
pub async fn comment(state: &AppState, new: NewComment<'_>) -> Result<CommentView, InsertError> {
    let (comment, notices) = comments::insert(&state.db, new).await?;
    notifications::announce(state, notices).await;
    state
        .federation
        .tell(Change::Commented {
            comment: comment.id,
        })
        .await;
    Ok(comment)
}

/// `follower` follows `followee`, or asks to when the account is private (an account of
/// another server is always asked, until its server accepts); they hear of it.
pub async fn follow(
    state: &AppState,
    follower: i64,
    followee: i64,
) -> Result<Followed, sqlx::Error> {
    let (followed, notice) =
        follows::follow(&state.db, follower, followee, state.clock.now_ms()).await?;
    let new = notice.is_some();
    notifications::announce(state, notice).await;
    if new {
        state
            .federation
            .tell(Change::Followed { follower, followee })
            .await;
    }
    Ok(followed)
}

/// `follower` stops following `followee` (or takes back a request); its notifications go.
/// `false` when there is no such account.
pub async fn unfollow(state: &AppState, follower: i64, followee: i64) -> Result<bool, sqlx::Error> {
    let (found, taken_back) = follows::unfollow(&state.db, follower, followee).await?;
    let ended = !taken_back.is_empty();
    notifications::announce(state, taken_back).await;
    if ended {
        state
            .federation
            .tell(Change::Unfollowed { follower, followee })
            .await;
    }
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
    let Some((requester, answered)) =
        follows::answer_request(&state.db, owner, id, approve, state.clock.now_ms()).await?
    else {
        return Ok(None);
    };
    notifications::announce(state, answered).await;
    state
        .federation
        .tell(Change::Answered {
            owner,
            requester,
            approved: approve,
        })
        .await;
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
    if change.voice_auto_transcription == Some(false) {
        // Off: your voice is not transcribed, and what was is deleted (issue 47).
        crate::platform::transcribe::store::forget_speaker(&mut tx, user).await?;
    }
    let (requesters, approvals) = if going_public {
        follows::approve_all(&mut tx, user, now).await?
    } else {
        (Vec::new(), Vec::new())
    };
    tx.commit().await?;
    notifications::announce(state, approvals).await;
    for requester in requesters {
        state
            .federation
            .tell(Change::Answered {
                owner: user,
                requester,
                approved: true,
            })
            .await;
    }
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

/// A voice reaction's transcript is made (or given up, `None`): its sender and the item's
/// author hear of it (issue 47); others who may hear it read it with the reactions.
pub async fn transcribed(state: &AppState, id: i64, text: Option<&str>) -> anyhow::Result<()> {
    let Some(sender) = voice_reactions::sender_of(&state.db, id).await? else {
        return Ok(());
    };
    let Some(owners) = voice_reactions::find(&state.db, sender, id).await? else {
        return Ok(());
    };
    state.realtime.publish(
        &[owners.sender_id, owners.author_id],
        &crate::platform::transcribe::TranscriptEvent::Transcript {
            kind: crate::platform::transcribe::TranscriptKind::VoiceReaction,
            id,
            conversation_id: None,
            transcript: text.map(str::to_owned),
        },
    );
    Ok(())
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

/// Deletes post `id` for `actor` (its author, or an admin); other servers that have it hear
/// of it.
pub async fn delete_post(
    state: &AppState,
    id: i64,
    actor: i64,
    actor_is_admin: bool,
) -> Result<Deleted, sqlx::Error> {
    let deleted = deletes::delete(&state.db, Content::Post, id, actor, actor_is_admin).await?;
    if let Deleted::Done { owner } = deleted {
        state
            .federation
            .tell(Change::Deleted {
                post: id,
                author: owner,
            })
            .await;
    }
    Ok(deleted)
}

/// `author` edits post `id`'s caption (and its tags, read from it), as a remote author's
/// `Update` does; newly mentioned people are told. `false` when there is no such post of theirs.
pub async fn edit_caption(
    state: &AppState,
    author: i64,
    id: i64,
    caption: &str,
    tags: &[String],
) -> Result<bool, sqlx::Error> {
    let now = state.clock.now_ms();
    let edit = crate::social::store::posts::PostEdit {
        caption: Some(caption),
        location: None,
        tags: Some(tags),
        alts: None,
    };
    match crate::social::store::posts::edit(&state.db, author, id, edit, now).await? {
        crate::social::store::posts::Edited::Done { caption } => {
            if let Err(err) =
                crate::social::posting::tell_edit(state, author, id, &caption, now).await
            {
                tracing::warn!(error = ?err, "telling of an edit failed");
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}
