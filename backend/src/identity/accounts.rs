//! The account flows' shared steps (issue 41): the session user's answer, mailing a one-time
//! link in the same transaction as the act, redeeming a link, and the housekeeping of expired
//! links and challenges.

use axum::http::StatusCode;

use crate::identity::letters;
use crate::identity::secrets;
use crate::identity::store::accounts::{self as store, Purpose, TokenRow};
use crate::identity::store::users;
use crate::identity::wire::{AccountState, SessionUser};
use crate::kernel::user::UserRow;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::mail::{self, Letter};
use crate::platform::state::AppState;

pub const LINK_EXPIRED: &str = "This link has expired";
pub const EMAIL_TAKEN: &str = "An account with this email already exists";

/// 400 `link_expired`: an unknown, used, expired or malformed link (one answer for all).
pub fn link_expired() -> ApiError {
    ApiError::coded(StatusCode::BAD_REQUEST, "link_expired", LINK_EXPIRED)
}

/// The session user's answer: the row and the account state around it.
pub async fn session_user(state: &AppState, user: UserRow) -> ApiResult<SessionUser> {
    let now = state.clock.now_ms();
    let flags = store::flags(&state.db, user.id, now).await?;
    Ok(SessionUser::new(
        user,
        AccountState {
            two_factor: flags.two_factor != 0,
            onboarded: flags.onboarded != 0,
            pending_email: flags.pending_email,
            now,
        },
    ))
}

/// Issues a link of `purpose` for `user_id` (confirming `email` where it has one) and queues
/// the letter `write` makes of its URL, in one transaction; wakes the mail drainer.
pub async fn mail_link(
    state: &AppState,
    user_id: i64,
    purpose: Purpose,
    email: Option<&str>,
    ttl_ms: i64,
    page: &str,
    write: impl FnOnce(&str) -> Letter,
) -> ApiResult<()> {
    let now = state.clock.now_ms();
    let fresh = secrets::new_secret();
    let mut tx = state.db.begin_write().await?;
    let id = store::insert_token(
        &mut tx,
        user_id,
        purpose,
        &fresh.hash,
        email,
        now,
        now + ttl_ms,
    )
    .await?;
    let link = format!(
        "{}/{page}?token={}",
        state.public_url,
        secrets::token(id, &fresh.secret)
    );
    mail::enqueue(&mut tx, &write(&link), now).await?;
    tx.commit().await?;
    state.mail.wake();
    Ok(())
}

/// Queues a notice (no link) and wakes the drainer.
pub async fn mail_notice(state: &AppState, letter: &Letter) -> ApiResult<()> {
    let mut tx = state.db.begin_write().await?;
    mail::enqueue(&mut tx, letter, state.clock.now_ms()).await?;
    tx.commit().await?;
    state.mail.wake();
    Ok(())
}

/// Mails the sign-up verification link to the account's address.
pub async fn send_verification(state: &AppState, user: &UserRow) -> ApiResult<()> {
    let (to, name) = (user.email.clone(), user.display_name.clone());
    mail_link(
        state,
        user.id,
        Purpose::Verify,
        Some(&user.email),
        letters::VERIFY_TTL_MS,
        "verify-email",
        |link| letters::verify_email(&to, &name, link),
    )
    .await
}

/// Spends link `token` of `purpose` inside `conn`'s transaction: its row when it is genuine,
/// unexpired and not used before (two racing uses: one wins); else `link_expired`.
pub async fn redeem(
    conn: &mut sqlx::AnyConnection,
    token: &str,
    purpose: Purpose,
    now: i64,
) -> ApiResult<TokenRow> {
    let (id, secret) = secrets::parse(token).ok_or_else(link_expired)?;
    let row = store::token(&mut *conn, id, purpose)
        .await?
        .ok_or_else(link_expired)?;
    if !secrets::matches(&row.secret_hash, secret) || row.expires_at <= now {
        return Err(link_expired());
    }
    if !store::spend_token(&mut *conn, id).await? {
        return Err(link_expired());
    }
    Ok(row)
}

/// Sets the password `password_hash` with reset link `token`: the link is spent, every session
/// of the account ends (its sockets on this instance close now, elsewhere at their next
/// session check) and a notice is mailed. Answers the account's id.
pub async fn reset_password(state: &AppState, token: &str, password_hash: &str) -> ApiResult<i64> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    let link = redeem(&mut tx, token, Purpose::Reset, now).await?;
    let ended = store::reset_password(&mut tx, link.user_id, password_hash).await?;
    if let Some((to, name)) = store::address_of(&mut tx, link.user_id).await? {
        mail::enqueue(&mut tx, &letters::password_was_reset(&to, &name), now).await?;
    }
    tx.commit().await?;
    state.mail.wake();
    for hash in &ended {
        state.db.session_cache.forget(hash);
    }
    state.db.session_cache.forget_user(link.user_id);
    state.realtime.hub.close_sessions(link.user_id, None);
    Ok(link.user_id)
}

/// Opens a verification link: a sign-up's marks the address verified, an email change's makes
/// the new address the account's (verified). Answers the address.
pub async fn verify_email(state: &AppState, token: &str) -> ApiResult<String> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    let (link, change) = match redeem(&mut tx, token, Purpose::Verify, now).await {
        Ok(link) => (link, false),
        Err(_) => (redeem(&mut tx, token, Purpose::Email, now).await?, true),
    };
    let email = link.email.clone().ok_or_else(link_expired)?;
    if change {
        if let Err(err) = store::set_email(&mut tx, link.user_id, &email, now).await {
            return Err(match users::duplicate_of(&err) {
                Some(_) => ApiError::Conflict {
                    message: EMAIL_TAKEN.to_owned(),
                    code: "email_taken",
                },
                None => err.into(),
            });
        }
    } else if !store::mark_verified(&mut tx, link.user_id, &email, now).await? {
        return Err(link_expired());
    }
    tx.commit().await?;
    state.db.session_cache.forget_user(link.user_id);
    Ok(email)
}

/// Removes expired links and sign-in challenges (housekeeping).
pub async fn sweep_expired(db: &Db, now: i64) -> Result<(), sqlx::Error> {
    store::delete_expired(db, now).await
}
